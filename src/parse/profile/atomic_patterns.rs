//! How a hot function does its atomics, read from its annotated instructions.
//!
//! On aarch64 an atomic read-modify-write is either an exclusive-monitor retry loop
//! (ARMv8.0: `ldaxr` … `stlxr` … `cbnz` back to the load, retried whenever another
//! core touched the line) or one LSE instruction (ARMv8.1: `casal`, `ldadd`, `swp` …).
//! On x86 it is a `lock`-prefixed instruction (or `xchg` with memory, locked
//! implicitly), and a spin lock waits in a loop around `pause`.
//!
//! A loop's share is every instruction from the branch target to the backward branch.
//! A single atomic instruction's share includes the instruction after it: a sample
//! is charged to the instruction after the one that stalled (skid), as the x86
//! fixture shows (`xchg` 0.28 %, the `test` after it 53.33 %).

use super::annotate_instruction::Instruction;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arch {
    Aarch64,
    X86_64,
}

impl Arch {
    pub fn name(self) -> &'static str {
        match self {
            Arch::Aarch64 => "aarch64",
            Arch::X86_64 => "x86_64",
        }
    }
}

/// Shares of a function's samples, in percent.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct AtomicShares {
    /// aarch64: in exclusive load/store retry loops.
    pub exclusive_loop: f64,
    /// aarch64: on LSE atomic instructions.
    pub lse: f64,
    /// x86: on locked instructions.
    pub locked: f64,
    /// x86: in loops around `pause`.
    pub pause_loop: f64,
}

const X86_REGISTERS: &[&str] = &[
    "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp", "eax", "ebx", "ecx", "edx", "esi",
    "edi", "rip",
];

/// `%eax` (AT&T) or `rax` (Intel) for x86; `w1`, `x29`, `sp`, `xzr` for aarch64.
fn register_arch(operands: &str) -> Option<Arch> {
    if operands.contains('%') {
        return Some(Arch::X86_64);
    }
    for word in operands.split(|c: char| !c.is_ascii_alphanumeric()) {
        if X86_REGISTERS.contains(&word) {
            return Some(Arch::X86_64);
        }
        let mut chars = word.chars();
        let arm_register = matches!(chars.next(), Some('w' | 'x'))
            && !chars.as_str().is_empty()
            && chars.as_str().parse::<u8>().is_ok_and(|n| n <= 30);
        if arm_register || matches!(word, "sp" | "xzr" | "wzr") {
            return Some(Arch::Aarch64);
        }
    }
    None
}

/// How many instructions' registers point to each architecture.
#[derive(Debug, Default, Clone, Copy)]
pub struct ArchVotes {
    aarch64: u64,
    x86_64: u64,
}

impl ArchVotes {
    pub fn count(&mut self, instructions: &[Instruction]) {
        for i in instructions {
            match register_arch(&i.operands) {
                Some(Arch::Aarch64) => self.aarch64 += 1,
                Some(Arch::X86_64) => self.x86_64 += 1,
                None if i.lock_prefix || i.mnemonic == "pause" => self.x86_64 += 1,
                None => {}
            }
        }
    }

    /// The architecture most instructions point to.
    pub fn winner(self) -> Option<Arch> {
        match (self.aarch64, self.x86_64) {
            (0, 0) => None,
            (a, x) if a > x => Some(Arch::Aarch64),
            _ => Some(Arch::X86_64),
        }
    }
}

/// `ldxr`, `ldaxr`, `ldxp`, `ldaxrb` …
fn is_load_exclusive(m: &str) -> bool {
    m.strip_prefix("ld")
        .map(|r| r.strip_prefix('a').unwrap_or(r))
        .is_some_and(|r| matches!(r, "xr" | "xrb" | "xrh" | "xp"))
}

/// `stxr`, `stlxr`, `stxp`, `stlxrb` …
fn is_store_exclusive(m: &str) -> bool {
    m.strip_prefix("st")
        .map(|r| r.strip_prefix('l').unwrap_or(r))
        .is_some_and(|r| matches!(r, "xr" | "xrb" | "xrh" | "xp"))
}

/// ARMv8.1 LSE atomics: `cas*`, `swp*`, `ld<op>*` and `st<op>*`.
fn is_lse(m: &str) -> bool {
    const OPS: &[&str] = &["add", "clr", "eor", "set", "smax", "smin", "umax", "umin"];
    if m.starts_with("cas") || m.starts_with("swp") {
        return true;
    }
    ["ld", "st"].iter().any(|p| {
        m.strip_prefix(p)
            .is_some_and(|rest| OPS.iter().any(|op| rest.starts_with(op)))
    })
}

fn is_arm_branch(m: &str) -> bool {
    matches!(m, "b" | "cbz" | "cbnz" | "tbz" | "tbnz") || m.starts_with("b.")
}

fn is_x86_locked(i: &Instruction) -> bool {
    // A memory operand: `0x2e40(%rip)` in AT&T syntax, `[rip+0x2e40]` in Intel's.
    i.lock_prefix
        || (i.mnemonic.starts_with("xchg")
            && (i.operands.contains('(') || i.operands.contains('[')))
}

/// Marks, for each backward branch whose loop holds instructions `wanted` accepts,
/// every instruction of the loop.
fn mark_loops(
    instructions: &[Instruction],
    is_branch: impl Fn(&str) -> bool,
    wanted: impl Fn(&[Instruction]) -> bool,
    marked: &mut [bool],
) {
    for (end, branch) in instructions.iter().enumerate() {
        let Some(target) = branch.target else {
            continue;
        };
        if !is_branch(&branch.mnemonic) || target > branch.address {
            continue;
        }
        let Some(start) = instructions[..=end]
            .iter()
            .position(|i| i.address >= target)
        else {
            continue;
        };
        if wanted(&instructions[start..=end]) {
            marked[start..=end].iter_mut().for_each(|m| *m = true);
        }
    }
}

/// Marks each instruction `is_atomic` accepts and the one after it (skid).
fn mark_with_skid(
    instructions: &[Instruction],
    is_atomic: impl Fn(&Instruction) -> bool,
    marked: &mut [bool],
) {
    for (at, i) in instructions.iter().enumerate() {
        if is_atomic(i) {
            let end = (at + 1).min(instructions.len() - 1);
            marked[at..=end].iter_mut().for_each(|m| *m = true);
        }
    }
}

fn share(instructions: &[Instruction], marked: &[bool]) -> f64 {
    instructions
        .iter()
        .zip(marked)
        .filter(|(_, m)| **m)
        .fold(0.0, |sum, (i, _)| sum + i.pct)
}

/// The shares of one function's samples in each kind of atomic code.
pub fn atomic_shares(instructions: &[Instruction], arch: Arch) -> AtomicShares {
    let mut shares = AtomicShares::default();
    let mut marked = vec![false; instructions.len()];
    match arch {
        Arch::Aarch64 => {
            mark_loops(
                instructions,
                is_arm_branch,
                |body| {
                    body.iter().any(|i| is_load_exclusive(&i.mnemonic))
                        && body.iter().any(|i| is_store_exclusive(&i.mnemonic))
                },
                &mut marked,
            );
            shares.exclusive_loop = share(instructions, &marked);
            let mut lse = vec![false; instructions.len()];
            mark_with_skid(instructions, |i| is_lse(&i.mnemonic), &mut lse);
            shares.lse = share(instructions, &lse);
        }
        Arch::X86_64 => {
            mark_with_skid(instructions, is_x86_locked, &mut marked);
            shares.locked = share(instructions, &marked);
            let mut pause = vec![false; instructions.len()];
            mark_loops(
                instructions,
                |m| m.starts_with('j'),
                |body| body.iter().any(|i| i.mnemonic == "pause"),
                &mut pause,
            );
            shares.pause_loop = share(instructions, &pause);
        }
    }
    shares
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mnemonic_classes() {
        for m in ["ldxr", "ldaxr", "ldaxp", "ldxrb", "ldaxrh"] {
            assert!(is_load_exclusive(m), "{m}");
        }
        for m in ["stxr", "stlxr", "stlxp", "stxrh"] {
            assert!(is_store_exclusive(m), "{m}");
        }
        for m in [
            "cas", "casa", "casal", "caspal", "ldadd", "ldaddal", "swpal", "stadd", "ldset",
            "ldclral", "ldumaxl",
        ] {
            assert!(is_lse(m), "{m}");
        }
        for m in [
            "ldr", "ldp", "ldaxr", "str", "stlxr", "ldur", "ldrsb", "stp",
        ] {
            assert!(!is_lse(m), "{m}");
        }
        assert!(!is_load_exclusive("ldr") && !is_store_exclusive("str"));
    }

    #[test]
    fn xchg_with_memory_is_locked_in_either_syntax() {
        let row = |text| super::super::annotate_instruction::instruction(text, 1).unwrap();
        let att = row("    0.28 :   11fa:   xchg   %eax,0x2e40(%rip)        # 4040 <lock>");
        let intel = row("    0.28 :   11fa:   xchg   eax,DWORD PTR [rip+0x2e40]");
        let registers = row("    0.28 :   11fa:   xchg   %eax,%edx");
        assert!(is_x86_locked(&att) && is_x86_locked(&intel));
        assert!(!is_x86_locked(&registers));
        let mut votes = ArchVotes::default();
        votes.count(&[intel]);
        assert_eq!(votes.winner(), Some(Arch::X86_64));
    }
}
