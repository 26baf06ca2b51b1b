use crate::support::*;
use perfsage::parse::activity::mpstat::Mpstat;

#[test]
fn all_cpu_and_per_cpu_series_from_a_24h_capture() {
    let p = parse_fixture("mpstat/mpstat_all_24h.txt");
    assert_eq!(p.tool(), Some("mpstat"));
    let util = p.series("cpu.util_pct");
    assert_eq!(util.count, 5, "Average rows are not samples");
    close(util.avg, 100.0);
    close(p.series("cpu.usr_pct").avg, 99.5);
    close(p.series("cpu.steal_pct").avg, 0.3);
    close(p.series("cpu.sys_pct").max, 0.5);
    close(p.series("cpu.0.util_pct").min, 100.0);
    assert_eq!(p.series("cpu.1.util_pct").count, 5);
    assert_eq!(util.interval_s, Some(1.0));
    let fact = p.get("cpu.util_pct");
    assert_eq!(line_range(fact), (4, 24));
    close(p.num("cpu.count"), 2.0);
    assert_eq!(p.text("host.name"), "vm");
    assert_eq!(p.text("os.kernel"), "6.18.44-fc-v1045");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn twelve_hour_time_stamps_parse_like_24_hour_ones() {
    for file in [
        "mpstat/mpstat_all_12h.txt",
        "mpstat/mpstat_all_12h_tz_kolkata.txt",
    ] {
        let p = parse_fixture(file);
        assert_eq!(p.series("cpu.util_pct").count, 5, "{file}");
        assert_eq!(p.series("cpu.util_pct").interval_s, Some(1.0), "{file}");
        assert!(p.series("cpu.util_pct").avg > 95.0, "{file}");
    }
}

#[test]
fn idle_capture_shows_idle_cpus() {
    let p = parse_fixture("mpstat/mpstat_idle.txt");
    assert!(p.series("cpu.util_pct").max < 10.0);
}

#[test]
fn iowait_is_not_busy_time() {
    let p = parse_fixture("bundles/disk-bound-fsync/mpstat.txt");
    let util = p.series("cpu.util_pct").avg;
    let iowait = p.series("cpu.iowait_pct").avg;
    assert!(iowait > 30.0, "the fsync load waits on I/O: {iowait}");
    assert!(util + iowait < 100.0);
}

#[test]
fn averages_are_used_when_a_file_has_nothing_else() {
    let text = b"Average:     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n\
Average:     all   20.00    0.00    5.00    1.00    0.00    0.00    0.00    0.00    0.00   74.00\n";
    let (facts, _) = run_parser(&Mpstat, text).unwrap();
    let util = facts.iter().find(|f| f.key == "cpu.util_pct").unwrap();
    assert_eq!(util.value.as_number(), Some(25.0));
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Mpstat, b"").is_err());
    assert!(run_parser(&Mpstat, b"hello\nworld 1 2 3\n\x01\x02").is_err());
    let header_only = b"12:00:00     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n";
    let err = run_parser(&Mpstat, header_only).unwrap_err();
    assert!(err.message.contains("no CPU rows"), "{err}");
}

#[test]
fn truncated_capture_keeps_complete_rows_and_warns() {
    let full = read("mpstat/mpstat_all_24h.txt");
    // Cut inside the `all` row of the fourth interval (line 19).
    let cut = full
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(17)
        .unwrap()
        .0
        + 30;
    let (facts, warnings) = run_parser(&Mpstat, &full[..cut]).unwrap();
    let util = facts.iter().find(|f| f.key == "cpu.util_pct").unwrap();
    match &util.value {
        perfsage::facts::Value::Series(s) => assert_eq!(s.count, 3),
        other => panic!("{other:?}"),
    }
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].line, 19);
    assert!(warnings[0].message.contains("cut off"));
}

#[test]
fn sysstat_10_layout_from_centos_7() {
    let p = parse_fixture("mpstat/mpstat_sysstat11_centos7.txt");
    let util = p.series("cpu.util_pct");
    assert_eq!(util.count, 3);
    assert_eq!(util.interval_s, Some(5.0));
    assert_eq!(p.series("cpu.3.util_pct").count, 3);
    assert!(!p.has("cpu.4.util_pct"));
    assert_eq!(p.text("host.name"), "db01");
}

#[test]
fn chinese_locale_in_utf8_and_gbk() {
    for file in ["mpstat/mpstat_zh_CN.txt", "mpstat/mpstat_zh_CN.gbk.txt"] {
        let p = parse_fixture(file);
        let util = p.series("cpu.util_pct");
        assert_eq!(
            util.count, 3,
            "{file}: interval rows with 时分秒 stamps are samples"
        );
        assert_eq!(util.interval_s, Some(1.0), "{file}");
        // First interval: 100 − 70.75 idle − 0.25 iowait.
        close(util.points[0], 29.0);
        assert!(
            p.report.warnings.is_empty(),
            "{file}: {:?}",
            p.report.warnings
        );
    }
    assert_eq!(
        parse_fixture("mpstat/mpstat_zh_CN.gbk.txt").report.encoding,
        Some("GB18030/GBK")
    );
}

#[test]
fn a_changed_header_is_read_again() {
    // The same utilisation header repeats, an interrupts section (no %idle) comes and
    // goes, and a narrower utilisation header puts %sys and %idle elsewhere.
    let text = b"Linux 6.1.0 (db) \t12/02/26 \t_x86_64_\t(2 CPU)

12:00:00     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
12:00:01     all   10.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00   90.00

12:00:01     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
12:00:02     all   15.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00   85.00

12:00:02     CPU    intr/s
12:00:03     all  500.00

12:00:03     CPU    %usr    %sys   %idle
12:00:04     all   30.00   10.00   60.00

12:00:04     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
12:00:05     all   20.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00   80.00
";
    let p = parse_bytes("mpstat.txt", text);
    assert_eq!(p.series("cpu.util_pct").points, [10.0, 15.0, 40.0, 20.0]);
    assert_eq!(p.series("cpu.sys_pct").points, [0.0, 0.0, 10.0, 0.0]);
    assert_eq!(p.series("cpu.soft_pct").points, [0.0, 0.0, 0.0]);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn node_rows_are_not_cpu_rows() {
    // `-A` and `-N ALL` add a NODE section after each CPU block: node 0 (50 %) must not
    // be read as CPU 0, nor its `all` row as a second all-CPU sample.
    for (file, intervals, busy_cpu) in [
        ("mpstat/mpstat_A.txt", 3, "cpu.1.util_pct"),
        ("mpstat/mpstat_P_ALL_N_ALL.txt", 2, "cpu.0.util_pct"),
    ] {
        let p = parse_fixture(file);
        assert_eq!(p.tool(), Some("mpstat"), "{file}");
        assert_eq!(p.series("cpu.util_pct").count, intervals, "{file}");
        assert_eq!(p.series(busy_cpu).count, intervals, "{file}");
        close(p.series(busy_cpu).min, 100.0);
        assert!(
            !p.facts.iter().any(|f| f.0.key.starts_with("cpu.2.")),
            "{file}"
        );
        assert!(
            p.report.warnings.is_empty(),
            "{file}: {:?}",
            p.report.warnings
        );
    }
}

#[test]
fn a_node_section_alone_gives_the_machine_s_figures_but_no_cpus() {
    // `mpstat -N ALL`: no CPU section, so the nodes' `all` rows are the machine's.
    let p = parse_fixture("mpstat/mpstat_N_ALL.txt");
    assert_eq!(p.tool(), Some("mpstat"));
    let util = p.series("cpu.util_pct");
    assert_eq!(util.count, 3, "Average rows are not samples");
    assert_eq!(util.interval_s, Some(1.0));
    close(util.max, 50.5);
    close(p.series("cpu.usr_pct").avg, (50.0 + 50.25 + 50.0) / 3.0);
    // Node 0 is not CPU 0.
    assert!(
        !p.facts.iter().any(|f| f.0.key.starts_with("cpu.0.")),
        "{:?}",
        p.keys()
    );
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn topology_columns_keep_the_all_row_and_the_cpu_labels() {
    // `-T`: CORE SOCK NODE after CPU, blank in the `all` row.
    let p = parse_fixture("mpstat/mpstat_T_P_ALL.txt");
    let util = p.series("cpu.util_pct");
    assert_eq!(
        util.count, 3,
        "the all rows of the three intervals, no Average row"
    );
    close(util.max, 50.5);
    close(p.series("cpu.0.util_pct").min, 100.0);
    assert_eq!(p.series("cpu.0.util_pct").count, 3);
    assert!(p.series("cpu.1.util_pct").max < 3.0);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn epoch_time_stamps_are_interval_rows() {
    // `-U` (sysstat 12.7.7+): seconds since the epoch instead of the time of day.
    let p = parse_fixture("mpstat/mpstat_U_P_ALL.txt");
    let util = p.series("cpu.util_pct");
    assert_eq!(util.count, 3);
    assert_eq!(util.interval_s, Some(1.0));
    close(p.series("cpu.1.util_pct").avg, 100.0);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn a_last_row_without_line_end_is_kept_when_whole() {
    let full = read("mpstat/mpstat_all_24h.txt");
    // Everything up to the last interval's CPU 1 row, without its line end.
    let text = String::from_utf8(full).unwrap();
    let upto = text.find("\n\nAverage:").unwrap();
    let (facts, warnings) = run_parser(&Mpstat, &text.as_bytes()[..upto]).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(series_count(&facts, "cpu.1.util_pct"), 5);
    // One digit less: the last value has one decimal, so the row was cut.
    let (facts, warnings) = run_parser(&Mpstat, &text.as_bytes()[..upto - 1]).unwrap();
    assert!(warnings[0].message.contains("cut off"), "{warnings:?}");
    assert_eq!(series_count(&facts, "cpu.1.util_pct"), 4);
}

fn series_count(facts: &[perfsage::facts::Fact], key: &str) -> u64 {
    match &facts.iter().find(|f| f.key == key).unwrap().value {
        perfsage::facts::Value::Series(s) => s.count,
        other => panic!("{key}: {other:?}"),
    }
}

#[test]
fn an_interrupt_report_alone_is_mpstat_s_and_says_what_to_capture() {
    let p = parse_fixture("mpstat/mpstat_I_SUM.txt");
    assert_eq!(p.tool(), Some("mpstat"));
    let (_, message) = p.failure();
    assert!(message.contains("mpstat -P ALL"), "{message}");
}
