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
//! operating system. The machine is therefore the word before the last.
//!
//! Facts: `os.kernel` (primary), `host.name` and `cpu.arch` as fallbacks (lscpu and
//! bundle.yaml say them with more authority).

use crate::facts::{Unit, Value};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct Uname;

/// The fields of a `uname -a` line: node name, release, machine.
fn split(line: &str) -> Option<(&str, &str, &str)> {
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
    let machine = match rest.as_slice() {
        [.., machine, os] if os.contains("Linux") => machine,
        [.., machine] => machine,
        [] => return None,
    };
    Some((node, release, machine))
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
            let Some((node, release, machine)) = split(text) else {
                return Err(ParseError::at(
                    n,
                    "not a `uname -a` line (Linux <host> <release> #<build> … <machine>)",
                ));
            };
            if line.cut_off {
                // The release is complete once the build field follows it; the
                // machine may be cut.
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
            Some(("vm", "6.18.44-fc-v1045", "x86_64"))
        );
        assert_eq!(
            split(
                "Linux kp 4.19.90-2112.8.0.0131.oe1.aarch64 #1 SMP Fri Dec 31 11:02:37 CST 2021 aarch64 aarch64 aarch64 GNU/Linux"
            ),
            Some(("kp", "4.19.90-2112.8.0.0131.oe1.aarch64", "aarch64"))
        );
        // The sysstat header also starts with `Linux`, but has no `#<build>` field.
        assert_eq!(
            split("Linux 6.1.0-27-amd64 (perf-lab)   12/02/2026   _x86_64_   (2 CPU)"),
            None
        );
    }
}
