//! File and folder names as they may be printed. A name is whatever bytes the
//! filesystem or archive holds, escape sequences included; printed raw they would
//! recolour, retitle or clear the user's terminal. They are stripped the way captures'
//! colour codes are, other control characters become `?`, invalid UTF-8 becomes U+FFFD.

use crate::text::lines::strip_ansi;
use std::ffi::OsStr;

pub fn display_name(name: &OsStr) -> String {
    let raw = name.as_encoded_bytes();
    if !raw.iter().any(|&b| b.is_ascii_control()) && std::str::from_utf8(raw).is_ok() {
        return String::from_utf8_lossy(raw).into_owned();
    }
    let mut stripped = Vec::with_capacity(raw.len());
    strip_ansi(raw, &mut stripped);
    String::from_utf8_lossy(&stripped)
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_and_controls_are_removed() {
        let name = |s: &str| display_name(OsStr::new(s));
        assert_eq!(name("mpstat.txt"), "mpstat.txt");
        assert_eq!(name("数据库.txt"), "数据库.txt");
        assert_eq!(name("\x1b[31mred\x1b[0m.txt"), "red.txt");
        assert_eq!(name("\x1b[2J\x1b[Hclear"), "clear");
        assert_eq!(name("bell\x07and\ttab\u{9b}"), "bell?and?tab?");
    }
}
