use crate::support::*;
use perfsage::facts::Unit;
use perfsage::parse::CaptureParser;
use perfsage::parse::os::xfs_info::XfsInfo;

#[test]
fn loop_mounted_file_systems_of_this_machine() {
    let p = parse_fixture("xfs-info/xfs_info_4k_loop.txt");
    assert_eq!(p.tool(), Some("xfs-info"));
    assert_eq!(p.text("fs.loop0.type"), "xfs");
    close(p.num("fs.loop0.block_size_kib"), 4.0);
    assert_eq!(p.get("fs.loop0.block_size_kib").unit, Unit::Kibibytes);
    assert_eq!(p.get("fs.loop0.block_size_kib").provenance.line, 5);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);

    let p = parse_fixture("xfs-info/xfs_info_8k_loop.txt");
    close(p.num("fs.loop1.block_size_kib"), 8.0);
}

#[test]
fn two_outputs_in_one_file() {
    let p = parse_fixture("xfs-info/xfs_info_kunpeng_data_wal.txt");
    close(p.num("fs.nvme0n1.block_size_kib"), 8.0);
    close(p.num("fs.nvme1n1.block_size_kib"), 4.0);
    assert_eq!(p.get("fs.nvme1n1.block_size_kib").provenance.line, 15);
    assert_eq!(p.facts.len(), 4);
}

#[test]
fn other_key_value_output_is_not_xfs_info() {
    assert_eq!(XfsInfo.sniff("data = 1\nmeta = 2\n"), None);
    let mpstat = String::from_utf8(read("mpstat/mpstat_idle.txt")).unwrap();
    assert_eq!(XfsInfo.sniff(&mpstat), None);
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&XfsInfo, b"").is_err());
    assert!(run_parser(&XfsInfo, b"meta-data=\ndata = bsize=abc\n").is_err());
    assert!(run_parser(&XfsInfo, b"\x00\x01\x02 = = =\n").is_err());
}

#[test]
fn truncated_capture_keeps_the_complete_output() {
    let full = read("xfs-info/xfs_info_kunpeng_data_wal.txt");
    // Cut inside the second output's `data` line (line 15).
    let start: usize = full
        .split(|b| *b == b'\n')
        .take(14)
        .map(|l| l.len() + 1)
        .sum();
    let (facts, warnings) = run_parser(&XfsInfo, &full[..start + 30]).unwrap();
    assert!(facts.iter().any(|f| f.key == "fs.nvme0n1.block_size_kib"));
    assert!(!facts.iter().any(|f| f.key == "fs.nvme1n1.block_size_kib"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 15);
}

#[test]
fn the_meta_data_line_starts_a_section() {
    assert!(XfsInfo.starts_section("meta-data=/dev/nvme0n1           isize=512"));
    assert!(!XfsInfo.starts_section("data     =                       bsize=8192"));
}
