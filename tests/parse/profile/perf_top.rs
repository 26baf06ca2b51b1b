use crate::support::*;
use perfsage::facts::Value;
use perfsage::parse::profile::perf_top::PerfTop;

fn flag(p: &Parsed, key: &str) -> bool {
    match &p.get(key).value {
        Value::Flag(b) => *b,
        other => panic!("{key} is {other:?}, not a flag"),
    }
}

#[test]
fn real_capture_uses_the_last_snapshot() {
    let p = parse_fixture("perf-top/pg_oltp_top.txt");
    assert_eq!(p.tool(), Some("perf-top"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    assert_eq!(p.text("perf.event"), "cpu-clock");
    assert_eq!(p.get("perf.event").provenance.line, 123);
    assert_eq!(p.text("hotspot.1.symbol"), "finish_task_switch.isra.0");
    assert_eq!(p.text("hotspot.1.dso"), "[kernel]");
    assert!(flag(&p, "hotspot.1.kernel"));
    close(p.num("hotspot.1.self_pct"), 13.94);
    // 8.78 % in the refresh before, 9.29 % in the last one.
    assert_eq!(p.text("hotspot.2.symbol"), "_raw_spin_unlock_irqrestore");
    close(p.num("hotspot.2.self_pct"), 9.29);
    assert_eq!(p.get("hotspot.2.self_pct").provenance.line, 127);
    assert_eq!(p.text("hotspot.3.symbol"), "hash_search_with_hash_value");
    assert_eq!(p.text("hotspot.3.dso"), "postgres");
    assert!(!flag(&p, "hotspot.3.kernel"));
    assert_eq!(p.text("hotspot.8.dso"), "libc.so.6");
    assert_eq!(
        p.text("hotspot.8.symbol"),
        "__memmove_avx512_unaligned_erms"
    );
    assert!(!p.has("hotspot.1.total_pct"));
    // The postgres binary's unresolved addresses (six rows, lines 132–152) are one
    // entry named after it.
    assert_eq!(p.text("hotspot.4.symbol"), "[postgres]");
    close(p.num("hotspot.4.self_pct"), 4.4);
    assert_eq!(line_range(p.get("hotspot.4.self_pct")), (132, 152));
    // Lines 126–160 of the last refresh: 35 rows, 30 entries.
    close(p.num("hotspot.count"), 30.0);
}

#[test]
fn kunpeng_dm8_lock_functions() {
    let p = parse_fixture("perf-top/dm8_kunpeng_interlock.txt");
    assert_eq!(p.text("perf.event"), "cycles");
    let expected = [
        ("os_interlock_inc", 18.52),
        ("os_interlock_dec", 11.37),
        ("os_interlock_read64", 6.04),
    ];
    let mut lock_share = 0.0;
    for (rank, (symbol, share)) in expected.iter().enumerate() {
        let rank = rank + 1;
        assert_eq!(p.text(&format!("hotspot.{rank}.symbol")), *symbol);
        assert_eq!(p.text(&format!("hotspot.{rank}.dso")), "dmserver");
        close(p.num(&format!("hotspot.{rank}.self_pct")), *share);
        lock_share += p.num(&format!("hotspot.{rank}.self_pct"));
    }
    close(lock_share, 35.93);
    close(p.num("hotspot.count"), 18.0);
}

#[test]
fn memcpy_resolves_into_libc_or_stringlib() {
    let before = parse_fixture("perf-top/dm8_write_memcpy_libc.txt");
    assert_eq!(before.text("hotspot.1.symbol"), "__memcpy_generic");
    assert_eq!(before.text("hotspot.1.dso"), "libc.so.6");
    close(before.num("hotspot.1.self_pct"), 9.84);
    let after = parse_fixture("perf-top/dm8_write_memcpy_stringlib.txt");
    assert_eq!(after.text("hotspot.1.symbol"), "memcpy");
    assert_eq!(after.text("hotspot.1.dso"), "libstringlib.so");
    close(after.num("hotspot.1.self_pct"), 6.12);
    assert_eq!(after.text("hotspot.14.dso"), "libstringlib.so");
}

#[test]
fn call_graph_mode_has_children_and_self() {
    let text = "   PerfTop:    1000 irqs/sec  kernel: 5.0%  exact:  0.0% lost: 0/0 drop: 0/0 [4000Hz cycles:P],  (all, 4 CPUs)
-------------------------------------------------------------------------------

    60.00%    45.10%  dmserver  [.] os_interlock_inc
            |
            ---os_interlock_inc
               |--30.00%--buf_page_fix
    80.00%     0.00%  dmserver  [.] main
";
    let (facts, warnings) = run_parser(&PerfTop, text.as_bytes()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let get = |key: &str| facts.iter().find(|f| f.key == key).map(|f| f.value.clone());
    assert_eq!(get("perf.event"), Some(Value::Text("cycles:P".into())));
    assert_eq!(get("hotspot.1.self_pct"), Some(Value::Number(45.10)));
    assert_eq!(get("hotspot.1.total_pct"), Some(Value::Number(60.0)));
    assert_eq!(get("hotspot.2.symbol"), Some(Value::Text("main".into())));
    assert_eq!(get("hotspot.count"), Some(Value::Number(2.0)));
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&PerfTop, b"").is_err());
    assert!(run_parser(&PerfTop, b"garbage\n 12.5% [k]\n\xff\xfe\n").is_err());
    // Refreshes without rows (perf top still reading symbols).
    let empty = "   PerfTop:       0 irqs/sec  kernel: 0.0%  exact:  0.0% lost: 0/0 drop: 0/0 [4000Hz cpu-clock],  (all, 2 CPUs)\n---\n\n";
    assert!(run_parser(&PerfTop, empty.repeat(3).as_bytes()).is_err());
}

#[test]
fn cut_last_snapshot_falls_back_to_the_one_before() {
    let full = String::from_utf8(read("perf-top/pg_oltp_top.txt")).unwrap();
    // Cut inside the 4th row of the last refresh (line 129).
    let last = full.rfind("PerfTop:").unwrap();
    let row = last + full[last..].find("heap_hot_search_buffer").unwrap();
    let cut = &full.as_bytes()[..row + 5];
    let (facts, warnings) = run_parser(&PerfTop, cut).unwrap();
    let get = |key: &str| facts.iter().find(|f| f.key == key).map(|f| f.value.clone());
    // The refresh before (line 84) has _raw_spin_unlock_irqrestore at 8.78 %.
    assert_eq!(get("hotspot.2.self_pct"), Some(Value::Number(8.78)));
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert_eq!(warnings[0].line, 129);
    assert!(warnings[0].message.contains("cut off"));
    assert_eq!(warnings[1].line, 123);
    assert!(warnings[1].message.contains("line 84"), "{warnings:?}");
}
