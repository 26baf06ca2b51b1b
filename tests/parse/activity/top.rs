use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::activity::top::Top;
use perfsage::parse::sink::Strength;

#[test]
fn summary_series_over_the_iterations() {
    let p = parse_fixture("top/top_b_n3_d1.txt");
    assert_eq!(p.tool(), Some("top"));
    // Three iterations; the first (a moment's sample in procps 4) is dropped.
    let load = p.series("load.avg1");
    assert_eq!(load.count, 2);
    assert_eq!(load.interval_s, Some(1.0));
    let tasks = p.series("tasks.running");
    assert_eq!(tasks.count, 2);
    assert!(tasks.min >= 3.0, "{tasks:?}");
    assert!(p.series("cpu.util_pct").min > 95.0);
    // MiB Mem : 24105.1 total.
    close(p.num("mem.total_kib"), 24105.1 * 1024.0);
    close(p.num("mem.swap_total_kib"), 0.0);
    assert!(p.series("mem.available_kib").min > 20.0 * 1024.0 * 1024.0);
    let strength = |key: &str| p.facts.iter().find(|(f, _)| f.key == key).unwrap().1;
    assert_eq!(strength("cpu.util_pct"), Strength::Fallback);
    assert_eq!(strength("load.avg1"), Strength::Fallback);
    assert_eq!(strength("tasks.total"), Strength::Primary);
}

#[test]
fn processes_are_summed_by_command() {
    let p = parse_fixture("top/top_b_n3_d1.txt");
    // Three busy loops named bash on two vCPUs: about 200 % between them.
    let bash = p.series("proc.bash.cpu_pct");
    assert_eq!(bash.count, 2);
    assert!(bash.min > 170.0 && bash.max <= 201.0, "{bash:?}");
    assert_eq!(p.text("proc.busiest.name"), "bash");
    // Names top cut at 80 columns lose their `+` (and a warning says so).
    assert!(!p.keys().iter().any(|k| k.contains('+')));
    assert!(
        p.report
            .warnings
            .iter()
            .any(|w| w.message.contains("-w 512"))
    );
    // Commands idle in every iteration give no series.
    assert!(!p.has("proc.kthreadd.cpu_pct"));
    assert!(p.keys().iter().any(|k| k.ends_with(".mem_pct")));
}

#[test]
fn zh_cn_labels_and_a_blank_header() {
    // 任务: for Tasks:, 进程 for PID, and no `S` over the state column.
    let p = parse_fixture("top/top_zh_CN.txt");
    assert_eq!(p.tool(), Some("top"));
    assert_eq!(p.series("tasks.total").count, 2);
    let bash = p.series("proc.bash.cpu_pct");
    assert!(bash.min > 150.0, "{bash:?}");
    assert!(
        !p.report
            .warnings
            .iter()
            .any(|w| w.message.contains("not under")),
        "{:?}",
        p.report.warnings
    );
}

#[test]
fn units_command_lines_and_threads() {
    // -E g: GiB Mem : 23.5 total.
    let p = parse_fixture("top/top_E_g_w512.txt");
    close(p.num("mem.total_kib"), 23.5 * 1024.0 * 1024.0);
    assert!(
        !p.report
            .warnings
            .iter()
            .any(|w| w.message.contains("-w 512"))
    );
    assert!(p.series("proc.bash.cpu_pct").avg > 150.0);
    // -c: `bash -c e+` is bash, `[kthreadd]` is kthreadd.
    let p = parse_fixture("top/top_c.txt");
    assert!(p.series("proc.bash.cpu_pct").avg > 150.0);
    assert!(
        !p.keys()
            .iter()
            .any(|k| k.contains('[') || k.starts_with("proc.bash_"))
    );
    // -H: threads, not processes; the summary stays.
    let p = parse_fixture("top/top_H.txt");
    assert!(p.has("cpu.util_pct") && p.has("load.avg1"));
    assert!(!p.has("proc.bash.cpu_pct") && !p.has("tasks.total"));
    assert!(p.report.warnings.iter().any(|w| w.message.contains("-H")));
}

#[test]
fn procps_3_3_and_3_2_memory_lines() {
    let text = "top - 10:00:01 up 3 days,  2:01,  1 user,  load average: 8.00, 7.50, 7.00\nTasks: 300 total,   9 running, 291 sleeping,   0 stopped,   0 zombie\n%Cpu(s): 80.0 us, 10.0 sy,  0.0 ni,  5.0 id,  5.0 wa,  0.0 hi,  0.0 si,  0.0 st\nKiB Mem : 16331236 total,   432112 free, 15899124 used,   296332 buff/cache\nKiB Swap:  2097148 total,  2097148 free,        0 used. 12000000 avail Mem\n\n  PID USER      PR  NI    VIRT    RES    SHR S  %CPU %MEM     TIME+ COMMAND\n 4242 mysql     20   0   12.3g   8.1g  10000 S 720.0 52.0 100:00.00 mysqld\n";
    let (facts, warnings) = run_parser(&Top, text.as_bytes()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let number = |key: &str| match &facts.iter().find(|f| f.key == key).unwrap().value {
        perfsage::facts::Value::Number(n) => *n,
        perfsage::facts::Value::Series(s) => s.avg,
        other => panic!("{other:?}"),
    };
    close(number("mem.total_kib"), 16331236.0);
    close(number("mem.available_kib"), 12000000.0);
    close(number("cpu.util_pct"), 90.0);
    close(number("proc.mysqld.cpu_pct"), 720.0);
    close(number("proc.mysqld.mem_pct"), 52.0);
    // procps 3.2: `Mem: … k total, … k used, … k free` — the words decide.
    let old = "top - 10:00:01 up 3 days,  2:01,  1 user,  load average: 8.00, 7.50, 7.00\nMem:  16331236k total, 15899124k used,   432112k free,   296332k buffers\nSwap:  2097148k total,        0k used,  2097148k free,  9000000k cached\n";
    let (facts, _) = run_parser(&Top, old.as_bytes()).unwrap();
    let free = facts.iter().find(|f| f.key == "mem.free_kib").unwrap();
    match &free.value {
        perfsage::facts::Value::Series(s) => close(s.avg, 432112.0),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_input_is_an_error_or_a_warning_not_a_panic() {
    assert!(run_parser(&Top, b"").is_err());
    assert!(run_parser(&Top, b"\xff\xfe garbage\n").is_err());
    let full = read("top/top_b_n3_d1.txt");
    let (_, warnings) = run_parser(&Top, &full[..full.len() - 30]).unwrap();
    assert!(
        warnings
            .iter()
            .any(|w| w.message.contains("cut off") || w.message.contains("COMMAND")),
        "{warnings:?}"
    );
    let uptime = String::from_utf8(read("uptime/uptime_loaded.txt")).unwrap();
    assert_eq!(Top.sniff(&uptime), None);
    let perf_top = String::from_utf8_lossy(&read("perf-top/pg_oltp_top.txt")).into_owned();
    assert_eq!(Top.sniff(&perf_top), None);
}

#[test]
fn at_most_500_commands_are_kept() {
    let mut text = String::from(
        "top - 10:00:01 up 3 days,  2:01,  1 user,  load average: 8.00, 7.50, 7.00\n\n  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n",
    );
    for i in 0..520 {
        text.push_str(&format!(
            "{:>5} root      20   0    7548   3060   2780 R   1.0   0.1   0:18.05 job{i}\n",
            i + 100
        ));
    }
    let (facts, warnings) = run_parser(&Top, text.as_bytes()).unwrap();
    let commands = facts
        .iter()
        .filter(|f| f.key.ends_with(".cpu_pct") && f.key != "proc.busiest.cpu_pct")
        .count();
    assert_eq!(commands, 500);
    assert!(
        warnings
            .iter()
            .any(|w| w.message.contains("20 rows of others")),
        "{warnings:?}"
    );
}
