use crate::support::*;
use perfsage::facts::{Fact, Value};
use perfsage::parse::CaptureParser;
use perfsage::parse::profile::folded::Folded;
use perfsage::parse::profile::perf_script::PerfScript;
use perfsage::parse::profile::profile_stacks::StackWeight;
use std::collections::HashMap;

fn flag(p: &Parsed, key: &str) -> bool {
    match &p.get(key).value {
        Value::Flag(b) => *b,
        other => panic!("{key} is {other:?}, not a flag"),
    }
}

/// symbol → (self %, inclusive %) of every hotspot in `facts`.
fn shares(facts: &[Fact]) -> HashMap<String, (f64, Option<f64>)> {
    let value = |key: String| facts.iter().find(|f| f.key == key).map(|f| &f.value);
    let mut out = HashMap::new();
    for rank in 1..=50 {
        let Some(Value::Text(symbol)) = value(format!("hotspot.{rank}.symbol")) else {
            break;
        };
        let own = value(format!("hotspot.{rank}.self_pct")).and_then(Value::as_number);
        let total = value(format!("hotspot.{rank}.total_pct")).and_then(Value::as_number);
        out.insert(symbol.clone(), (own.unwrap(), total));
    }
    out
}

#[test]
fn call_chains_give_self_and_inclusive_shares() {
    let p = parse_fixture("perf-script/pg_oltp_callchain.txt");
    assert_eq!(p.tool(), Some("perf-script"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    assert_eq!(p.text("perf.event"), "cpu-clock");
    assert_eq!(p.get("perf.event").provenance.line, 1);
    // 131 samples, every one with period 34482758, so shares are sample counts / 131.
    close(p.num("perf.samples"), 131.0);
    assert_eq!(p.text("hotspot.1.symbol"), "finish_task_switch.isra.0");
    assert_eq!(p.text("hotspot.1.dso"), "[kernel.kallsyms]");
    assert!(flag(&p, "hotspot.1.kernel"));
    close(p.num("hotspot.1.self_pct"), 22.0 * 100.0 / 131.0);
    // 14 leaf frames are unresolved addresses inside the postgres binary; they are
    // named after it, as inferno names them.
    assert_eq!(p.text("hotspot.2.symbol"), "[postgres]");
    assert_eq!(p.text("hotspot.2.dso"), "postgres");
    assert!(!flag(&p, "hotspot.2.kernel"));
    close(p.num("hotspot.2.self_pct"), 14.0 * 100.0 / 131.0);
    assert_eq!(p.text("hotspot.3.symbol"), "_raw_spin_unlock_irqrestore");
    close(p.num("hotspot.3.self_pct"), 12.0 * 100.0 / 131.0);
    assert_eq!(p.text("hotspot.4.symbol"), "heap_page_prune_opt");
    close(p.num("hotspot.4.self_pct"), 9.0 * 100.0 / 131.0);
    // PostgresMain is the leaf of one sample and on the stack of 96.
    let facts: Vec<Fact> = p.facts.iter().map(|(f, _)| f.clone()).collect();
    let all = shares(&facts);
    let (own, total) = all["PostgresMain"];
    close(own, 100.0 / 131.0);
    close(total.unwrap(), 96.0 * 100.0 / 131.0);
    // Shared objects by file name.
    assert!((1..=50).any(|r| p.has(&format!("hotspot.{r}.dso"))
        && p.text(&format!("hotspot.{r}.dso")) == "libc.so.6"));
    close(p.num("hotspot.count"), 50.0);
}

#[test]
fn without_call_chains_only_self_shares() {
    let p = parse_fixture("perf-script/pg_oltp_no_callchain.txt");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    close(p.num("perf.samples"), 147.0);
    assert_eq!(p.text("hotspot.1.symbol"), "finish_task_switch.isra.0");
    close(p.num("hotspot.1.self_pct"), 27.0 * 100.0 / 147.0);
    assert_eq!(p.text("hotspot.2.symbol"), "[postgres]");
    close(p.num("hotspot.2.self_pct"), 17.0 * 100.0 / 147.0);
    assert_eq!(p.text("hotspot.3.symbol"), "_raw_spin_unlock_irqrestore");
    close(p.num("hotspot.3.self_pct"), 16.0 * 100.0 / 147.0);
    assert!(
        !p.has("hotspot.1.total_pct"),
        "no call chains, no inclusive share"
    );
}

#[test]
fn perf_script_agrees_with_perf_report_of_the_same_recording() {
    let script = parse_fixture("perf-script/pg_oltp_callchain.txt");
    let report = parse_fixture("perf-report/pg_small_dso_symbol.txt");
    let script: Vec<Fact> = script.facts.iter().map(|(f, _)| f.clone()).collect();
    let report: Vec<Fact> = report.facts.iter().map(|(f, _)| f.clone()).collect();
    let (script, report) = (shares(&script), shares(&report));
    let mut compared = 0;
    for (symbol, (report_self, _)) in &report {
        if *report_self < 1.0 {
            continue;
        }
        let (script_self, _) = script[symbol];
        // perf report prints two decimals per row; an object's unresolved addresses
        // (`[postgres]`) are many rows, each rounded.
        let rounding = if symbol.starts_with('[') { 0.05 } else { 0.006 };
        assert!(
            (script_self - report_self).abs() < rounding,
            "{symbol}: script {script_self} report {report_self}"
        );
        compared += 1;
    }
    assert!(compared >= 10, "only {compared} symbols compared");
}

#[test]
fn perf_script_and_folded_stacks_of_one_recording_agree() {
    let script = run_parser(&PerfScript, &read("perf-script/pg_oltp_callchain.txt"))
        .unwrap()
        .0;
    // The folded fixture was made by inferno-collapse-perf from the same file.
    let folded = run_parser(&Folded, &read("folded/pg_oltp_inferno.txt"))
        .unwrap()
        .0;
    let (script, folded) = (shares(&script), shares(&folded));
    let mut compared = 0;
    for (symbol, (script_self, _)) in &script {
        if *script_self <= 0.0 {
            continue;
        }
        let (folded_self, _) = folded
            .get(symbol)
            .unwrap_or_else(|| panic!("{symbol} missing from the folded hotspots"));
        assert!(
            (script_self - folded_self).abs() < 0.01,
            "{symbol}: script {script_self} folded {folded_self}"
        );
        compared += 1;
    }
    assert!(compared >= 20, "only {compared} symbols compared");
}

#[test]
fn inferno_folding_in_process_matches_the_perf_script_parser() {
    use inferno::collapse::Collapse;
    use inferno::collapse::perf::{Folder, Options};
    let input = read("perf-script/pg_oltp_callchain.txt");
    let mut options = Options::default();
    options.annotate_kernel = true;
    options.nthreads = 1;
    let mut folded = Vec::new();
    Folder::from(options)
        .collapse(&input[..], &mut folded)
        .unwrap();
    let (folded_facts, _) = run_parser(&Folded, &folded).unwrap();
    let (script_facts, _) = run_parser(&PerfScript, &input).unwrap();
    let value =
        |facts: &[Fact], key: &str| facts.iter().find(|f| f.key == key).map(|f| f.value.clone());
    for rank in 1..=4 {
        for suffix in ["symbol", "self_pct", "total_pct"] {
            let key = format!("hotspot.{rank}.{suffix}");
            assert_eq!(
                value(&folded_facts, &key),
                value(&script_facts, &key),
                "{key}"
            );
        }
    }
    // inferno marks kernel frames only (`_[k]`); user frames stay unmarked.
    let kernel = |facts: &[Fact], rank: usize| value(facts, &format!("hotspot.{rank}.kernel"));
    assert_eq!(kernel(&folded_facts, 1), Some(Value::Flag(true)));
    assert_eq!(kernel(&script_facts, 1), Some(Value::Flag(true)));
    assert_eq!(kernel(&folded_facts, 2), None);
    assert_eq!(kernel(&script_facts, 2), Some(Value::Flag(false)));
}

const TWO_EVENTS: &str = "\
dmserver 4242 [003] 100.000001:     1000 cycles: 
\t    4001a0 os_interlock_inc+0x10 (/opt/dmdbms/bin/dmserver)
\t    400500 buf_page_fix+0x20 (/opt/dmdbms/bin/dmserver)

dmserver 4242 [003] 100.000002:      500 instructions: 
\t    4001a0 os_interlock_inc+0x10 (/opt/dmdbms/bin/dmserver)

dmserver 4243 [001] 100.000003:     3000 cycles: 
\t    7f00aa10 __memcpy_generic+0x30 (/usr/lib64/libc.so.6)
\t    400500 buf_page_fix+0x24 (/opt/dmdbms/bin/dmserver)
\t    400600 buf_page_fix+0x90 (/opt/dmdbms/bin/dmserver)
dmserver 4243 [001] 100.000004: PERF_RECORD_MMAP 4243/4243: [0x7f00aa000(0x1000) @ 0]: x /usr/lib64/libc.so.6
";

#[test]
fn weights_are_periods_and_other_events_are_left_out() {
    let (facts, warnings) = run_parser(&PerfScript, TWO_EVENTS.as_bytes()).unwrap();
    let all = shares(&facts);
    // cycles: 1000 + 3000; memcpy is the leaf of the 3000 one.
    close(all["__memcpy_generic"].0, 75.0);
    close(all["os_interlock_inc"].0, 25.0);
    // buf_page_fix twice in one stack counts once.
    let (own, total) = all["buf_page_fix"];
    close(own, 0.0);
    close(total.unwrap(), 100.0);
    let samples = facts.iter().find(|f| f.key == "perf.samples").unwrap();
    assert_eq!(samples.value, Value::Number(2.0));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 5);
    assert!(warnings[0].message.contains("1 samples of other events"));
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&PerfScript, b"").is_err());
    assert!(run_parser(&PerfScript, b"\n\n\t\n").is_err());
    assert!(run_parser(&PerfScript, b"garbage: 1.5: x\n\t zz (\n((((\n)))\n\xff\n").is_err());
    // Frames without any sample header.
    assert!(run_parser(&PerfScript, b"\t  4001a0 f+0x1 (/bin/x)\n").is_err());
}

#[test]
fn many_malformed_lines_give_a_bounded_number_of_warnings() {
    let mut text = String::from(TWO_EVENTS);
    text.push_str(&"this is not perf output\n".repeat(1000));
    let (_, warnings) = run_parser(&PerfScript, text.as_bytes()).unwrap();
    assert!(warnings.len() <= 22, "{} warnings", warnings.len());
    assert!(
        warnings.iter().any(|w| w.message.contains("980 more")),
        "{warnings:?}"
    );
}

#[test]
fn truncated_script_keeps_complete_samples_and_warns() {
    let full = String::from_utf8(read("perf-script/pg_oltp_callchain.txt")).unwrap();
    // Cut in the middle of the second sample's second frame (line 21).
    let line_21 = full.lines().take(20).map(|l| l.len() + 1).sum::<usize>();
    let cut = &full.as_bytes()[..line_21 + 30];
    let (facts, warnings) = run_parser(&PerfScript, cut).unwrap();
    let samples = facts.iter().find(|f| f.key == "perf.samples").unwrap();
    assert_eq!(samples.value, Value::Number(2.0));
    let all = shares(&facts);
    close(all["__memmove_avx512_unaligned_erms"].0, 50.0);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 21);
    assert!(warnings[0].message.contains("cut off"));
}

/// Every profile parser over every profile fixture, cut at many points and with bytes
/// overwritten: errors and warnings, never a panic.
#[test]
fn mangled_profiles_never_panic() {
    use perfsage::parse::CaptureParser;
    use perfsage::parse::profile::perf_report::PerfReport;
    use perfsage::parse::profile::perf_top::PerfTop;
    let parsers: [&dyn CaptureParser; 4] = [&PerfReport, &PerfTop, &PerfScript, &Folded];
    let fixtures = [
        "perf-report/pg_oltp_children.txt",
        "perf-report/pg_oltp_symbol.txt",
        "perf-top/pg_oltp_top.txt",
        "perf-top/dm8_kunpeng_interlock.txt",
        "perf-script/pg_oltp_callchain.txt",
        "perf-script/pg_oltp_no_callchain.txt",
        "folded/pg_oltp_inferno.txt",
        "folded/java_statistics_jvm_descriptors.txt",
    ];
    // A fixed xorshift sequence: the same mangling on every run.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let noise = b"();:%[]k. \t\n+0x-|";
    for fixture in fixtures {
        let original = read(fixture);
        for _ in 0..40 {
            let mut bytes = original.clone();
            let cut = (next() as usize) % (bytes.len() + 1);
            bytes.truncate(cut);
            for _ in 0..8 {
                if bytes.is_empty() {
                    break;
                }
                let at = (next() as usize) % bytes.len();
                bytes[at] = noise[(next() as usize) % noise.len()];
            }
            for parser in parsers {
                let _ = run_parser(parser, &bytes);
            }
        }
    }
}

#[test]
fn frames_written_flush_left_are_frames() {
    // FlameGraph's test input perf-java-stacks-02.txt writes frames without indent,
    // under a `comm pid event:` header without a time stamp (excerpt, frames shortened).
    let text = b"\njava 19983 cycles:\nffffffff8103d0ca native_write_msr_safe ([kernel.kallsyms])\nffffffff810275f1 intel_pmu_enable_all ([kernel.kallsyms])\n7f7241239aec writeBytes (/opt/jdk1.8.0_112/jre/lib/amd64/libjava.so)\n7f722d142778 Ljava/io/PrintStream;::print (/tmp/perf-19982.map)\n7f722d12e1d4 LBusy;::main (/tmp/perf-19982.map)\n7f72432b4e9a start_thread (/lib/x86_64-linux-gnu/libpthread-2.15.so)\n\n";
    let p = parse_bytes("perf-java.txt", text);
    assert_eq!(p.tool(), Some("perf-script"));
    assert_eq!(p.text("hotspot.1.symbol"), "native_write_msr_safe");
    close(p.num("hotspot.count"), 6.0);
    let stacks = p.report.stacks.as_ref().unwrap();
    assert_eq!(stacks.weight, StackWeight::EventPeriod);
    assert_eq!(
        stacks.stacks.keys().collect::<Vec<_>>(),
        [
            "java;start_thread;LBusy:::main;Ljava/io/PrintStream:::print;writeBytes;intel_pmu_enable_all;native_write_msr_safe"
        ]
    );
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn the_same_read_folds_every_stack_under_its_command() {
    let p = parse_fixture("perf-script/pg_oltp_callchain.txt");
    let stacks = p
        .report
        .stacks
        .as_ref()
        .expect("stacks for the flame graph");
    // Every sample weighs its period; all stacks together weigh every sample.
    let samples = p.num("perf.samples") as u64;
    assert_eq!(stacks.total % 34_482_758, 0, "cpu-clock periods");
    assert_eq!(stacks.total / 34_482_758, samples);
    assert_eq!(stacks.stacks.values().sum::<u64>(), stacks.total);
    // A frame's `;` would split it: frames never hold one.
    assert!(
        stacks
            .stacks
            .keys()
            .all(|s| !s.split(';').any(str::is_empty))
    );
    assert!(
        stacks
            .stacks
            .keys()
            .any(|s| s.starts_with("postgres;__libc_start_call_main;main;PostmasterMain;")),
        "root first"
    );
}

#[test]
fn folded_stacks_match_inferno_collapse_perf() {
    // The flame graph's stacks were folded by inferno's perf collapser before the
    // parser folded them in its own read: both must agree stack for stack.
    use inferno::collapse::Collapse;
    use inferno::collapse::perf::{Folder, Options};
    let input = read("perf-script/pg_oltp_callchain.txt");
    let mut options = Options::default();
    options.nthreads = 1;
    let mut folded = Vec::new();
    Folder::from(options)
        .collapse(&input[..], &mut folded)
        .unwrap();
    let inferno: std::collections::HashMap<String, u64> = String::from_utf8(folded)
        .unwrap()
        .lines()
        .map(|line| {
            let (stack, count) = line.rsplit_once(' ').unwrap();
            (stack.to_string(), count.parse().unwrap())
        })
        .collect();
    let p = parse_fixture("perf-script/pg_oltp_callchain.txt");
    let ours = &p.report.stacks.as_ref().unwrap().stacks;
    let mut differ: Vec<&String> = inferno
        .keys()
        .filter(|k| ours.get(*k) != inferno.get(*k))
        .collect();
    differ.sort();
    assert!(
        differ.is_empty(),
        "{} of {} stacks differ, e.g. {:?}",
        differ.len(),
        inferno.len(),
        &differ[..differ.len().min(3)]
    );
    assert_eq!(ours.len(), inferno.len());
}

#[test]
fn shell_history_is_not_a_perf_script() {
    // `history` output numbers its lines; `echo $(date)` reads like a frame and a
    // mistyped `make:` like a sample header without a time stamp.
    let real = String::from_utf8(read("shell-history/history_output.txt")).unwrap();
    let tricky = real.replacen(
        "    7  echo $(date)",
        "    7  make: \n    8  echo $(date)",
        1,
    );
    assert_ne!(real, tricky);
    for text in [&real, &tricky] {
        let p = parse_bytes("history.txt", text.as_bytes());
        assert_eq!(p.tool(), None, "{:?}", p.report);
    }
    // The same two lines alone (no numbered run) still read as perf script.
    assert!(
        PerfScript
            .sniff("    16  make: \n    17  echo $(date)\n")
            .is_some()
    );
}

#[test]
fn inlined_java_frames_are_frames_of_their_own() {
    // perf-map-agent (unfoldall) writes a JIT frame with the methods inlined into it
    // as `a->b->c`; inferno splits it into three frames, `c` innermost.
    let text = b"java 19983 [001] 100.000001: 1000 cycles: \n\t7f722d142778 LFoo;::a->LBar;::b->LBaz;::c (/tmp/perf-19982.map)\n\t7f72432b4e9a start_thread (/lib/x86_64-linux-gnu/libpthread-2.15.so)\n\n";
    let p = parse_bytes("perf-java.txt", text);
    assert_eq!(p.text("hotspot.1.symbol"), "LBaz;::c");
    close(p.num("hotspot.1.self_pct"), 100.0);
    close(p.num("hotspot.count"), 4.0);
    let stacks = &p.report.stacks.as_ref().unwrap().stacks;
    assert_eq!(
        stacks.keys().collect::<Vec<_>>(),
        ["java;start_thread;LFoo:::a;LBar:::b;LBaz:::c"]
    );
}

#[test]
fn command_shares_are_each_commands_weight_of_the_samples() {
    // Counted here from the sample headers (`comm pid time: period cpu-clock:`).
    let path = "bundles/pg-oltp-profile/perf-script.txt";
    let text = std::fs::read_to_string(fixture(path)).unwrap();
    let mut weights: HashMap<&str, f64> = HashMap::new();
    for line in text
        .lines()
        .filter(|l| l.contains(" cpu-clock:") && !l.starts_with('\t'))
    {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        *weights.entry(tokens[0]).or_default() += tokens[3].parse::<f64>().unwrap();
    }
    let total: f64 = weights.values().sum();
    assert!(weights.len() >= 2, "{weights:?}");
    let p = parse_fixture(path);
    for (command, weight) in &weights {
        close(
            p.num(&format!("perf.command.{command}.pct")),
            weight * 100.0 / total,
        );
    }
    let single = parse_fixture("perf-script/pg_oltp_callchain.txt");
    let commands: Vec<&str> = single
        .keys()
        .into_iter()
        .filter(|k| k.starts_with("perf.command."))
        .collect();
    assert_eq!(commands, ["perf.command.postgres.pct"]);
    close(single.num("perf.command.postgres.pct"), 100.0);
}

#[test]
fn kernel_share_agrees_with_perf_report_of_the_same_recording() {
    let script = parse_fixture("perf-script/pg_oltp_callchain.txt");
    let report = parse_fixture("perf-report/pg_small_dso_symbol.txt");
    let (script, report) = (script.num("perf.kernel_pct"), report.num("perf.kernel_pct"));
    // perf report rounds each row to two decimals.
    assert!(
        report > 5.0 && (script - report).abs() < 0.5,
        "script {script} report {report}"
    );
}
