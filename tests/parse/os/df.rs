use crate::support::*;
use perfsage::parse::CaptureStatus;

#[test]
fn df_h_t_of_this_machine_names_each_device_with_type_and_share() {
    let p = parse_fixture("df/df_hT.txt");
    assert_eq!(p.tool(), Some("df"));
    assert_eq!(p.text("fs.vda.mount_point"), "/");
    assert_eq!(p.text("fs.vda.type"), "ext4");
    assert_eq!(p.num("fs.vda.used_pct"), 18.0);
    assert_eq!(p.num("fs.loop0.used_pct"), 100.0);
    assert_eq!(p.num("fs.loop0.avail_kib"), 173.0);
    assert_eq!(p.num("fs.loop0.size_kib"), 59.0 * 1024.0);
    assert_eq!(p.get("fs.loop0.used_pct").provenance.line, 7);
    // tmpfs, devtmpfs and the tool mount are not devices.
    assert!(
        p.keys().iter().all(|k| !k.contains("tmpfs")),
        "{:?}",
        p.keys()
    );
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn posix_blocks_and_capacity() {
    let p = parse_fixture("df/df_kP.txt");
    assert_eq!(p.num("fs.loop0.used_pct"), 100.0);
    let root = std::fs::read_to_string(fixture("df/df_kP.txt")).unwrap();
    let row: Vec<&str> = root
        .lines()
        .find(|l| l.starts_with("/dev/vda "))
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(p.num("fs.vda.size_kib"), row[1].parse::<f64>().unwrap());
    assert_eq!(p.num("fs.vda.avail_kib"), row[3].parse::<f64>().unwrap());
}

#[test]
fn inodes_human_and_plain_and_both_tables_in_one_file() {
    let p = parse_fixture("df/df_ih.txt");
    assert_eq!(p.num("fs.loop1.inodes_used_pct"), 100.0);
    assert_eq!(p.num("fs.loop1.inodes_free"), 0.0);
    assert_eq!(p.num("fs.vda.inodes"), 16.0 * 1024.0 * 1024.0);
    let both = parse_fixture("df/df_h_and_i.txt");
    assert_eq!(both.num("fs.loop0.used_pct"), 100.0);
    assert_eq!(both.num("fs.loop0.inodes_used_pct"), 6.0);
    assert_eq!(both.num("fs.loop1.inodes"), 128.0);
    assert_eq!(both.get("fs.loop1.inodes").provenance.line, 16);
}

#[test]
fn a_long_device_name_on_its_own_line_joins_the_next() {
    let p = parse_fixture("df/df_wrapped_rhel6.txt");
    assert_eq!(p.num("fs.vg_db01-lv_oradata.used_pct"), 96.0);
    assert_eq!(p.num("fs.vg_db01-lv_oradata.avail_kib"), 47_907_392.0);
    assert_eq!(p.text("fs.vg_db01-lv_oradata.mount_point"), "/oradata");
    let lines = &p.get("fs.vg_db01-lv_root.used_pct").provenance;
    assert_eq!((lines.line, lines.line_end), (2, 3));
    assert_eq!(p.num("fs.sda1.used_pct"), 9.0);
}

#[test]
fn truncated_and_garbage_input_warn_or_fail_without_panicking() {
    let text = std::fs::read_to_string(fixture("df/df_hT.txt")).unwrap();
    let cut = &text[..text.len() - 12];
    let p = parse_bytes("df.txt", cut.as_bytes());
    assert!(
        p.report
            .warnings
            .iter()
            .any(|w| w.message.contains("cut off")),
        "{:?}",
        p.report.warnings
    );
    let dangling = parse_bytes(
        "df.txt",
        b"Filesystem 1K-blocks Used Available Use% Mounted on\n/dev/sda1 100 50 50 50% /\n/dev/mapper/very-long\n",
    );
    assert!(
        dangling
            .report
            .warnings
            .iter()
            .any(|w| w.message.contains("has no row after it")),
        "{:?}",
        dangling.report.warnings
    );
    let noise = parse_bytes(
        "df.txt",
        b"Filesystem 1K-blocks Used Available Use% Mounted on\n\xff\xfe garbage here\n",
    );
    assert!(
        !matches!(noise.report.status, CaptureStatus::Parsed),
        "{:?}",
        noise.report.status
    );
    let binary = parse_bytes(
        "df.txt",
        b"Filesystem 1K-blocks Used Available Use% Mounted on\n\x00\x01",
    );
    assert!(
        matches!(&binary.report.status, CaptureStatus::Unrecognized { reason } if reason.contains("NUL")),
        "{:?}",
        binary.report.status
    );
}
