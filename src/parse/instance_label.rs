//! Turns a name a tool printed (an interface, a device path, a ping target, a PCI
//! address) into the label segment of a fact key. Keys are dotted, so a label must not
//! contain a dot; anything outside `[A-Za-z0-9_-]` becomes `_` (`0000:05:00.0` →
//! `0000_05_00_0`, `10.0.0.2` → `10_0_0_2`, `eth0/100` → `eth0_100`).

/// The label for `name`; `None` when nothing usable is left (empty or all blanks).
pub fn instance_label(name: &str) -> Option<String> {
    let name = name.trim();
    if name.is_empty() {
        return None;
    }
    Some(
        name.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect(),
    )
}

/// `instance_label` of raw bytes as a tool printed them; empty when nothing usable is
/// left.
pub fn label_from_bytes(name: &[u8]) -> String {
    instance_label(&String::from_utf8_lossy(name)).unwrap_or_default()
}

/// The last path component of a device or file path (`/dev/mapper/vg-data` →
/// `vg-data`), as a label.
pub fn device_label(path: &str) -> Option<String> {
    let path = path.trim().trim_end_matches('/');
    instance_label(path.rsplit('/').next().unwrap_or(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_have_no_dots_or_separators() {
        assert_eq!(instance_label("eth0").as_deref(), Some("eth0"));
        assert_eq!(
            instance_label("0000:05:00.0").as_deref(),
            Some("0000_05_00_0")
        );
        assert_eq!(instance_label("10.0.0.2").as_deref(), Some("10_0_0_2"));
        assert_eq!(instance_label("eth0/100").as_deref(), Some("eth0_100"));
        assert_eq!(instance_label("db host").as_deref(), Some("db_host"));
        assert_eq!(instance_label("  "), None);
    }

    #[test]
    fn device_labels_keep_the_last_component() {
        assert_eq!(device_label("/dev/nvme0n1p1").as_deref(), Some("nvme0n1p1"));
        assert_eq!(
            device_label("/dev/mapper/vg-data").as_deref(),
            Some("vg-data")
        );
        assert_eq!(device_label("/tmp/x.img").as_deref(), Some("x_img"));
        assert_eq!(device_label("/"), None);
    }
}
