//! One instruction row of `perf annotate --stdio`: the share of the function's samples
//! that landed on it, its address and the disassembly.
//!
//! ```text
//!    53.33 :   1200:   test   %eax,%eax
//!    15.24 :   11d0:   lock addq $0x1,0x2e5f(%rip)        # 4038 <counter>
//!    61.33 :   a4c2e0:   cbnz   w1, a4c2d4 <os_interlock_inc+0x4>
//! ```
//!
//! objdump's trailing comments (`# 4038 <counter>` on x86, `// #1` on arm64) are
//! dropped; an arm64 immediate (`#0x1`) is not a comment. With an event group perf
//! prints one percent column per event; the first is read.

#[derive(Debug, Clone, PartialEq)]
pub struct Instruction {
    /// Share of the function's samples, in percent.
    pub pct: f64,
    pub address: u64,
    /// Lower-case mnemonic without a `lock` prefix (`addq`, `ldaxr`, `b.ne`).
    pub mnemonic: String,
    /// Whether an x86 `lock` prefix came first.
    pub lock_prefix: bool,
    pub operands: String,
    /// Where a branch goes, when the operands name an address (`1208 <f+0x18>`).
    pub target: Option<u64>,
    pub line: u64,
}

fn hex(text: &str) -> Option<u64> {
    let text = text.trim_end_matches(',');
    let digits = text.strip_prefix("0x").unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u64::from_str_radix(digits, 16).ok()
}

fn without_comment(text: &str) -> &str {
    let mut end = text.len();
    for marker in ["//", " # ", "\t# "] {
        if let Some(at) = text.find(marker) {
            end = end.min(at);
        }
    }
    text[..end].trim()
}

/// The address right before a `<symbol+0x…>` token: the branch target.
fn branch_target(operands: &str) -> Option<u64> {
    let tokens: Vec<&str> = operands.split_whitespace().collect();
    let at = tokens.iter().position(|t| t.starts_with('<'))?;
    hex(tokens.get(at.checked_sub(1)?)?)
}

/// Reads `percent : address: instruction`; `None` for any other line.
pub fn instruction(text: &str, line: u64) -> Option<Instruction> {
    let (percents, rest) = text.split_once(':')?;
    let pct = percents.split_whitespace().next()?.parse::<f64>().ok()?;
    if !(0.0..=100.0).contains(&pct) {
        return None;
    }
    let (address, disassembly) = rest.trim_start().split_once(':')?;
    let address = hex(address.trim())?;
    let disassembly = without_comment(disassembly);
    let mut words = disassembly.splitn(2, char::is_whitespace);
    let mut mnemonic = words.next()?.to_ascii_lowercase();
    let mut operands = words.next().unwrap_or("").trim().to_string();
    let lock_prefix = mnemonic == "lock";
    if lock_prefix {
        let mut words = operands.splitn(2, char::is_whitespace);
        mnemonic = words.next().unwrap_or("").to_ascii_lowercase();
        operands = words.next().unwrap_or("").trim().to_string();
    }
    if mnemonic.is_empty() {
        return None;
    }
    Some(Instruction {
        pct,
        address,
        target: branch_target(&operands),
        mnemonic,
        lock_prefix,
        operands,
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x86_and_arm64_rows() {
        let lock = instruction(
            "   15.24 :   11d0:   lock addq $0x1,0x2e5f(%rip)        # 4038 <counter>",
            9,
        )
        .unwrap();
        assert!(lock.lock_prefix);
        assert_eq!(
            (lock.mnemonic.as_str(), lock.operands.as_str()),
            ("addq", "$0x1,0x2e5f(%rip)")
        );
        assert_eq!(lock.target, None);
        let branch = instruction(
            "   61.33 :   a4c2e0:   cbnz   w1, a4c2d4 <os_interlock_inc+0x4>",
            3,
        )
        .unwrap();
        assert_eq!(branch.target, Some(0xa4c2d4));
        assert_eq!(branch.address, 0xa4c2e0);
        let immediate =
            instruction("    2.11 :   a4c2d0:   mov    w1, #0x1      \t// #1", 1).unwrap();
        assert_eq!(immediate.operands, "w1, #0x1");
        assert!(instruction("         : 5    00000000000011d0 <atomic_bump>:", 5).is_none());
    }
}
