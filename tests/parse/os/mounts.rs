use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::os::mounts::Mounts;

#[test]
fn mount_output_of_this_machine() {
    let p = parse_fixture("mounts/mount_t_ext4_xfs.txt");
    assert_eq!(p.tool(), Some("mounts"));
    assert_eq!(p.text("fs.vda.mount_point"), "/");
    assert_eq!(p.text("fs.vda.type"), "ext4");
    assert_eq!(
        p.text("fs.vda.options"),
        "rw,relatime,discard,resv_strict,resuid=65534,resgid=65534"
    );
    // A loop-mounted image is named after its file.
    assert_eq!(p.text("fs.xfs8k_img.mount_point"), "/mnt/xfs8k");
    assert_eq!(p.text("fs.xfs8k_img.type"), "xfs");
    assert_eq!(p.get("fs.xfs8k_img.type").provenance.line, 3);
    assert_eq!(p.facts.len(), 9);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn proc_mounts_of_this_machine() {
    let p = parse_fixture("mounts/proc_mounts_dev.txt");
    assert_eq!(p.text("fs.loop1.mount_point"), "/mnt/xfs8k");
    assert_eq!(p.text("fs.loop1.type"), "xfs");
    assert!(p.text("fs.loop1.options").starts_with("rw,noatime,"));
}

#[test]
fn proc_mounts_of_a_database_server_skips_virtual_file_systems() {
    let p = parse_fixture("mounts/proc_mounts_kunpeng.txt");
    assert_eq!(p.text("fs.nvme0n1.mount_point"), "/data");
    assert_eq!(p.text("fs.nvme0n1.type"), "xfs");
    assert_eq!(
        p.text("fs.nvme0n1.options"),
        "rw,noatime,nodiratime,attr2,inode64,logbufs=8,logbsize=32k,noquota"
    );
    assert_eq!(p.text("fs.nvme1n1.mount_point"), "/wal");
    assert_eq!(p.text("fs.openeuler-root.mount_point"), "/");
    assert_eq!(p.text("fs.sda1.type"), "vfat");
    // nvme0n1, nvme1n1, openeuler-root, openeuler-home, sda1, sda2: three facts each.
    assert_eq!(p.facts.len(), 18);
    assert!(
        !p.keys()
            .iter()
            .any(|k| k.contains("tmpfs") || k.contains("proc"))
    );
}

#[test]
fn fstab_and_config_files_are_not_mounts() {
    let fstab = "# /etc/fstab\nUUID=0a1b /data xfs defaults,noatime 0 0\n/dev/sda2 /boot ext4 defaults 1 2\n";
    assert_eq!(Mounts.sniff(fstab), None);
    assert_eq!(Mounts.sniff("shared_buffers = 128MB\n"), None);
}

#[test]
fn bind_mounts_keep_the_first_mount_point() {
    let input = b"/dev/vda / ext4 rw,relatime 0 0\n/dev/vda /etc/hosts ext4 rw,relatime 0 0\n/dev/sdb1 /mnt/my\\040data xfs rw 0 0\n";
    let (facts, warnings) = run_parser(&Mounts, input).unwrap();
    let point = |key: &str| facts.iter().find(|f| f.key == key).unwrap().value.clone();
    assert_eq!(point("fs.vda.mount_point"), text("/"));
    assert_eq!(point("fs.sdb1.mount_point"), text("/mnt/my data"));
    assert!(warnings.is_empty());
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Mounts, b"").is_err());
    assert!(run_parser(&Mounts, b"on on on type (\n\xff\n").is_err());
}

#[test]
fn truncated_capture_keeps_complete_lines() {
    let full = read("mounts/mount_t_ext4_xfs.txt");
    let cut = full.len() - 20;
    let (facts, warnings) = run_parser(&Mounts, &full[..cut]).unwrap();
    assert!(facts.iter().any(|f| f.key == "fs.xfs4k_img.type"));
    assert!(!facts.iter().any(|f| f.key == "fs.xfs8k_img.type"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 3);
    assert!(warnings[0].message.contains("cut off"));
}
