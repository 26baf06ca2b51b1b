use crate::support::*;
use perfsage::facts::Value;
use perfsage::parse::profile::perf_report::PerfReport;

fn flag(p: &Parsed, key: &str) -> bool {
    match &p.get(key).value {
        Value::Flag(b) => *b,
        other => panic!("{key} is {other:?}, not a flag"),
    }
}

#[test]
fn no_children_report_ranks_by_overhead() {
    let p = parse_fixture("perf-report/pg_oltp_no_children.txt");
    assert_eq!(p.tool(), Some("perf-report"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    assert_eq!(p.text("perf.event"), "cpu-clock");
    close(p.num("perf.samples"), 710.0);
    assert_eq!(p.get("perf.samples").provenance.line, 6);

    assert_eq!(p.text("hotspot.1.symbol"), "finish_task_switch.isra.0");
    assert_eq!(p.text("hotspot.1.dso"), "[kernel.kallsyms]");
    assert!(flag(&p, "hotspot.1.kernel"));
    close(p.num("hotspot.1.self_pct"), 18.73);
    assert!(!p.has("hotspot.1.total_pct"), "no Children column");
    assert_eq!(p.get("hotspot.1.symbol").provenance.line, 12);

    // The postgres binary lacks its local symbols: perf lists those functions by
    // address, one row per address, and they add up to one entry named after the
    // object, from the first such row (line 244) to the last (776).
    assert_eq!(p.text("hotspot.2.symbol"), "[postgres]");
    assert_eq!(p.text("hotspot.2.dso"), "postgres");
    assert!(!flag(&p, "hotspot.2.kernel"));
    assert!((p.num("hotspot.2.self_pct") - 14.87).abs() < 1e-9);
    assert_eq!(line_range(p.get("hotspot.2.self_pct")), (244, 776));
    assert_eq!(p.text("hotspot.3.symbol"), "hash_search_with_hash_value");
    close(p.num("hotspot.3.self_pct"), 3.94);
    assert_eq!(p.text("hotspot.7.symbol"), "[libcrypto.so.3]");
    // Two rows at 0.99 %: ties go by name.
    assert_eq!(p.text("hotspot.12.symbol"), "_bt_compare");
    assert_eq!(p.text("hotspot.13.symbol"), "handle_softirqs");
    let addresses: Vec<&str> = (1..=50)
        .map(|rank| p.text(&format!("hotspot.{rank}.symbol")))
        .filter(|symbol| symbol.starts_with("0x"))
        .collect();
    assert!(addresses.is_empty(), "{addresses:?}");
    // Their inclusive shares overlap: the sum has none.
    let children = parse_fixture("perf-report/pg_oltp_children.txt");
    assert_eq!(children.text("hotspot.6.symbol"), "[postgres]");
    assert!(!children.has("hotspot.6.total_pct"));
    // 316 rows in the report, the top 50 become facts.
    close(p.num("hotspot.count"), 50.0);
    assert!(p.has("hotspot.50.symbol") && !p.has("hotspot.51.symbol"));
}

#[test]
fn children_report_has_inclusive_shares_and_skips_call_graphs() {
    let p = parse_fixture("perf-report/pg_oltp_children.txt");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    assert_eq!(p.text("hotspot.1.symbol"), "finish_task_switch.isra.0");
    close(p.num("hotspot.1.self_pct"), 18.73);
    close(p.num("hotspot.1.total_pct"), 19.86);
    assert_eq!(p.get("hotspot.1.self_pct").provenance.line, 228);
    assert_eq!(p.text("hotspot.3.symbol"), "heap_hot_search_buffer");
    close(p.num("hotspot.3.total_pct"), 5.35);
    assert_eq!(p.text("hotspot.8.symbol"), "PostgresMain");
    close(p.num("hotspot.8.self_pct"), 1.41);
    close(p.num("hotspot.8.total_pct"), 78.17);
    // Call-graph lines name functions too (`--78.17%--PostgresMain`, `main`); none of
    // them may become an entry: every symbol appears once.
    let symbols: Vec<&str> = (1..=50)
        .filter(|r| p.has(&format!("hotspot.{r}.symbol")))
        .map(|r| p.text(&format!("hotspot.{r}.symbol")))
        .collect();
    let mut unique = symbols.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(symbols.len(), unique.len(), "{symbols:?}");
}

#[test]
fn call_graph_report_and_no_children_report_agree_on_the_top() {
    let children = parse_fixture("perf-report/pg_oltp_children.txt");
    let flat = parse_fixture("perf-report/pg_oltp_no_children.txt");
    // The children report was cut at 1 % (--percent-limit 1): compare the nine
    // entries at or above 1 % self.
    // Unresolved addresses below 1 % were cut from it, so `[postgres]` is smaller
    // there and the named functions are compared.
    let named = |p: &Parsed| -> Vec<(String, f64)> {
        (1..=12)
            .map(|rank| {
                (
                    p.text(&format!("hotspot.{rank}.symbol")).to_string(),
                    p.num(&format!("hotspot.{rank}.self_pct")),
                )
            })
            .filter(|(symbol, share)| !symbol.starts_with('[') && *share >= 1.0)
            .collect()
    };
    let (children, flat) = (named(&children), named(&flat));
    assert_eq!(children.len(), 8, "{children:?}");
    assert_eq!(children, flat);
}

#[test]
fn sort_dso_symbol_with_ipc_columns() {
    let p = parse_fixture("perf-report/pg_oltp_dso_symbol.txt");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    assert_eq!(p.text("hotspot.1.symbol"), "finish_task_switch.isra.0");
    assert_eq!(p.text("hotspot.1.dso"), "[kernel.kallsyms]");
    assert_eq!(p.text("hotspot.5.symbol"), "heap_page_prune_opt");
    assert_eq!(p.text("hotspot.5.dso"), "postgres");
    close(p.num("hotspot.5.self_pct"), 2.54);
}

#[test]
fn sort_symbol_has_no_shared_object() {
    let p = parse_fixture("perf-report/pg_oltp_symbol.txt");
    assert_eq!(p.text("hotspot.1.symbol"), "finish_task_switch.isra.0");
    assert!(flag(&p, "hotspot.1.kernel"));
    assert!(!p.has("hotspot.1.dso"));
    assert_eq!(p.text("hotspot.2.symbol"), "hash_search_with_hash_value");
    assert!(!flag(&p, "hotspot.2.kernel"));
}

const TWO_COMMANDS: &str = "\
# Samples: 12K of event 'cycles'
# Event count (approx.): 9876543210
#
# Overhead  Command   Shared Object      Symbol
# ........  ........  .................  ..............................
#
    30.00%  dmserver  dmserver           [.] os_interlock_inc
    20.00%  dmserver  libc.so.6          [.] memcpy
    15.00%  dmwork    dmserver           [.] os_interlock_inc
     5.00%  dmwork    libstringlib.so    [.] memcpy
     1.00%  dmserver  [kernel.kallsyms]  [k] std::vector<int, std::allocator<int> >::size() const
";

#[test]
fn rows_of_one_function_under_several_commands_are_summed() {
    let p = parse_bytes("report.txt", TWO_COMMANDS.as_bytes());
    assert_eq!(p.tool(), Some("perf-report"));
    assert_eq!(p.text("perf.event"), "cycles");
    close(p.num("perf.samples"), 12_000.0);
    assert_eq!(p.text("hotspot.1.symbol"), "os_interlock_inc");
    close(p.num("hotspot.1.self_pct"), 45.0);
    assert_eq!(p.get("hotspot.1.self_pct").provenance.line, 7);
    assert_eq!(p.get("hotspot.1.self_pct").provenance.line_end, 9);
    // memcpy in two different libraries stays two hotspots.
    assert_eq!(p.text("hotspot.2.dso"), "libc.so.6");
    assert_eq!(p.text("hotspot.3.dso"), "libstringlib.so");
    // Symbols may hold spaces.
    assert_eq!(
        p.text("hotspot.4.symbol"),
        "std::vector<int, std::allocator<int> >::size() const"
    );
    close(p.num("hotspot.count"), 4.0);
}

#[test]
fn only_the_first_event_is_read() {
    let second = TWO_COMMANDS.replace("'cycles'", "'instructions'");
    let both = format!("{TWO_COMMANDS}#\n{second}");
    let (facts, warnings) = run_parser(&PerfReport, both.as_bytes()).unwrap();
    let count = facts.iter().find(|f| f.key == "hotspot.count").unwrap();
    assert_eq!(count.value, Value::Number(4.0));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 13);
    assert!(warnings[0].message.contains("more than one event"));
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&PerfReport, b"").is_err());
    assert!(run_parser(&PerfReport, b"\x01\x02 garbage %%% [k]\n# ...\n   12.5%\n").is_err());
    // A header without entries.
    let header_only: String = TWO_COMMANDS.lines().take(6).collect::<Vec<_>>().join("\n");
    let err = run_parser(&PerfReport, header_only.as_bytes()).unwrap_err();
    assert!(err.message.contains("no entries"), "{err}");
    // Ragged lines shorter than the columns.
    assert!(
        run_parser(
            &PerfReport,
            b"# Overhead  Symbol\n# ........  ......\n 1%\n"
        )
        .is_err()
    );
}

#[test]
fn truncated_report_keeps_complete_entries_and_warns() {
    let full = read("perf-report/pg_oltp_no_children.txt");
    // Cut inside the third entry's symbol.
    let text = String::from_utf8(full).unwrap();
    let cut = text.find("[.] heap_hot_search_buffer").unwrap() + 10;
    let (facts, warnings) = run_parser(&PerfReport, &text.as_bytes()[..cut]).unwrap();
    let symbols: Vec<String> = facts
        .iter()
        .filter(|f| f.key.ends_with(".symbol"))
        .map(|f| f.value.to_string())
        .collect();
    assert_eq!(
        symbols,
        ["finish_task_switch.isra.0", "hash_search_with_hash_value"]
    );
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let cut_line = text[..cut].lines().count() as u64;
    assert_eq!(warnings[0].line, cut_line);
    assert!(warnings[0].message.contains("cut off"));
}

#[test]
fn a_stripped_program_is_one_entry_not_a_list_of_addresses() {
    let p = parse_fixture("perf-report/sysbench_stripped_no_children.txt");
    assert_eq!(p.text("hotspot.1.symbol"), "[sysbench]");
    assert_eq!(p.text("hotspot.1.dso"), "sysbench");
    assert!((p.num("hotspot.1.self_pct") - 99.68).abs() < 1e-9);
    assert_eq!(line_range(p.get("hotspot.1.self_pct")), (12, 65));
    assert_eq!(p.text("hotspot.2.symbol"), "irqentry_exit_to_user_mode");
    close(p.num("hotspot.count"), 3.0);
}
