use crate::support::*;
use perfsage::parse::profile::perf_stat::PerfStat;

#[test]
fn a_command_run_in_a_vm_without_a_pmu() {
    let p = parse_fixture("perf-stat/default-sysbench.txt");
    assert_eq!(p.tool(), Some("perf-stat"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    assert_eq!(
        p.text("perf.stat.target"),
        "sysbench cpu --threads=2 --time=3 run"
    );
    close(p.num("perf.stat.task_clock_ms"), 5944.18);
    assert_eq!(p.get("perf.stat.task_clock_ms").provenance.line, 4);
    close(p.num("perf.stat.elapsed_s"), 3.009311723);
    assert_eq!(p.get("perf.stat.elapsed_s").provenance.line, 13);
    close(p.num("perf.stat.cpus_utilized"), 5.94418 / 3.009311723);
    // Per second of elapsed time, not perf's 32.301 /sec of CPU time.
    close(
        p.num("perf.stat.context_switches_per_s"),
        192.0 / 3.009311723,
    );
    let rate = p.get("perf.stat.context_switches_per_s");
    assert_eq!(line_range(rate), (5, 13));
    close(p.num("perf.stat.cpu_migrations_per_s"), 0.0);
    close(p.num("perf.stat.page_faults_per_s"), 788.0 / 3.009311723);
    // The hardware events are listed, not counted.
    assert_eq!(
        p.text("perf.stat.unsupported"),
        "cycles,instructions,branches,branch-misses"
    );
    assert!(!p.has("perf.stat.cycles"));
    assert!(!p.has("perf.stat.ipc"));
}

#[test]
fn system_wide_counts_cpu_clock_and_reads_thousands_separators() {
    let p = parse_fixture("perf-stat/system-wide-sleep-2.txt");
    assert_eq!(p.text("perf.stat.target"), "system wide");
    close(p.num("perf.stat.task_clock_ms"), 4032.99);
    close(
        p.num("perf.stat.context_switches_per_s"),
        104_655.0 / 2.016373237,
    );
    let big = parse_fixture("perf-stat/big-num-system-wide-sysbench-threads.txt");
    close(big.num("perf.stat.task_clock_ms"), 4019.94);
    close(
        big.num("perf.stat.context_switches_per_s"),
        2_611_865.0 / 2.009975645,
    );
    close(big.num("perf.stat.cpus_utilized"), 4.01994 / 2.009975645);
}

#[test]
fn a_short_command_keeps_its_small_figures() {
    let p = parse_fixture("perf-stat/sleep-1.txt");
    close(p.num("perf.stat.task_clock_ms"), 1.09);
    close(p.num("perf.stat.context_switches_per_s"), 1.0 / 1.002800699);
    assert_eq!(p.text("perf.stat.target"), "sleep 1");
}

#[test]
fn kunpeng_counters_give_ipc_and_cache_miss_ratio() {
    let p = parse_fixture("perf-stat/reconstructed-kunpeng920-system-wide.txt");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    close(p.num("perf.stat.cycles"), 1_747_391_824_517.0);
    close(p.num("perf.stat.instructions"), 1_065_909_012_955.0);
    close(
        p.num("perf.stat.ipc"),
        1_065_909_012_955.0 / 1_747_391_824_517.0,
    );
    let ipc = p.get("perf.stat.ipc");
    assert_eq!(line_range(ipc), (8, 9));
    close(
        p.num("perf.stat.cache_miss_pct"),
        27_183_950_214.0 / 412_578_106_332.0 * 100.0,
    );
    close(p.num("perf.stat.branch_misses"), 4_011_367_842.0);
    // No branches counted: no miss ratio.
    assert!(!p.has("perf.stat.branch_miss_pct"));
    close(p.num("perf.stat.cpus_utilized"), 960.10539 / 10.001186745);
    assert!(!p.has("perf.stat.unsupported"));
}

#[test]
fn multiplexed_counters_still_parse_and_report_the_least_counted_share() {
    let p = parse_fixture("perf-stat/reconstructed-x86-xeon-process.txt");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    assert_eq!(p.text("perf.stat.target"), "process id 31337");
    close(
        p.num("perf.stat.ipc"),
        143_877_013_245.0 / 101_234_567_890.0,
    );
    close(
        p.num("perf.stat.branch_miss_pct"),
        301_234_117.0 / 28_731_900_412.0 * 100.0,
    );
    close(p.num("perf.stat.least_counted_pct"), 57.13);
    assert_eq!(p.get("perf.stat.least_counted_pct").provenance.line, 14);
}

#[test]
fn interval_mode_gives_a_series_per_counter_and_totals() {
    let p = parse_fixture("perf-stat/interval-sysbench.txt");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    // Three whole intervals; the 12.8 ms stub at the end is in the totals only.
    let cs = p.series("perf.stat.interval.context_switches_per_s");
    assert_eq!((cs.count, cs.interval_s), (3, Some(1.002)));
    close(cs.max, 55_316.0 / (2.004697558 - 1.001762963));
    let cpus = p.series("perf.stat.interval.cpus_utilized");
    close(cpus.min, 2.00591 / (2.004697558 - 1.001762963));
    assert_eq!(p.get("perf.stat.interval.cpus_utilized").provenance.line, 2);
    close(p.num("perf.stat.elapsed_s"), 3.019964211);
    close(
        p.num("perf.stat.task_clock_ms"),
        2004.50 + 2005.91 + 2012.26 + 17.58,
    );
    close(
        p.num("perf.stat.context_switches_per_s"),
        (53_449.0 + 55_316.0 + 26_452.0 + 13.0) / 3.019964211,
    );
    assert_eq!(p.text("perf.stat.unsupported"), "cycles,instructions");
}

#[test]
fn interval_mode_with_hardware_counters_gives_ipc_per_interval() {
    let text = "#           time             counts unit events\n\
         1.000123456      2,000,000,000      cycles\n\
         1.000123456      1,200,000,000      instructions              #    0.60  insn per cycle\n\
         2.000234567      2,000,000,000      cycles\n\
         2.000234567      1,000,000,000      instructions              #    0.50  insn per cycle\n";
    let (facts, warnings) = run_parser(&PerfStat, text.as_bytes()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let ipc = facts
        .iter()
        .find(|f| f.key == "perf.stat.interval.ipc")
        .unwrap();
    match &ipc.value {
        perfsage::facts::Value::Series(s) => {
            assert_eq!(s.count, 2);
            close(s.max, 0.6);
            close(s.min, 0.5);
        }
        other => panic!("{other:?}"),
    }
    let total = facts.iter().find(|f| f.key == "perf.stat.ipc").unwrap();
    assert_eq!(total.value, num(2.2e9 / 4e9));
}

#[test]
fn csv_mode_takes_elapsed_time_from_cpus_utilized() {
    let p = parse_fixture("perf-stat/csv-sysbench.txt");
    assert_eq!(p.tool(), Some("perf-stat"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    close(p.num("perf.stat.task_clock_ms"), 5987.09);
    close(p.num("perf.stat.cpus_utilized"), 1.991);
    let elapsed = 5.98709 / 1.991;
    close(p.num("perf.stat.elapsed_s"), elapsed);
    close(p.num("perf.stat.context_switches_per_s"), 140.0 / elapsed);
    assert_eq!(
        p.text("perf.stat.unsupported"),
        "cycles,instructions,cache-references,cache-misses,branch-misses"
    );
}

#[test]
fn csv_interval_mode_gives_series() {
    let p = parse_fixture("perf-stat/csv-interval-sleep-3.txt");
    let cs = p.series("perf.stat.interval.context_switches_per_s");
    assert_eq!(cs.count, 3);
    close(cs.max, 101.0 / 1.001112874);
    close(p.num("perf.stat.elapsed_s"), 3.001508190);
    close(
        p.num("perf.stat.task_clock_ms"),
        2002.65 + 2002.77 + 1997.85,
    );
}

#[test]
fn csv_hardware_counters_and_not_counted_rows() {
    let text = "1234567890,,cycles,1000000,100.00,,\n\
                740740734,,instructions,1000000,100.00,0.60,insn per cycle\n\
                <not counted>,,cache-misses,0,0.00,,\n";
    let (facts, warnings) = run_parser(&PerfStat, text.as_bytes()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let get = |key: &str| facts.iter().find(|f| f.key == key).unwrap();
    assert_eq!(
        get("perf.stat.ipc").value,
        num(740_740_734.0 / 1_234_567_890.0)
    );
    assert_eq!(
        get("perf.stat.not_counted").value,
        text_value("cache-misses")
    );
}

fn text_value(t: &str) -> perfsage::facts::Value {
    perfsage::facts::Value::Text(t.to_string())
}

/// Each CPU's figure in the `-A` rows of `event`, read off the fixture by text search:
/// (cpu, count, line).
fn per_cpu_rows(relative: &str, event: &str) -> Vec<(u32, f64, u64)> {
    let text = String::from_utf8(read(relative)).unwrap();
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let fields: Vec<&str> = if line.contains(',') {
                line.split(',').collect()
            } else {
                line.split_whitespace().collect()
            };
            let cpu = fields.first()?.strip_prefix("CPU")?.parse().ok()?;
            let named = fields.contains(&event);
            let count = fields.get(1)?.parse().ok()?;
            named.then_some((cpu, count, i as u64 + 1))
        })
        .collect()
}

#[test]
fn per_cpu_rows_give_each_cpu_and_the_totals() {
    let f = "perf-stat/per-cpu-a-sleep-2.txt";
    let p = parse_fixture(f);
    assert_eq!(p.tool(), Some("perf-stat"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    let elapsed = p.num("perf.stat.elapsed_s");
    let clocks = per_cpu_rows(f, "task-clock");
    assert_eq!(clocks.len(), 2);
    for (cpu, ms, line) in &clocks {
        let key = format!("perf.stat.cpu.{cpu}.task_clock_ms");
        close(p.num(&key), *ms);
        assert_eq!(p.get(&key).provenance.line, *line);
        close(
            p.num(&format!("perf.stat.cpu.{cpu}.cpus_utilized")),
            ms / 1000.0 / elapsed,
        );
    }
    for (event, name) in [
        ("context-switches", "context_switches_per_s"),
        ("cpu-migrations", "cpu_migrations_per_s"),
        ("page-faults", "page_faults_per_s"),
    ] {
        let rows = per_cpu_rows(f, event);
        for (cpu, count, _) in &rows {
            close(
                p.num(&format!("perf.stat.cpu.{cpu}.{name}")),
                count / elapsed,
            );
        }
        // The totals are what perf prints without -A: the CPUs' sum.
        let sum: f64 = rows.iter().map(|r| r.1).sum();
        close(p.num(&format!("perf.stat.{name}")), sum / elapsed);
    }
    let clock_sum: f64 = clocks.iter().map(|c| c.1).sum();
    close(p.num("perf.stat.task_clock_ms"), clock_sum);
    close(
        p.num("perf.stat.cpus_utilized"),
        clock_sum / 1000.0 / elapsed,
    );
    // The same total keys as the run without -A.
    let plain = parse_fixture("perf-stat/system-wide-sleep-2.txt");
    for key in plain.keys() {
        if key != "perf.stat.unsupported" {
            assert!(p.has(key), "{key}");
        }
    }
}

#[test]
fn per_cpu_unsupported_counters_are_listed_once() {
    let p = parse_fixture("perf-stat/per-cpu-a-cycles-sleep-2.txt");
    assert_eq!(p.text("perf.stat.unsupported"), "cycles,instructions");
    assert!(!p.has("perf.stat.cycles"));
    assert!(!p.has("perf.stat.cpu.0.cycles"));
    assert!(!p.has("perf.stat.cpu.0.ipc"));
    assert!(p.has("perf.stat.cpu.1.page_faults_per_s"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn per_cpu_csv_takes_the_elapsed_time_from_one_cpus_comment() {
    let f = "perf-stat/per-cpu-a-csv-sleep-2.txt";
    let p = parse_fixture(f);
    assert_eq!(p.tool(), Some("perf-stat"));
    let clocks = per_cpu_rows(f, "task-clock");
    // CPU0's row: 2002.07 msec at `1.000 CPUs utilized`; not the sum over one CPU's share.
    close(p.num("perf.stat.elapsed_s"), clocks[0].1 / 1000.0 / 1.0);
    let sum: f64 = clocks.iter().map(|c| c.1).sum();
    close(p.num("perf.stat.task_clock_ms"), sum);
    let switches = per_cpu_rows(f, "context-switches");
    close(
        p.num("perf.stat.cpu.1.context_switches_per_s"),
        switches[1].1 / p.num("perf.stat.elapsed_s"),
    );
    assert_eq!(p.text("perf.stat.unsupported"), "cycles,instructions");
}

#[test]
fn per_cpu_intervals_sum_into_the_series_and_each_cpu() {
    let p = parse_fixture("perf-stat/per-cpu-interval-sleep-2.txt");
    let s = p.series("perf.stat.interval.context_switches_per_s");
    assert_eq!(s.count, 2);
    // First interval: 369 + 510 switches over 1.001073022 s.
    close(s.points[0], (369.0 + 510.0) / 1.001073022);
    close(p.num("perf.stat.cpu.0.task_clock_ms"), 1005.34 + 1010.76);
    close(
        p.num("perf.stat.task_clock_ms"),
        1005.34 + 1001.32 + 1010.76 + 1010.75,
    );
}

#[test]
fn per_core_rows_are_skipped_with_a_clear_message() {
    let text = " Performance counter stats for 'system wide':\n\nS0-D0-C0        2     1002.07 msec task-clock   #    1.000 CPUs utilized\n";
    let p = parse_bytes("per-core.txt", text.as_bytes());
    let (_, message) = p.failure();
    assert!(message.contains("--per-core"), "{message}");
}

#[test]
fn a_truncated_capture_keeps_its_counts_and_says_what_is_missing() {
    let whole = String::from_utf8(read("perf-stat/default-sysbench.txt")).unwrap();
    // Cut in the middle of the page-faults row: no elapsed line, last row cut off.
    let cut = &whole[..whole.find("page-faults").unwrap()];
    let (facts, warnings) = run_parser(&PerfStat, cut.as_bytes()).unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 7);
    assert!(warnings[0].message.contains("cut off"), "{warnings:?}");
    // The elapsed time is still known from task-clock and perf's CPUs utilized.
    let get = |key: &str| facts.iter().find(|f| f.key == key).unwrap();
    assert_eq!(get("perf.stat.elapsed_s").value, num(5.94418 / 1.975));
    assert!(!facts.iter().any(|f| f.key == "perf.stat.page_faults_per_s"));
    // Neither an elapsed line nor perf's comments: no elapsed time, so no rates.
    let bare = "           5944.18 msec task-clock\n               192      context-switches\n";
    let (facts, warnings) = run_parser(&PerfStat, bare.as_bytes()).unwrap();
    assert!(facts.iter().all(|f| !f.key.ends_with("_per_s")));
    assert!(
        warnings
            .iter()
            .any(|w| w.message.contains("seconds time elapsed")),
        "{warnings:?}"
    );
}

#[test]
fn garbage_is_an_error_with_a_line_not_a_panic() {
    assert!(run_parser(&PerfStat, b"").is_err());
    assert!(run_parser(&PerfStat, b"\xff\xfe\x00binary\n").is_err());
    let err = run_parser(
        &PerfStat,
        b"\n Performance counter stats for 'ls':\n\n   lots of cycles here\n",
    )
    .unwrap_err();
    assert_eq!(err.line, Some(4));
    let p = parse_bytes(
        "stat.txt",
        b" Performance counter stats for 'x':\n\n  12 ,, # (%) <not\n",
    );
    assert!(matches!(
        p.report.status,
        perfsage::parse::CaptureStatus::Failed { line: Some(3), .. }
    ));
}

#[test]
fn perf_stat_after_the_benchmark_s_own_output_is_its_own_section() {
    let p = parse_fixture("perf-stat/sysbench-then-perf-stat.txt");
    let tools: Vec<_> = p.reports.iter().map(|r| r.tool.as_deref()).collect();
    assert_eq!(tools, [Some("sysbench"), Some("perf-stat")]);
    close(p.num("bench.run.cpu.2.eps"), 2043.17);
    close(p.num("perf.stat.task_clock_ms"), 997.41);
    assert_eq!(p.get("perf.stat.task_clock_ms").provenance.line, 35);
}

#[test]
fn repeated_runs_and_metric_group_labels_do_not_disturb_the_counts() {
    let text = "\n Performance counter stats for './app' (5 runs):\n\n\
         1,234.56 msec task-clock                #    0.987 CPUs utilized            ( +-  0.52% )\n\
    3,456,789,012      cycles                    #    2.800 GHz                      ( +-  0.31% )\n\
    2,074,073,407      instructions              #    0.60  insn per cycle           ( +-  0.12% )\n\
                   TopdownL1 (cpu_core)          #     35.2 %  tma_retiring\n\
                                                 #     20.1 %  tma_frontend_bound\n\
\n\
          1.25081 +- 0.00123 seconds time elapsed  ( +-  0.10% )\n";
    let (facts, warnings) = run_parser(&PerfStat, text.as_bytes()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let get = |key: &str| facts.iter().find(|f| f.key == key).unwrap();
    assert_eq!(get("perf.stat.target").value, text_value("./app (5 runs)"));
    assert_eq!(get("perf.stat.elapsed_s").value, num(1.25081));
    assert_eq!(
        get("perf.stat.ipc").value,
        num(2_074_073_407.0 / 3_456_789_012.0)
    );
    assert!(!facts.iter().any(|f| f.key == "perf.stat.least_counted_pct"));
}
