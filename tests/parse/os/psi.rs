use crate::support::*;
use perfsage::parse::os::psi::Psi;

#[test]
fn a_loop_with_epoch_stamps_gives_the_stall_share_over_the_capture() {
    let p = parse_fixture("psi/proc_pressure_loop_epoch.txt");
    assert_eq!(p.tool(), Some("psi"));
    let cpu = p.series("psi.cpu.some.avg10_pct");
    assert_eq!(cpu.count, 3);
    close(cpu.min, 78.78);
    close(cpu.max, 91.17);
    assert_eq!(cpu.interval_s, Some(5.0));
    // total 1330749110 → 1340713566 µs over 1796361605 → 1796361615 s.
    close(p.num("psi.cpu.some.stall_pct"), 99.64456);
    let stall = p.get("psi.cpu.some.stall_pct");
    assert_eq!(line_range(stall), (3, 23));
    close(p.num("psi.io.some.stall_pct"), 0.24276);
    close(p.series("psi.io.full.avg300_pct").max, 0.23);
    close(p.num("psi.memory.full.stall_pct"), 0.0);
    // The system's `cpu full` is undefined (the kernel prints zeros).
    assert!(!p.has("psi.cpu.full.avg10_pct"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn head_and_grep_name_each_file() {
    let head = parse_fixture("psi/head_proc_pressure.txt");
    assert_eq!(head.tool(), Some("psi"));
    close(head.series("psi.cpu.some.avg60_pct").avg, 24.40);
    close(head.series("psi.io.full.avg60_pct").avg, 0.12);
    assert_eq!(head.get("psi.io.full.avg60_pct").provenance.line, 7);
    assert!(head.has("psi.memory.some.avg300_pct"));
    let grep = parse_fixture("psi/grep_r_proc_pressure.txt");
    close(grep.series("psi.cpu.some.avg10_pct").avg, 78.78);
    assert_eq!(grep.get("psi.memory.full.avg10_pct").provenance.line, 6);
    // One snapshot: no share over the capture, and nothing to warn about.
    assert!(!grep.has("psi.cpu.some.stall_pct"));
    assert!(
        grep.report.warnings.is_empty(),
        "{:?}",
        grep.report.warnings
    );
}

#[test]
fn a_cgroups_files_are_named_by_its_directory() {
    let p = parse_fixture("psi/cgroup_pressure_loop_date.txt");
    let some = p.series("psi.cgroup.perfsage-fixture.cpu.some.avg10_pct");
    assert_eq!(some.count, 2);
    assert_eq!(some.interval_s, Some(5.0));
    // A cgroup's `cpu full` is measured: all its tasks waited at once.
    close(
        p.series("psi.cgroup.perfsage-fixture.cpu.full.avg10_pct")
            .max,
        17.96,
    );
    // (35110632 − 30587115) µs over the 5 s between two `date` lines.
    close(
        p.num("psi.cgroup.perfsage-fixture.cpu.some.stall_pct"),
        90.47034,
    );
    assert!(
        !p.has("psi.cpu.some.avg10_pct"),
        "cgroup figures are not the system's"
    );
    // cgroup.pressure (`1`) is not a pressure file and is passed over quietly.
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn snapshots_without_time_warn_instead_of_guessing() {
    let p = parse_fixture("psi/cpu_two_snapshots_no_time.txt");
    // No header: the resource comes from the capture's name.
    assert_eq!(p.series("psi.cpu.some.avg10_pct").count, 2);
    assert!(!p.has("psi.cpu.some.stall_pct"));
    assert!(
        p.report
            .warnings
            .iter()
            .any(|w| w.message.contains("no time between them")),
        "{:?}",
        p.report.warnings
    );
    // The loop's `sleep 2`, when a transcript shows the command, gives the time.
    let text = format!(
        "$ for i in 1 2; do cat /proc/pressure/cpu; sleep 2; done\n{}",
        String::from_utf8(read("psi/cpu_two_snapshots_no_time.txt")).unwrap()
    );
    let p = parse_bytes("capture.txt", text.as_bytes());
    // (1357696736 − 1355668587) µs over 2 s.
    close(p.num("psi.cpu.some.stall_pct"), 100.0);
    assert_eq!(p.series("psi.cpu.some.avg10_pct").interval_s, Some(2.0));
}

#[test]
fn an_unnamed_file_is_an_error_at_its_first_line() {
    let bytes = read("psi/proc_pressure_cpu.txt");
    let named = parse_bytes("proc_pressure_cpu.txt", &bytes);
    close(named.series("psi.cpu.some.avg10_pct").avg, 78.78);
    let p = parse_bytes("capture.txt", &bytes);
    assert_eq!(p.tool(), Some("psi"));
    let (line, message) = p.failure();
    assert_eq!(line, Some(1));
    assert!(message.contains("which resource"), "{message}");
}

#[test]
fn bad_input_is_an_error_or_a_warning_not_a_panic() {
    assert!(run_parser(&Psi, b"").is_err());
    assert!(run_parser(&Psi, b"\xff\xfe\x00binary\n").is_err());
    let full = read("psi/head_proc_pressure.txt");
    // Cut inside the io block's `some` line: cpu survives, the cut line is reported.
    let (facts, warnings) = run_parser(&Psi, &full[..150]).unwrap();
    assert!(facts.iter().any(|f| f.key == "psi.cpu.some.avg10_pct"));
    assert!(!facts.iter().any(|f| f.key == "psi.io.some.avg10_pct"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].message.contains("cut off"));
    // A total that goes down is not a share.
    let backwards = "1796361605\n# /proc/pressure/io\nsome avg10=0.00 avg60=0.00 avg300=0.00 total=900\n1796361615\n# /proc/pressure/io\nsome avg10=0.00 avg60=0.00 avg300=0.00 total=100\n";
    let (facts, warnings) = run_parser(&Psi, backwards.as_bytes()).unwrap();
    assert!(!facts.iter().any(|f| f.key == "psi.io.some.stall_pct"));
    assert!(warnings[0].message.contains("went down"), "{warnings:?}");
}

#[test]
fn other_tools_are_not_pressure_files() {
    for other in [
        "uptime/uptime_loaded.txt",
        "loadavg/proc_loadavg.txt",
        "top/top_b_n3_d1.txt",
    ] {
        let p = parse_fixture(other);
        assert_ne!(p.tool(), Some("psi"), "{other}");
    }
}
