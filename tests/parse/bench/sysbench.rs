use crate::support::*;
use perfsage::parse::bench::sysbench::Sysbench;

#[test]
fn a_file_with_four_runs_becomes_a_scaling_series() {
    let p = parse_fixture("sysbench/sysbench_oltp_scaling.txt");
    assert_eq!(p.tool(), Some("sysbench"));
    assert_eq!(p.text("bench.tool"), "sysbench 1.0.20");
    for (threads, tps, qps, p95) in [
        (1, 278.02, 5560.50, 5.67),
        (2, 644.79, 12904.25, 4.82),
        (4, 966.82, 19347.24, 7.70),
        (8, 867.55, 17388.05, 15.27),
    ] {
        close(
            p.num(&format!("bench.run.oltp_read_write.{threads}.tps")),
            tps,
        );
        close(
            p.num(&format!("bench.run.oltp_read_write.{threads}.qps")),
            qps,
        );
        close(
            p.num(&format!("bench.run.oltp_read_write.{threads}.p95_ms")),
            p95,
        );
        assert_eq!(
            p.series(&format!("bench.run.oltp_read_write.{threads}.interval_tps"))
                .count,
            3
        );
    }
    assert_eq!(p.get("bench.run.oltp_read_write.1.tps").provenance.line, 22);
    close(p.num("bench.run.oltp_read_write.8.errors_per_s"), 2.06);
}

#[test]
fn summary_latency_and_error_rates() {
    let p = parse_fixture("sysbench/sysbench_oltp_8t.txt");
    close(p.num("bench.run.oltp_read_write.8.tps"), 787.08);
    close(p.num("bench.run.oltp_read_write.8.lat_avg_ms"), 10.14);
    close(p.num("bench.run.oltp_read_write.8.lat_max_ms"), 1013.75);
    close(p.num("bench.run.oltp_read_write.8.p95_ms"), 15.55);
    close(p.num("bench.run.oltp_read_write.8.errors_per_s"), 1.20);
    close(p.num("bench.run.oltp_read_write.8.reconnects_per_s"), 0.0);
    let intervals = p.series("bench.run.oltp_read_write.8.interval_tps");
    assert_eq!(intervals.count, 10);
    close(intervals.min, 255.17);
}

#[test]
fn cpu_test_reports_events_per_second() {
    let p = parse_fixture("sysbench/sysbench_cpu.txt");
    assert!(!p.has("bench.run.cpu.2.tps"));
    assert!(p.num("bench.run.cpu.2.eps") > 100.0);
    assert!(p.series("bench.run.cpu.2.interval_tps").count >= 4);
}

#[test]
fn runs_without_statistics_fall_back_to_interval_averages() {
    let text = b"Number of threads: 4\n[ 1s ] thds: 4 tps: 100.00 qps: 2000.00 (r/w/o: 1400.00/400.00/200.00) lat (ms,95%): 9.00 err/s: 0.00 reconn/s: 0.00\n\
[ 2s ] thds: 4 tps: 300.00 qps: 6000.00 (r/w/o: 4200.00/1200.00/600.00) lat (ms,95%): 9.00 err/s: 0.00 reconn/s: 0.00\n";
    let (facts, warnings) = run_parser(&Sysbench, text).unwrap();
    let tps = facts
        .iter()
        .find(|f| f.key == "bench.run.oltp_read_write.4.tps")
        .unwrap();
    assert_eq!(tps.value.as_number(), Some(200.0));
    assert!(
        warnings[0].message.contains("no final statistics"),
        "{warnings:?}"
    );
}

#[test]
fn a_repeated_thread_count_keeps_the_first_run() {
    let one = read("sysbench/sysbench_oltp_8t.txt");
    let both = [one.clone(), one].concat();
    let (facts, warnings) = run_parser(&Sysbench, &both).unwrap();
    assert_eq!(
        facts
            .iter()
            .filter(|f| f.key == "bench.run.oltp_read_write.8.tps")
            .count(),
        1
    );
    assert!(warnings.iter().any(|w| {
        w.message
            .contains("second oltp_read_write run at 8 threads")
    }));
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Sysbench, b"").is_err());
    assert!(run_parser(&Sysbench, b"sysbench is great\ntransactions: many\n").is_err());
}

#[test]
fn truncated_capture_keeps_complete_runs() {
    let full = read("sysbench/sysbench_oltp_scaling.txt");
    // Cut in the middle of the fourth run's interval reports.
    let text = String::from_utf8(full).unwrap();
    let cut = text.find("[ 10s ] thds: 8").unwrap() + 20;
    let (facts, warnings) = run_parser(&Sysbench, &text.as_bytes()[..cut]).unwrap();
    let has = |k: &str| facts.iter().any(|f| f.key == k);
    assert!(has("bench.run.oltp_read_write.4.tps") && has("bench.run.oltp_read_write.4.p95_ms"));
    assert!(
        has("bench.run.oltp_read_write.8.tps"),
        "partial run keeps its interval average"
    );
    assert!(!has("bench.run.oltp_read_write.8.p95_ms"));
    assert!(warnings.iter().any(|w| w.message.contains("8 threads")));
}

#[test]
fn sysbench_1_1_layout() {
    let p = parse_fixture("sysbench/sysbench11_oltp_read_write.txt");
    assert_eq!(p.text("bench.tool"), "sysbench 1.1.0-df89d34");
    close(p.num("bench.run.oltp_read_write.32.tps"), 2845.25);
    close(p.num("bench.run.oltp_read_write.32.qps"), 56904.92);
    close(p.num("bench.run.oltp_read_write.32.p95_ms"), 16.12);
    close(p.num("bench.run.oltp_read_write.32.lat_max_ms"), 163.42);
    assert!(
        !p.has("bench.run.oltp_read_write.32.eps"),
        "transactions win over events/s"
    );
    let cpu = parse_fixture("sysbench/sysbench11_cpu.txt");
    close(cpu.num("bench.run.cpu.4.eps"), 5823.47);
}

#[test]
fn the_workload_comes_from_the_command_or_the_read_write_mix() {
    let read_only = "Number of threads: 8\n[ 1s ] thds: 8 tps: 100.00 qps: 1400.00 (r/w/o: 1400.00/0.00/0.00) lat (ms,95%): 9.00 err/s: 0.00 reconn/s: 0.00\n";
    let (facts, _) = run_parser(&Sysbench, read_only.as_bytes()).unwrap();
    assert!(
        facts
            .iter()
            .any(|f| f.key == "bench.run.oltp_read_only.8.tps"),
        "{:?}",
        facts.iter().map(|f| &f.key).collect::<Vec<_>>()
    );
    let write_only = read_only.replace("1400.00/0.00/0.00", "0.00/400.00/200.00");
    let (facts, _) = run_parser(&Sysbench, write_only.as_bytes()).unwrap();
    assert!(
        facts
            .iter()
            .any(|f| f.key == "bench.run.oltp_write_only.8.tps")
    );
    let transcript = format!("$ ./sysbench --threads=8 oltp_point_select.lua run\n{read_only}");
    let p = parse_bytes("session.txt", transcript.as_bytes());
    assert!(p.has("bench.run.oltp_point_select.8.tps"), "{:?}", p.keys());
}

#[test]
fn prepare_output_is_recognised_and_holds_no_run() {
    let p = parse_fixture("sysbench/sysbench_oltp_prepare.txt");
    assert_eq!(p.tool(), Some("sysbench"));
    assert_eq!(
        p.report.status,
        perfsage::parse::CaptureStatus::Parsed,
        "{:?}",
        p.report
    );
    assert!(
        !p.keys().iter().any(|k| k.starts_with("bench.run.")),
        "{:?}",
        p.keys()
    );
    let warning = &p.report.warnings[0];
    assert_eq!(warning.line, 3);
    assert!(
        warning
            .message
            .contains("prepare` output (4 tables created)"),
        "{warning:?}"
    );
    // Cleanup output likewise.
    let cleanup = b"sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nDropping table 'sbtest1'...\nDropping table 'sbtest2'...\n";
    let (_, warnings) = run_parser(&Sysbench, cleanup).unwrap();
    assert!(
        warnings[0]
            .message
            .contains("cleanup` output (2 tables dropped)"),
        "{warnings:?}"
    );
}

#[test]
fn a_run_refused_at_the_connection_limit_keeps_its_threads_and_failures() {
    // Recorded: 32 threads against PostgreSQL 15 with max_connections = 20; sysbench
    // stopped at initialisation, the file starts with the command line.
    let p = parse_fixture("bundles/connection-limit/sysbench.txt");
    assert_eq!(p.tool(), Some("sysbench"));
    let failed = p.get("bench.run.oltp_read_only.32.connect_errors");
    assert_eq!(failed.value.as_number(), Some(16.0));
    assert_eq!(line_range(failed), (12, 60));
    close(
        p.num("bench.run.oltp_read_only.32.connect_limit_errors"),
        16.0,
    );
    assert!(!p.has("bench.run.oltp_read_only.32.tps"));
    assert!(
        p.report
            .warnings
            .iter()
            .any(|w| w.message.contains("stopped before measuring: 16")),
        "{:?}",
        p.report.warnings
    );
}

#[test]
fn mysql_error_1040_counts_as_refused_at_the_limit() {
    // RECONSTRUCTED in sysbench 1.0's mysql driver format (this machine has no MySQL):
    // the failure line, then the server's error on a line of its own.
    let text = "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nNumber of threads: 200\n\
Initializing worker threads...\n\n\
FATAL: unable to connect to MySQL server on host '10.0.0.2', port 3306, aborting...\n\
FATAL: error 1040: Too many connections\n\
FATAL: `thread_init' function failed: /usr/share/sysbench/oltp_common.lua:349: connection creation failed\n\
FATAL: unable to connect to MySQL server on host '10.0.0.2', port 3306, aborting...\n\
FATAL: error 2013: Lost connection to MySQL server at 'reading initial communication packet', system error: 0\n\
FATAL: Thread initialization failed!\n";
    let (facts, _) = run_parser(&Sysbench, text.as_bytes()).unwrap();
    let value = |k: &str| {
        facts
            .iter()
            .find(|f| f.key == k)
            .and_then(|f| f.value.as_number())
    };
    assert_eq!(value("bench.run.oltp.200.connect_errors"), Some(2.0));
    assert_eq!(value("bench.run.oltp.200.connect_limit_errors"), Some(1.0));
}

#[test]
fn a_clean_run_has_no_connection_failure_facts() {
    let p = parse_fixture("bundles/connection-limit-ok/sysbench.txt");
    close(p.num("bench.run.oltp_read_only.8.tps"), 1371.24);
    assert!(
        !p.keys().iter().any(|k| k.contains("connect_")),
        "{:?}",
        p.keys()
    );
}
