use crate::support::*;
use perfsage::parse::activity::proc_samples::ProcSamples;

#[test]
fn cpu_disk_and_network_series_from_a_real_capture() {
    let p = parse_fixture("proc-samples/proc_samples_vm.txt");
    assert_eq!(p.tool(), Some("proc-samples"));
    let util = p.series("cpu.util_pct");
    assert_eq!(util.count, 5);
    close(util.avg, 100.0);
    assert_eq!(util.interval_s, Some(1.0));
    let fact = p.get("cpu.util_pct");
    assert_eq!(line_range(fact), (3, 43));
    // (90.45 + 85.00 + 77.27 + 88.12 + 72.22) / 5
    close(p.series("cpu.usr_pct").avg, 82.612);
    close(p.series("cpu.soft_pct").max, 0.5);
    assert_eq!(p.series("cpu.1.util_pct").count, 5);
    // (24.39 + 16.77 + 7.62 + 1.99 + 2.01) / 5
    close(p.series("disk.vda.util_pct").avg, 10.556);
    close(p.series("disk.vda.wkb_per_s").max, 307_127.10);
    close(p.series("disk.vda.aqu_sz").max, 3.66);
    close(p.series("disk.loop0.util_pct").max, 0.0);
    close(p.series("net.lo.rxpck_per_s").max, 0.0);
    assert!(p.has("net.eth0.txkb_per_s"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn busy_excludes_iowait_as_for_mpstat() {
    let text = b"# perfsage proc samples v1\n\
2026-12-02T23:59:59Z cpu all usr=20 nice=0 sys=10 iowait=30 irq=0 soft=0 steal=0 idle=40\n\
2026-12-03T00:00:01Z cpu all usr=20 nice=0 sys=10 iowait=30 irq=0 soft=0 steal=0 idle=40\n";
    let (facts, warnings) = run_parser(&ProcSamples, text).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let util = facts.iter().find(|f| f.key == "cpu.util_pct").unwrap();
    let perfsage::facts::Value::Series(series) = &util.value else {
        panic!("not a series");
    };
    close(series.avg, 30.0);
    assert_eq!(
        series.interval_s,
        Some(2.0),
        "the interval crosses midnight"
    );
}

#[test]
fn bad_rows_are_warned_about_and_skipped() {
    let text = b"# perfsage proc samples v1\n\
12:00:00 cpu all idle=10\n\
2026-12-02T12:00:01Z cpu all usr=x idle=10\n\
2026-12-02T12:00:01Z cpu\n\
2026-12-02T12:00:01Z gpu 0 busy=3\n\
2026-12-02T12:00:01Z gpu 1 busy=3\n\
2026-12-02T12:00:01Z cpu all usr=80 idle=20 future_field=7\n";
    let (facts, warnings) = run_parser(&ProcSamples, text).unwrap();
    let lines: Vec<u64> = warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, vec![2, 3, 4, 5], "{warnings:?}");
    assert!(warnings[3].message.contains("gpu"));
    let util = facts.iter().find(|f| f.key == "cpu.util_pct").unwrap();
    assert_eq!(line_range(util), (7, 7));
}

#[test]
fn empty_headerless_and_sample_free_input_are_errors() {
    assert!(run_parser(&ProcSamples, b"").is_err());
    let err = run_parser(&ProcSamples, b"cpu all idle=3\n").unwrap_err();
    assert!(err.message.contains("first line"), "{err}");
    let err = run_parser(
        &ProcSamples,
        b"# perfsage proc samples v1\n# only a comment\n",
    )
    .unwrap_err();
    assert!(err.message.contains("no samples"), "{err}");
}

#[test]
fn a_truncated_capture_keeps_whole_rows() {
    let full = read("proc-samples/proc_samples_vm.txt");
    let cut = &full[..full.len() - 20];
    let p = parse_bytes("proc-samples.txt", cut);
    assert_eq!(p.series("cpu.util_pct").count, 5);
    assert!(
        p.report
            .warnings
            .iter()
            .any(|w| w.message.contains("cut off")),
        "{:?}",
        p.report.warnings
    );
    assert_eq!(
        p.series("net.lo.rxpck_per_s").count,
        4,
        "the cut row is not a sample"
    );
    assert_eq!(p.series("net.eth0.rxpck_per_s").count, 5);
}
