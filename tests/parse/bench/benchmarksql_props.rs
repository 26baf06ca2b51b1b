use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::bench::benchmarksql_props::BenchmarksqlProps;

#[test]
fn props_file_gives_settings_as_fallback_facts() {
    let p = parse_fixture("benchmarksql-props/props.mogdb");
    assert_eq!(p.tool(), Some("benchmarksql-props"));
    close(p.num("bench.warehouses"), 100.0);
    close(p.num("bench.terminals"), 300.0);
    close(p.num("bench.run_s"), 300.0);
    assert_eq!(p.get("bench.run_s").provenance.line, 14);
    assert_eq!(p.text("bench.config.run_txns_per_terminal"), "0");
    assert_eq!(p.text("bench.config.load_workers"), "100");
    assert_eq!(p.text("bench.config.new_order_weight"), "45");
    assert_eq!(p.text("bench.config.terminal_warehouse_fixed"), "false");
    assert_eq!(
        p.text("bench.config.result_directory"),
        "mogdb_result_%tY-%tm-%td_%tH%tM%tS"
    );
    // `//` lines are comments: the commented osCollectorScript is not a setting.
    assert!(!p.has("bench.config.os_collector_script"));
    assert!(!p.has("bench.config.password"));
    assert!(
        p.facts
            .iter()
            .all(|(_, s)| *s == perfsage::parse::sink::Strength::Fallback),
        "props facts must all be fallbacks"
    );
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn passwords_never_become_facts_and_trailing_comments_are_warned() {
    let p = parse_fixture("benchmarksql-props/props_annotated.pg");
    close(p.num("bench.warehouses"), 1000.0);
    close(p.num("bench.terminals"), 500.0);
    close(p.num("bench.run_s"), 600.0);
    assert_eq!(
        p.text("bench.config.conn"),
        "jdbc:postgresql://10.10.10.40:26000/tpcc?user=tpcc&password=***&prepareThreshold=1"
    );
    assert!(
        p.facts
            .iter()
            .all(|(f, _)| !format!("{:?}", f.value).contains("Secret_42"))
    );
    let warnings = &p.report.warnings;
    assert!(
        warnings.iter().any(|w| w.line == 6
            && w.message
                .contains("BenchmarkSQL reads it as part of the value")),
        "{warnings:?}"
    );
    assert!(warnings.iter().any(|w| w.line == 7));
}

#[test]
fn sniffing_needs_benchmarksql_keys_at_line_start() {
    assert!(
        BenchmarksqlProps
            .sniff("db=postgres\nwarehouses=1\nterminals=2\n")
            .is_some()
    );
    // The run log echoes the same settings after a log prefix.
    assert_eq!(
        BenchmarksqlProps.sniff(
            "16:11:48,307 [main] INFO   jTPCC : Term-00, db=postgres\n16:11:48,308 [main] INFO   jTPCC : Term-00, warehouses=10\n16:11:48,308 [main] INFO   jTPCC : Term-00, terminals=20\n"
        ),
        None
    );
    // Generic JDBC settings alone are not BenchmarkSQL.
    assert_eq!(
        BenchmarksqlProps.sniff("driver=org.postgresql.Driver\nconn=jdbc:x\nuser=a\n"),
        None
    );
}

#[test]
fn empty_and_garbage_input_are_errors() {
    assert!(run_parser(&BenchmarksqlProps, b"").is_err());
    assert!(run_parser(&BenchmarksqlProps, b"colour=blue\nsize=large\n").is_err());
}

#[test]
fn truncated_file_keeps_complete_lines_and_names_the_cut_line() {
    let text = String::from_utf8(read("benchmarksql-props/props.mogdb")).unwrap();
    let cut = text.find("terminals=300").unwrap() + "terminals=30".len();
    let (facts, warnings) = run_parser(&BenchmarksqlProps, &text.as_bytes()[..cut]).unwrap();
    assert!(facts.iter().any(|f| f.key == "bench.warehouses"));
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 10 && w.message.contains("ends inside line 10")),
        "{warnings:?}"
    );
}
