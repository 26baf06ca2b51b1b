//! `vmstat -d`: the last sample's since-boot counters per device. Expected values are
//! read off the fixture's last table.

use crate::support::*;
use perfsage::parse::activity::vmstat_disk::VmstatDisk;

#[test]
fn last_sample_counters_per_device() {
    let p = parse_fixture("vmstat/vmstat_d_1_3.txt");
    assert_eq!(p.tool(), Some("vmstat"));
    assert_eq!(p.num("disk.vda.reads_since_boot"), 552161.0);
    assert_eq!(p.num("disk.vda.read_kib_since_boot"), 22426498.0 / 2.0);
    assert_eq!(p.num("disk.vda.writes_since_boot"), 642350.0);
    assert_eq!(p.num("disk.vda.written_kib_since_boot"), 115383976.0 / 2.0);
    assert_eq!(p.num("disk.vda.io_in_progress"), 0.0);
    assert_eq!(p.num("disk.vda.busy_s_since_boot"), 157.0);
    assert_eq!(line_range(p.get("disk.vda.reads_since_boot")), (35, 35));
    assert!(!p.keys().iter().any(|k| k.starts_with("disk.loop0.")));
    assert!(!p.has("cpu.util_pct"), "not plain vmstat");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn empty_garbage_truncated_and_no_final_newline() {
    assert!(run_parser(&VmstatDisk, b"").is_err());
    assert!(run_parser(&VmstatDisk, b"disk- reads writes\nvda x y z\n").is_err());
    let full = String::from_utf8(read("vmstat/vmstat_d_1_3.txt")).unwrap();
    // Cut inside the last table's vda row: the second table's vda row is kept.
    let cut = full.rfind("vda").unwrap() + 20;
    let (facts, warnings) = run_parser(&VmstatDisk, &full.as_bytes()[..cut]).unwrap();
    let reads = facts
        .iter()
        .find(|f| f.key == "disk.vda.reads_since_boot")
        .unwrap();
    assert_eq!(reads.value, perfsage::facts::Value::Number(548338.0));
    assert!(
        warnings.iter().any(|w| w.message.contains("cut off")),
        "{warnings:?}"
    );
    let (facts, warnings) = run_parser(&VmstatDisk, full.trim_end().as_bytes()).unwrap();
    assert!(facts.iter().any(|f| f.key == "disk.vda.busy_s_since_boot"));
    assert!(warnings.is_empty(), "{warnings:?}");
}
