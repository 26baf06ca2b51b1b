//! Instance names (devices, interfaces, fio jobs) as the middle segment of a dotted
//! fact key: a dot, blank or slash would split or blur the key, so each becomes `_`
//! (`eth0.100` → `eth0_100`, `/dev/sda` → `_dev_sda`). Shared by sar, nmon and fio.

pub fn sanitize(name: &[u8]) -> String {
    String::from_utf8_lossy(name)
        .chars()
        .map(|c| match c {
            '.' | '/' | ',' => '_',
            c if c.is_whitespace() => '_',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_blanks_and_slashes_become_underscores() {
        assert_eq!(sanitize(b"eth0.100"), "eth0_100");
        assert_eq!(sanitize(b"/dev/sda"), "_dev_sda");
        assert_eq!(sanitize(b"rand read"), "rand_read");
        assert_eq!(sanitize(b"dev8-0"), "dev8-0");
    }
}
