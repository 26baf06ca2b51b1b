//! `gcc --version`: the system compiler. Case A's OS shipped GCC 6.3.0, too old to
//! emit LSE atomics by default or to know Kunpeng's tsv110 pipeline (GCC ≥ 9.1 does).
//!
//! ```text
//! gcc (GCC) 10.3.1
//! Copyright (C) 2020 Free Software Foundation, Inc.
//! This is free software; see the source for copying conditions.  There is NO
//! ```
//!
//! Facts: `os.gcc_version`, `os.gcc_major`.

use crate::facts::Unit;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct GccVersion;

impl CaptureParser for GccVersion {
    fn tool(&self) -> &'static str {
        "gcc-version"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines().filter(|l| !l.trim().is_empty());
        let first = lines.next()?;
        let copyright = lines.next()?;
        let names_gcc =
            first.starts_with("gcc ") || first.starts_with("gcc-") || first.contains("-gcc ");
        (names_gcc && copyright.contains("Free Software Foundation")).then_some(90)
    }

    fn starts_section(&self, line: &str) -> bool {
        (line.starts_with("gcc (") || line.starts_with("gcc-")) && version_in(line).is_some()
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            if text.trim().is_empty() {
                continue;
            }
            let Some(version) = version_in(&text) else {
                return Err(ParseError::at(
                    line.number,
                    "the first line names no GCC version",
                ));
            };
            if let Some(major) = major_of(&version) {
                sink.number("os.gcc_major", major, Unit::None, line.number);
            }
            sink.text("os.gcc_version", version, line.number);
            return Ok(());
        }
        Err(ParseError::whole_file("empty gcc --version output"))
    }
}

/// The first `N.N[.N]` after the parenthesised package name: `gcc (Debian 12.2.0-14)
/// 12.2.0` → `12.2.0`, ` (GNU) 6.3.0 20170516` → `6.3.0`.
pub fn version_in(text: &str) -> Option<String> {
    let after = match text.find(')') {
        Some(close) => &text[close + 1..],
        None => text,
    };
    after
        .split_whitespace()
        .find(|w| {
            w.contains('.')
                && w.split('.')
                    .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        })
        .map(str::to_string)
}

pub fn major_of(version: &str) -> Option<f64> {
    version.split('.').next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_version_after_the_package_name() {
        assert_eq!(
            version_in("gcc (Debian 12.2.0-14+deb12u1) 12.2.0").as_deref(),
            Some("12.2.0")
        );
        assert_eq!(
            version_in(" (GNU) 6.3.0 20170516").as_deref(),
            Some("6.3.0")
        );
        assert_eq!(version_in("gcc (GCC) 10.3.1").as_deref(), Some("10.3.1"));
        assert_eq!(
            version_in("gcc (Ubuntu 9.4.0-1ubuntu1~20.04.2) 9.4.0").as_deref(),
            Some("9.4.0")
        );
        assert_eq!(version_in("no version here"), None);
    }
}
