//! `vmstat -d`: the last sample's since-boot counters per device, and with `-t` the
//! rates between stamped tables. Expected values are read off the fixtures' rows.

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
    assert!(!p.has("disk.vda.r_per_s"), "no stamps, no rates");
    let [warning] = &p.report.warnings[..] else {
        panic!("{:?}", p.report.warnings);
    };
    assert!(warning.message.contains("3 tables without time stamps"));
}

/// The fixture's `vda` rows: ten counters each.
fn vda_rows(relative: &str) -> Vec<Vec<f64>> {
    String::from_utf8(read(relative))
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("vda "))
        .map(|l| {
            l.split_whitespace()
                .skip(1)
                .take(10)
                .map(|v| v.parse().unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn stamped_tables_give_rates_under_iostats_keys() {
    let relative = "vmstat/vmstat_d_t_2_4_fio.txt";
    let p = parse_fixture(relative);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    let rows = vda_rows(relative);
    assert_eq!(rows.len(), 4);
    // Each table is two seconds after the one before (`vmstat -d -t 2 4`).
    let grew = |i: usize, at: usize| rows[i][at] - rows[i - 1][at];
    let reads = p.series("disk.vda.r_per_s");
    assert_eq!(reads.interval_s, Some(2.0));
    assert_eq!(reads.points.len(), 3);
    for i in 1..4 {
        close(reads.points[i - 1], grew(i, 0) / 2.0);
        close(p.series("disk.vda.w_per_s").points[i - 1], grew(i, 4) / 2.0);
        close(
            p.series("disk.vda.io_per_s").points[i - 1],
            (grew(i, 0) + grew(i, 4)) / 2.0,
        );
        close(
            p.series("disk.vda.rkb_per_s").points[i - 1],
            grew(i, 2) / 4.0,
        );
        close(
            p.series("disk.vda.wkb_per_s").points[i - 1],
            grew(i, 6) / 4.0,
        );
        close(
            p.series("disk.vda.r_await_ms").points[i - 1],
            grew(i, 3) / grew(i, 0),
        );
        close(
            p.series("disk.vda.await_ms").points[i - 1],
            (grew(i, 3) + grew(i, 7)) / (grew(i, 0) + grew(i, 4)),
        );
    }
    // fio's 4 KiB random reads at ~31k IOPS show as such.
    assert!(reads.avg > 20_000.0, "{}", reads.avg);
    // Nothing derived from `sec`, which counts whole seconds.
    assert!(!p.has("disk.vda.util_pct"));
    // The totals are the last table's, as without -t.
    assert_eq!(p.num("disk.vda.reads_since_boot"), rows[3][0]);
}

#[test]
fn a_counter_that_goes_back_gives_no_rate_for_that_interval() {
    let text = String::from_utf8(read("vmstat/vmstat_d_t_2_4_fio.txt")).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("vda ")).collect();
    // The third table's reads are set below the second's, as after a device reset.
    let reset = rows[2].replacen("1787611", "0000011", 1);
    let changed = text.replace(rows[2], &reset);
    let (facts, _) = run_parser(&VmstatDisk, changed.as_bytes()).unwrap();
    let reads = facts.iter().find(|f| f.key == "disk.vda.r_per_s").unwrap();
    let perfsage::facts::Value::Series(series) = &reads.value else {
        panic!("{reads:?}");
    };
    // Intervals 1→2 and 3→4 remain; 2→3 is gone.
    assert_eq!(series.points.len(), 2);
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
    assert!(
        warnings
            .iter()
            .all(|w| w.message.contains("without time stamps")),
        "{warnings:?}"
    );
}
