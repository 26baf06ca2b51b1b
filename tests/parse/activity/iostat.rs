use crate::support::*;
use perfsage::parse::activity::iostat::Iostat;
use perfsage::parse::sink::Strength;

#[test]
fn device_series_skip_the_since_boot_report() {
    let p = parse_fixture("iostat/iostat_x_fio.txt");
    assert_eq!(p.tool(), Some("iostat"));
    let util = p.series("disk.vda.util_pct");
    assert_eq!(util.count, 5, "the first of six reports is since boot");
    close(util.avg, (90.8 + 87.6 + 85.6 + 91.2 + 86.0) / 5.0);
    close(util.max, 91.2);
    assert_eq!(
        (
            p.get("disk.vda.util_pct").provenance.line,
            p.get("disk.vda.util_pct").provenance.line_end
        ),
        (14, 42)
    );
    close(p.series("disk.vda.r_per_s").avg, 24703.2);
    close(p.series("disk.vda.wkb_per_s").min, 93640.0);
    close(p.series("disk.vda.aqu_sz").max, 24.32);
    close(p.series("disk.vda.r_await_ms").avg, 0.478);
    assert!(
        !p.has("disk.vda.await_ms"),
        "the new layout has no combined await"
    );
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn avg_cpu_block_is_a_fallback_cpu_source() {
    let p = parse_fixture("iostat/iostat_x_fio.txt");
    let (fact, strength) = p
        .facts
        .iter()
        .find(|(f, _)| f.key == "cpu.util_pct")
        .unwrap();
    assert_eq!(*strength, Strength::Fallback);
    match &fact.value {
        perfsage::facts::Value::Series(s) => {
            assert_eq!(s.count, 5);
            // 100 − %idle − %iowait of reports 2–6.
            close(s.avg, (19.05 + 19.17 + 19.59 + 20.63 + 17.99) / 5.0);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn time_stamped_reports_give_the_interval() {
    let p = parse_fixture("iostat/iostat_xt.txt");
    assert_eq!(p.series("disk.vda.util_pct").interval_s, Some(1.0));
    assert_eq!(p.series("disk.vda.util_pct").count, 2);
}

#[test]
fn a_single_report_is_kept_with_a_warning() {
    let full = read("iostat/iostat_x_idle.txt");
    let text = String::from_utf8(full).unwrap();
    let first_report: String = text.split("\n\n\n").next().unwrap().to_string() + "\n";
    let (facts, warnings) = run_parser(&Iostat, first_report.as_bytes()).unwrap();
    assert!(facts.iter().any(|f| f.key == "disk.vda.util_pct"));
    assert!(
        warnings.iter().any(|w| w.message.contains("since boot")),
        "{warnings:?}"
    );
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Iostat, b"").is_err());
    assert!(run_parser(&Iostat, b"Device is on fire\n%util\n").is_err());
    assert!(run_parser(&Iostat, &[0xff, 0xfe, 0x00, 0x41]).is_err());
}

#[test]
fn truncated_capture_keeps_complete_reports_and_names_the_cut_line() {
    let full = read("iostat/iostat_x_fio.txt");
    // Cut inside the last device row (line 42).
    let cut = full.len() - 120;
    let (facts, warnings) = run_parser(&Iostat, &full[..cut]).unwrap();
    let util = facts.iter().find(|f| f.key == "disk.vda.util_pct").unwrap();
    match &util.value {
        perfsage::facts::Value::Series(s) => assert_eq!(s.count, 4),
        other => panic!("{other:?}"),
    }
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].message.contains("cut off"), "{warnings:?}");
    assert_eq!(warnings[0].line, 42);
}

#[test]
fn sysstat_10_layout_with_await_and_svctm() {
    let p = parse_fixture("iostat/iostat_x_sysstat10_centos7.txt");
    let util = p.series("disk.sdb.util_pct");
    assert_eq!(util.count, 2);
    close(util.avg, (95.24 + 96.02) / 2.0);
    assert!(p.has("disk.sdb.await_ms") && p.has("disk.sdb.svctm_ms") && p.has("disk.sdb.aqu_sz"));
    assert!(p.has("disk.dm-0.util_pct"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn sysstat_11_layout() {
    let p = parse_fixture("iostat/iostat_x_sysstat11.txt");
    assert_eq!(p.series("disk.nvme0n1.util_pct").count, 2);
    assert!(p.has("disk.sda.r_await_ms") && p.has("disk.sda.svctm_ms"));
    assert!(!p.has("disk.sda.await_ms"));
}

#[test]
fn a_changed_header_is_read_again() {
    // Three reports (the first, since boot, is dropped); the third changes both the
    // avg-cpu and the device header.
    let text = b"Linux 6.1.0 (db) \t12/02/26 \t_x86_64_\t(2 CPU)

avg-cpu:  %user   %nice %system %iowait  %steal   %idle
           9.00    0.00    9.00    9.00    0.00   73.00

Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await r_await w_await  svctm  %util
sda               0.00     0.00   99.00   99.00    99.00    99.00     8.00     0.10    1.00    1.00    1.00   0.50  99.00

avg-cpu:  %user   %nice %system %iowait  %steal   %idle
           1.00    0.00    1.00    0.00    0.00   98.00

Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await r_await w_await  svctm  %util
sda               0.00     0.00   10.00   20.00    40.00    80.00     8.00     0.10    1.00    1.00    1.00   0.50  10.00

avg-cpu:  %user %iowait   %idle
           5.00    1.00   94.00

Device            r/s     w/s   %util
sda             30.00   40.00   50.00

";
    let p = parse_bytes("iostat.txt", text);
    assert_eq!(p.series("disk.sda.util_pct").points, [10.0, 50.0]);
    assert_eq!(p.series("disk.sda.r_per_s").points, [10.0, 30.0]);
    assert_eq!(p.series("disk.sda.svctm_ms").points, [0.5]);
    assert_eq!(p.series("cpu.util_pct").points, [2.0, 5.0]);
    assert_eq!(p.series("cpu.usr_pct").points, [1.0, 5.0]);
    assert_eq!(p.series("cpu.sys_pct").points, [1.0]);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn flushes_per_second_show_a_synchronous_writer() {
    // fio --fsync=1: every write is followed by a flush (f/s column, sysstat 12.6).
    let p = parse_fixture("bundles/disk-bound-fsync/iostat.txt");
    assert_eq!(
        p.series("disk.vda.f_per_s").points,
        [7083.8, 6731.4, 6255.8, 4144.0]
    );
    let old = parse_fixture("iostat/iostat_x_sysstat11.txt");
    assert!(old.keys().iter().all(|k| !k.ends_with(".f_per_s")));
}
