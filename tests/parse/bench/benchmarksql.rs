use crate::support::*;
use perfsage::facts::Value;
use perfsage::parse::CaptureParser;
use perfsage::parse::bench::benchmarksql::Benchmarksql;

const LOG_50: &str = "benchmarksql/mogdb_tpcc_2p_100wh_300term.log";

#[test]
fn benchmarksql_5_console_log_gives_the_tpcc_result() {
    let p = parse_fixture(LOG_50);
    assert_eq!(p.tool(), Some("benchmarksql"));
    assert_eq!(p.text("bench.tool"), "BenchmarkSQL 5.0");
    assert_eq!(p.get("bench.tool").provenance.line, 3);
    close(p.num("bench.tpmc"), 1168785.37);
    assert_eq!(p.get("bench.tpmc").unit, perfsage::facts::Unit::PerMinute);
    assert_eq!(p.get("bench.tpmc").provenance.line, 40);
    close(p.num("bench.tpm_total"), 2595716.96);
    close(p.num("bench.transactions"), 7800215.0);
    assert_eq!(p.text("bench.session_start"), "2021-08-04 15:03:25");
    assert_eq!(p.text("bench.session_end"), "2021-08-04 15:06:25");
    close(p.num("bench.warehouses"), 100.0);
    close(p.num("bench.terminals"), 300.0);
    close(p.num("bench.run_s"), 180.0);
    assert_eq!(p.get("bench.terminals").provenance.line, 16);
    assert_eq!(p.text("bench.config.db"), "postgres");
    assert_eq!(p.text("bench.config.terminal_warehouse_fixed"), "false");
    assert_eq!(p.text("bench.config.os_collector_script"), "null");
    close(p.num("bench.error_lines"), 0.0);
}

#[test]
fn status_updates_joined_by_backspaces_become_a_series() {
    let p = parse_fixture(LOG_50);
    let running = p.series("bench.tpm_total_running");
    // 181 updates on line 37; the first (0.00, drawn before the start) is left out.
    assert_eq!(running.count, 180);
    close(running.min, 404415.58);
    close(running.max, 2600071.66);
    assert_eq!(p.get("bench.tpm_total_running").provenance.line, 37);
}

#[test]
fn execute_time_per_transaction_type() {
    let p = parse_fixture(LOG_50);
    for (name, ms, share) in [
        ("new_order", 29218321.0, 54.10),
        ("payment", 18006261.0, 33.34),
        ("order_status", 1544628.0, 2.86),
        ("delivery", 2673395.0, 4.95),
        ("stock_level", 2565379.0, 4.75),
    ] {
        close(p.num(&format!("bench.txn.{name}.execute_total_ms")), ms);
        close(p.num(&format!("bench.txn.{name}.execute_share_pct")), share);
    }
    assert_eq!(
        p.get("bench.txn.new_order.execute_total_ms")
            .provenance
            .line,
        49
    );
}

#[test]
fn benchmarksql_4_file_log_layout() {
    let p = parse_fixture("benchmarksql/benchmarksql41_file_log.log");
    assert_eq!(p.text("bench.tool"), "BenchmarkSQL 4.1.1");
    close(p.num("bench.tpmc"), 38012.77);
    close(p.num("bench.tpm_total"), 84434.69);
    close(p.num("bench.transactions"), 844536.0);
    close(p.num("bench.warehouses"), 50.0);
    close(p.num("bench.terminals"), 64.0);
    close(p.num("bench.run_s"), 600.0);
    close(p.num("bench.error_lines"), 1.0);
    assert_eq!(p.get("bench.error_lines").provenance.line, 29);
    assert!(!p.has("bench.tpm_total_running"));
}

#[test]
fn result_csv_per_transaction_type() {
    let p = parse_fixture("benchmarksql/result.csv");
    assert_eq!(p.tool(), Some("benchmarksql"));
    // Worked out with awk and sort over the file (nearest-rank p95).
    for (name, count, avg, p95, db_avg, rollbacks) in [
        ("new_order", 273.0, 6.93, 11.0, 6.32, 2.0),
        ("payment", 245.0, 3.78, 6.0, 3.25, 0.0),
        ("order_status", 25.0, 2.40, 5.0, 1.72, 0.0),
        ("delivery", 33.0, 1.64, 3.0, 1.03, 0.0),
        ("stock_level", 24.0, 10.25, 18.0, 9.42, 0.0),
        ("delivery_bg", 33.0, 31.09, 48.0, 25.70, 0.0),
    ] {
        let key = |s: &str| format!("bench.txn.{name}.{s}");
        close(p.num(&key("count")), count);
        close(p.num(&key("latency_avg_ms")), avg);
        close(p.num(&key("latency_p95_ms")), p95);
        close(p.num(&key("db_latency_avg_ms")), db_avg);
        close(p.num(&key("rollbacks")), rollbacks);
        close(p.num(&key("errors")), 0.0);
    }
    // Fallbacks: 273 new orders and 600 foreground transactions in 59.977 s.
    close(p.num("bench.tpmc"), 273.10);
    close(p.num("bench.tpm_total"), 600.23);
    close(p.num("bench.transactions"), 600.0);
    let strength = |k: &str| p.facts.iter().find(|(f, _)| f.key == k).unwrap().1;
    assert_eq!(
        strength("bench.tpmc"),
        perfsage::parse::sink::Strength::Fallback
    );
}

#[test]
fn run_info_csv_gives_fallbacks() {
    let p = parse_fixture("benchmarksql/runInfo.csv");
    assert_eq!(p.text("bench.tool"), "BenchmarkSQL 5.0");
    assert_eq!(p.text("bench.session_start"), "2021-08-04 16:20:07.413");
    close(p.num("bench.run_s"), 60.0);
    close(p.num("bench.warehouses"), 1.0);
    close(p.num("bench.terminals"), 2.0);
    assert_eq!(p.text("bench.config.db"), "postgres");
}

#[test]
fn carriage_returns_separate_status_updates_too() {
    let text = b"Term-00, Running Average tpmTOTAL: 100.00    Current tpmTOTAL: 5    Memory Usage: 1MB / 2MB\rTerm-00, Running Average tpmTOTAL: 300.00    Current tpmTOTAL: 9    Memory Usage: 1MB / 2MB\r\n";
    let (facts, warnings) = run_parser(&Benchmarksql, text).unwrap();
    let running = facts
        .iter()
        .find(|f| f.key == "bench.tpm_total_running")
        .unwrap();
    let Value::Series(s) = &running.value else {
        panic!("not a series")
    };
    assert_eq!(s.count, 2);
    close(s.avg, 200.0);
    // No final result: the last running average stands in for tpmTOTAL, with a warning.
    let total = facts.iter().find(|f| f.key == "bench.tpm_total").unwrap();
    assert_eq!(total.value.as_number(), Some(300.0));
    assert!(
        warnings
            .iter()
            .any(|w| w.message.contains("no `Measured tpmC` result")),
        "{warnings:?}"
    );
}

#[test]
fn a_second_run_in_the_same_file_is_ignored() {
    let one = read(LOG_50);
    let both = [one.clone(), one].concat();
    let (facts, warnings) = run_parser(&Benchmarksql, &both).unwrap();
    assert_eq!(facts.iter().filter(|f| f.key == "bench.tpmc").count(), 1);
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 52 && w.message.contains("second run")),
        "{warnings:?}"
    );
}

#[test]
fn sniffing_needs_jtpcc_markers() {
    assert!(
        Benchmarksql
            .sniff("12:00:01,234 [main] INFO   jTPCC : Term-00, warehouses=1000\n")
            .is_some()
    );
    assert!(
        Benchmarksql
            .sniff("run,elapsed,latency,dblatency,ttype,rbk,dskipped,error\n")
            .is_some()
    );
    assert_eq!(
        Benchmarksql.sniff("warehouses=100\nterminals=300\nrunMins=5\n"),
        None
    );
    assert_eq!(Benchmarksql.sniff("Term-00 was here\n"), None);
}

#[test]
fn empty_and_garbage_input_are_errors() {
    assert!(run_parser(&Benchmarksql, b"").is_err());
    assert!(run_parser(&Benchmarksql, b"hello\nworld\n").is_err());
    assert!(
        run_parser(
            &Benchmarksql,
            b"run,elapsed,latency,dblatency,ttype,rbk,dskipped,error\nx,y\n"
        )
        .is_err()
    );
    assert!(
        run_parser(
            &Benchmarksql,
            b"run,driver,driverVersion,db,sessionStart,runMins\n"
        )
        .is_err()
    );
}

#[test]
fn truncated_log_keeps_complete_lines_and_does_not_use_the_cut_one() {
    let text = String::from_utf8(read(LOG_50)).unwrap();
    // Cut inside the tpmC figure: 1168785.37 would read as 11687.
    let cut = text.find("= 1168785.37").unwrap() + "= 11687".len();
    let (facts, warnings) = run_parser(&Benchmarksql, &text.as_bytes()[..cut]).unwrap();
    let has = |k: &str| facts.iter().any(|f| f.key == k);
    assert!(!has("bench.tpmc"));
    assert!(has("bench.warehouses") && has("bench.tpm_total_running"));
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 40 && w.message.contains("ends inside line 40")),
        "{warnings:?}"
    );
}

#[test]
fn truncated_result_csv_keeps_complete_rows() {
    let text = String::from_utf8(read("benchmarksql/result.csv")).unwrap();
    let cut = text.len() - 5;
    let (facts, warnings) = run_parser(&Benchmarksql, &text.as_bytes()[..cut]).unwrap();
    assert!(facts.iter().any(|f| f.key == "bench.txn.new_order.count"));
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 634 && w.message.contains("ends inside line 634")),
        "{warnings:?}"
    );
}
