use crate::support::*;
use perfsage::facts::Value;
use perfsage::parse::profile::folded::Folded;
use perfsage::parse::profile::profile_stacks::StackWeight;

fn flag(p: &Parsed, key: &str) -> bool {
    match &p.get(key).value {
        Value::Flag(b) => *b,
        other => panic!("{key} is {other:?}, not a flag"),
    }
}

#[test]
fn java_getter_above_93_percent() {
    let p = parse_fixture("folded/java_accounting_async_profiler.txt");
    assert_eq!(p.tool(), Some("folded"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    close(p.num("perf.samples"), 10_000.0);
    // Leaf in 8870 (_[j]) + 180 (_[i]) stacks, on the stack in 9400.
    assert_eq!(
        p.text("hotspot.1.symbol"),
        "com/acme/valuation/model/Position.getXXX"
    );
    close(p.num("hotspot.1.self_pct"), 90.5);
    close(p.num("hotspot.1.total_pct"), 94.0);
    assert!(!flag(&p, "hotspot.1.kernel"));
    assert!(!p.has("hotspot.1.dso"));
    assert_eq!(p.get("hotspot.1.symbol").provenance.line, 1);
    assert_eq!(p.get("hotspot.1.symbol").provenance.line_end, 4);
    assert_eq!(p.text("hotspot.2.symbol"), "java/util/ArrayList.get");
    close(p.num("hotspot.2.self_pct"), 2.4);
    assert_eq!(
        p.text("hotspot.3.symbol"),
        "G1ParScanThreadState::trim_queue_partially"
    );
    close(p.num("hotspot.3.self_pct"), 1.6);
    assert!(!p.has("hotspot.3.kernel"), "native frames carry no suffix");
    assert_eq!(p.text("hotspot.7.symbol"), "tcp_recvmsg");
    assert!(flag(&p, "hotspot.7.kernel"));
    close(p.num("hotspot.7.self_pct"), 0.85);
    // Two stacks of 70: equal self and inclusive share, so by name.
    assert_eq!(p.text("hotspot.8.symbol"), "Compile::Compile");
    assert_eq!(p.text("hotspot.9.symbol"), "xfs_file_write_iter");
}

#[test]
fn jvm_descriptors_and_signatures_keep_their_semicolons() {
    let p = parse_fixture("folded/java_statistics_jvm_descriptors.txt");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    close(p.num("perf.samples"), 5000.0);
    assert_eq!(
        p.text("hotspot.1.symbol"),
        "Lcom/acme/valuation/stat/Summary;.getYYY"
    );
    close(p.num("hotspot.1.self_pct"), 4790.0 / 50.0);
    close(p.num("hotspot.1.total_pct"), 4885.0 / 50.0);
    assert_eq!(
        p.text("hotspot.2.symbol"),
        "Lcom/acme/valuation/stat/Bucket;.add(D)V"
    );
    close(p.num("hotspot.2.self_pct"), 1.9);
    assert_eq!(p.text("hotspot.3.symbol"), "G1ParTask::work");
    assert_eq!(
        p.text("hotspot.4.symbol"),
        "Lcom/acme/valuation/stat/Summary;.aggregate(Ljava/util/List;)V"
    );
    close(p.num("hotspot.4.self_pct"), 0.8);
    close(p.num("hotspot.4.total_pct"), 4925.0 / 50.0);
    assert!(!p.has("hotspot.1.kernel"));
}

#[test]
fn inferno_output_of_a_real_recording() {
    let p = parse_fixture("folded/pg_oltp_inferno.txt");
    let stacks = p.report.stacks.as_ref().unwrap();
    assert_eq!(stacks.weight, StackWeight::Samples);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    // inferno weighs by period: 131 samples × 34482758.
    close(p.num("perf.samples"), 131.0 * 34_482_758.0);
    assert_eq!(p.text("hotspot.1.symbol"), "finish_task_switch.isra.0");
    close(p.num("hotspot.1.self_pct"), 22.0 * 100.0 / 131.0);
    // Unresolved frames in the postgres binary, as inferno names them: the leaf of
    // 14 samples and on the stack of 97.
    assert_eq!(p.text("hotspot.2.symbol"), "[postgres]");
    close(p.num("hotspot.2.self_pct"), 14.0 * 100.0 / 131.0);
    close(p.num("hotspot.2.total_pct"), 97.0 * 100.0 / 131.0);
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Folded, b"").is_err());
    assert!(run_parser(&Folded, b"\n  \n").is_err());
    assert!(run_parser(&Folded, b"a;b;c\n;;; x\n 12\n\xff\xfe 7x\n").is_err());
    // Counts beyond u64 are not numbers.
    assert!(run_parser(&Folded, b"a;b 99999999999999999999999\n").is_err());
    // Degenerate stacks parse without panicking.
    let (facts, _) = run_parser(&Folded, b";;; 3\na;;b; 2\n(;(; 1\n").unwrap();
    assert!(facts.iter().any(|f| f.key == "perf.samples"));
}

#[test]
fn truncated_folded_file_keeps_complete_lines_and_warns() {
    let full = read("folded/java_accounting_async_profiler.txt");
    let end_of_line_2 = full
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(1)
        .unwrap()
        .0;
    // Cut inside the frames of line 2 (before its count of 180): no count, so cut.
    let count_at = full[..end_of_line_2]
        .iter()
        .rposition(|b| *b == b' ')
        .unwrap();
    let (facts, warnings) = run_parser(&Folded, &full[..count_at - 3]).unwrap();
    let samples = facts.iter().find(|f| f.key == "perf.samples").unwrap();
    assert_eq!(samples.value, Value::Number(8870.0));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 2);
    assert!(warnings[0].message.contains("cut off"));
    // Without only its line end, the last stack is whole and counts (180 samples).
    let (facts, warnings) = run_parser(&Folded, &full[..end_of_line_2]).unwrap();
    let samples = facts.iter().find(|f| f.key == "perf.samples").unwrap();
    assert_eq!(samples.value, Value::Number(8870.0 + 180.0));
    assert!(warnings.is_empty(), "{warnings:?}");
}
