//! `uname -a` (coreutils): kernel release, host name and machine in one line. The
//! kernel release tells which tuning advice applies (an openEuler 4.19 kernel with 4 KB
//! pages versus one built for 64 KB pages), and the host name ties captures together.
//!
//! ```text
//! Linux vm 6.18.44-fc-v1045 #1 SMP PREEMPT_DYNAMIC @0 x86_64 GNU/Linux
//! Linux kp-db01 4.19.90-2112.8.0.0131.oe1.aarch64 #1 SMP Fri Dec 31 11:02:37 CST 2021 aarch64 aarch64 aarch64 GNU/Linux
//! ```
//!
//! The fields are kernel name, node name, release, version (`#1 SMP …`, several words),
//! machine, then processor and hardware platform (left out when unknown) and the
//! operating system. The machine is the first of the architecture names at the end:
//! `i686 i686 i386 GNU/Linux` is an i686 machine on the i386 platform.
//!
//! Facts: `os.kernel` (primary), `host.name` and `cpu.arch` as fallbacks (lscpu and
//! bundle.yaml say them with more authority).

use crate::facts::{Unit, Value};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct Uname;

/// The fields of a `uname -a` line: node name, release, machine, and whether the line
/// ends with the operating system (so the machine before it is whole).
fn split(line: &str) -> Option<(&str, &str, &str, bool)> {
    let mut words = line.split_whitespace();
    if words.next()? != "Linux" {
        return None;
    }
    let node = words.next()?;
    let release = words.next()?;
    let version = words.next()?;
    if !(version.starts_with('#') && version[1..].starts_with(|c: char| c.is_ascii_digit())) {
        return None;
    }
    let rest: Vec<&str> = words.collect();
    let (before_os, complete) = match rest.as_slice() {
        [before @ .., os] if os.contains("Linux") => (before, true),
        all => (all, false),
    };
    let last = before_os.len().checked_sub(1)?;
    // Machine, processor and platform: up to three architecture names before the OS.
    let first_arch = (last.saturating_sub(2)..=last)
        .find(|&i| (i..=last).all(|j| is_architecture(before_os[j])))
        .unwrap_or(last);
    Some((node, release, before_os[first_arch], complete))
}

/// Whether a word names a machine architecture as the kernel reports it.
fn is_architecture(word: &str) -> bool {
    const PREFIXES: [&str; 12] = [
        "x86_64",
        "aarch64",
        "arm",
        "ppc",
        "s390",
        "riscv",
        "mips",
        "loongarch",
        "sparc",
        "ia64",
        "sw_64",
        "alpha",
    ];
    let bytes = word.as_bytes();
    let i86 = bytes.len() == 4
        && bytes[0] == b'i'
        && (b'3'..=b'6').contains(&bytes[1])
        && &bytes[2..] == b"86";
    i86 || PREFIXES.iter().any(|p| word.starts_with(p))
}

impl CaptureParser for Uname {
    fn tool(&self) -> &'static str {
        "uname"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let first = head.lines().map(str::trim).find(|l| !l.is_empty())?;
        split(first).map(|_| 90)
    }

    fn starts_section(&self, line: &str) -> bool {
        split(line.trim()).is_some()
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let n = line.number;
            let Some((node, release, machine, complete)) = split(text) else {
                return Err(ParseError::at(
                    n,
                    "not a `uname -a` line (Linux <host> <release> #<build> … <machine>)",
                ));
            };
            if line.cut_off && !complete {
                // The release is complete once the build field follows it; the
                // machine may be cut unless the operating system follows it.
                sink.warn(n, "line is cut off (truncated file); machine ignored");
            } else {
                sink.put_fallback("cpu.arch", text_value(machine), Unit::None, (n, n));
            }
            sink.text("os.kernel", release, n);
            sink.put_fallback("host.name", text_value(node), Unit::None, (n, n));
            return Ok(());
        }
        Err(ParseError::whole_file("empty: no `uname -a` line"))
    }
}

fn text_value(value: &str) -> Value {
    Value::Text(value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_release_and_machine() {
        assert_eq!(
            split("Linux vm 6.18.44-fc-v1045 #1 SMP PREEMPT_DYNAMIC @0 x86_64 GNU/Linux"),
            Some(("vm", "6.18.44-fc-v1045", "x86_64", true))
        );
        assert_eq!(
            split(
                "Linux kp 4.19.90-2112.8.0.0131.oe1.aarch64 #1 SMP Fri Dec 31 11:02:37 CST 2021 aarch64 aarch64 aarch64 GNU/Linux"
            ),
            Some(("kp", "4.19.90-2112.8.0.0131.oe1.aarch64", "aarch64", true))
        );
        // A 32-bit PC: machine i686, hardware platform i386.
        assert_eq!(
            split("Linux box 4.4.0-21-generic #37-Ubuntu SMP Mon Apr 18 18:34:49 UTC 2016 i686 i686 i686 GNU/Linux")
                .map(|f| f.2),
            Some("i686")
        );
        assert_eq!(
            split("Linux old 2.6.32-754.el6.i686 #1 SMP Tue Jun 19 21:51:20 UTC 2018 i686 i686 i386 GNU/Linux")
                .map(|f| f.2),
            Some("i686")
        );
        // Without the OS field (cut, or `uname -snrvm`) the last word is the machine.
        assert_eq!(
            split("Linux vm 6.1.0 #1 SMP Debian 6.1.112-1 (2024-09-30) x86_64"),
            Some(("vm", "6.1.0", "x86_64", false))
        );
        // The sysstat header also starts with `Linux`, but has no `#<build>` field.
        assert_eq!(
            split("Linux 6.1.0-27-amd64 (perf-lab)   12/02/2026   _x86_64_   (2 CPU)"),
            None
        );
    }
}
