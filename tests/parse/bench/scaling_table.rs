use crate::support::*;
use perfsage::parse::bench::scaling_table::ScalingTable;

const SEED_TABLE: &str = "| 线程数 | QPS(/s) | TPS(/s) | 95%响应时间(ms) | 磁盘负载 | CPU使用率 |
| --- | --- | --- | --- | --- | ---|
| 16 | 23443.77 | 1172.19 | 17.01 | 99% | 10% |
| 32 | 41928.88 | 2096.44 | 20.74 | 99% | 20% |
| 256 | 63421.21 | 3171.06 | 101.13 | 99% | 33% |
";

#[test]
fn markdown_table_with_chinese_headers() {
    let p = parse_bytes("notes.md", SEED_TABLE.as_bytes());
    assert_eq!(p.tool(), Some("scaling-table"));
    close(p.num("bench.run.table.16.tps"), 1172.19);
    close(p.num("bench.run.table.32.qps"), 41928.88);
    close(p.num("bench.run.table.256.p95_ms"), 101.13);
    close(p.num("bench.run.table.256.disk_busy_pct"), 99.0);
    close(p.num("bench.run.table.256.cpu_pct"), 33.0);
    assert_eq!(p.get("bench.run.table.32.qps").provenance.line, 4);
}

#[test]
fn csv_with_english_headers_and_spreads() {
    let csv = b"threads,qps,tps,p95_ms,disk_busy_pct,cpu_pct\n64,61616.96,3080.85,29.72,99%,46%\xc2\xb13%\n128,74421.07,3721.07,46.63,99%,54%\xc2\xb13%\n";
    let p = parse_bytes("scaling.csv", csv);
    close(p.num("bench.run.table.128.tps"), 3721.07);
    close(p.num("bench.run.table.64.cpu_pct"), 46.0);
}

#[test]
fn only_the_first_table_is_read() {
    let two = format!("{SEED_TABLE}\n第二个表\n\n{SEED_TABLE}");
    let (facts, warnings) = run_parser(&ScalingTable, two.as_bytes()).unwrap();
    assert_eq!(
        facts
            .iter()
            .filter(|f| f.key == "bench.run.table.16.tps")
            .count(),
        1
    );
    assert!(warnings.iter().any(|w| w.message.contains("second table")));
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&ScalingTable, b"").is_err());
    assert!(run_parser(&ScalingTable, b"| a | b |\n| 1 | 2 |\n").is_err());
    let header_only = b"| threads | tps |\n| --- | --- |\n";
    assert!(run_parser(&ScalingTable, header_only).is_err());
}

#[test]
fn truncated_table_keeps_whole_rows() {
    let cut = &SEED_TABLE.as_bytes()[..SEED_TABLE.len() - 12];
    let (facts, warnings) = run_parser(&ScalingTable, cut).unwrap();
    assert!(facts.iter().any(|f| f.key == "bench.run.table.32.tps"));
    assert!(!facts.iter().any(|f| f.key == "bench.run.table.256.cpu_pct"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
}

#[test]
fn hand_written_fixtures_in_every_format() {
    let md = parse_fixture("scaling-table/greatdb_64c.md");
    let csv = parse_fixture("scaling-table/scaling.csv");
    for threads in [16, 32, 64, 128, 256, 512] {
        let key = format!("bench.run.table.{threads}.tps");
        close(md.num(&key), csv.num(&key));
    }
    let tsv = parse_fixture("scaling-table/scaling.tsv");
    close(tsv.num("bench.run.table.512.p95_ms"), 200.47);
    assert!(!tsv.has("bench.run.table.512.qps"));
    let two = parse_fixture("scaling-table/greatdb_32c_48c.md");
    close(two.num("bench.run.table.256.tps"), 3302.79);
    assert!(
        two.report
            .warnings
            .iter()
            .any(|w| w.message.contains("second table"))
    );
}
