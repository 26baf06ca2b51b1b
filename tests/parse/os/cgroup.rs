use crate::support::*;
use perfsage::facts::Value;
use perfsage::parse::os::cgroup::Cgroup;

const G: &str = "cgroup.perfsage-fixture";

fn flag_of(p: &Parsed, key: &str) -> bool {
    match p.get(key).value {
        Value::Flag(b) => b,
        ref other => panic!("{key} is {other:?}"),
    }
}

#[test]
fn a_v1_loop_with_epoch_stamps_gives_throttling_and_use_over_the_capture() {
    let p = parse_fixture("cgroup/v1_loop_epoch.txt");
    assert_eq!(p.tool(), Some("cgroup"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    close(p.num(&format!("{G}.cpu.quota_cpus")), 0.5);
    assert!(flag_of(&p, &format!("{G}.cpu.limited")));
    // nr_periods 42 → 92, nr_throttled 40 → 90 between the stamps 5 s apart.
    close(p.num(&format!("{G}.cpu.nr_periods")), 50.0);
    close(p.num(&format!("{G}.cpu.nr_throttled")), 50.0);
    close(p.num(&format!("{G}.cpu.throttled_pct")), 100.0);
    let throttled = p.get(&format!("{G}.cpu.throttled_pct"));
    assert_eq!(line_range(throttled), (7, 76));
    // throttled_time 1950866843 → 4431492593 ns.
    close(p.num(&format!("{G}.cpu.throttled_s")), 2.48062575);
    close(p.num(&format!("{G}.cpu.throttled_s_per_s")), 0.49612515);
    // cpuacct.usage 2129089485 → 4627230585 ns: a 10-digit value right after its
    // header is the file's content, not a time stamp.
    close(p.num(&format!("{G}.cpu.used_cpus")), 0.49962822);
    assert_eq!(p.get(&format!("{G}.cpu.used_cpus")).provenance.line, 13);
    // Memory: a 64 MiB limit the OOM killer enforced twice before the capture.
    close(p.num(&format!("{G}.memory.limit_kib")), 65536.0);
    close(p.num(&format!("{G}.memory.usage_kib")), 460.0);
    close(
        p.num(&format!("{G}.memory.usage_pct_of_limit")),
        460.0 / 65536.0 * 100.0,
    );
    // Counters that did not move during the capture are 0 over it.
    close(p.num(&format!("{G}.memory.failcnt")), 0.0);
    close(p.num(&format!("{G}.memory.events.oom_kill")), 0.0);
    assert!(!flag_of(&p, &format!("{G}.memory.under_oom")));
}

#[test]
fn head_grep_and_path_colon_shapes_read_the_same_files() {
    let head = parse_fixture("cgroup/v1_head.txt");
    assert_eq!(head.tool(), Some("cgroup"));
    assert!(
        head.report.warnings.is_empty(),
        "{:?}",
        head.report.warnings
    );
    // One snapshot: counters since the group was made, no rates.
    close(head.num(&format!("{G}.cpu.nr_periods")), 92.0);
    close(
        head.num(&format!("{G}.cpu.throttled_pct")),
        90.0 / 92.0 * 100.0,
    );
    close(head.num(&format!("{G}.memory.failcnt")), 314.0);
    close(head.num(&format!("{G}.memory.events.oom_kill")), 2.0);
    close(head.num(&format!("{G}.memory.max_usage_kib")), 65536.0);
    assert!(!head.has(&format!("{G}.cpu.used_cpus")));
    assert_eq!(head.get(&format!("{G}.memory.failcnt")).provenance.line, 27);

    let cpu = parse_fixture("cgroup/v1_grep_r_cpu.txt");
    assert!(cpu.report.warnings.is_empty(), "{:?}", cpu.report.warnings);
    close(cpu.num(&format!("{G}.cpu.quota_cpus")), 0.5);
    close(cpu.num(&format!("{G}.cpu.throttled_s")), 4.431492593);
    // cpu.stat.local also holds a throttled_time; it is not cpu.stat and is passed over.
    assert_eq!(cpu.get(&format!("{G}.cpu.throttled_s")).provenance.line, 6);

    let memory = parse_fixture("cgroup/v1_grep_r_memory.txt");
    assert!(
        memory.report.warnings.is_empty(),
        "{:?}",
        memory.report.warnings
    );
    // total_* (hierarchical) lines win over the group's own.
    assert_eq!(
        memory
            .get(&format!("{G}.memory.major_faults"))
            .provenance
            .line,
        49
    );
    close(memory.num(&format!("{G}.memory.workingset_refaults")), 22.0);
    assert!(flag_of(&memory, &format!("{G}.memory.limited")));

    let colon = parse_fixture("cgroup/v1_path_colon_space_date.txt");
    assert!(
        colon.report.warnings.is_empty(),
        "{:?}",
        colon.report.warnings
    );
    // `date` stamps 5 s apart; cpu.stat's first line follows its path, the rest alone.
    close(colon.num(&format!("{G}.cpu.nr_throttled")), 50.0);
    close(colon.num(&format!("{G}.cpu.throttled_s")), 2.484378026);
    close(colon.num(&format!("{G}.cpu.used_cpus")), 0.5061636134);
}

#[test]
fn v2_files_give_the_same_facts_as_v1() {
    let p = parse_fixture("cgroup/v2_loop_epoch_reconstructed.txt");
    assert_eq!(p.tool(), Some("cgroup"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    let g = "cgroup.perfsage-v2";
    close(p.num(&format!("{g}.cpu.quota_cpus")), 0.5);
    close(p.num(&format!("{g}.cpu.throttled_pct")), 100.0);
    // throttled_usec 4287838 → 33560784 over 20 s.
    close(p.num(&format!("{g}.cpu.throttled_s_per_s")), 1.4636473);
    close(p.num(&format!("{g}.cpu.used_cpus")), 0.5021373);
    close(p.num(&format!("{g}.memory.limit_kib")), 262144.0);
    close(
        p.num(&format!("{g}.memory.usage_pct_of_limit")),
        261628.0 / 262144.0 * 100.0,
    );
    // memory.high `max` is no limit: no figure.
    assert!(!p.has(&format!("{g}.memory.high_kib")));
    close(p.num(&format!("{g}.memory.events.max")), 4327.0);
    close(p.num(&format!("{g}.memory.major_faults")), 123690.0);
    close(p.num(&format!("{g}.memory.workingset_refaults")), 146450.0);
    close(p.num(&format!("{g}.memory.pgscan")), 792435.0);
    close(p.num(&format!("{g}.memory.anon_kib")), 247808.0);

    let unlimited = parse_fixture("cgroup/v2_grep_r_no_limits_reconstructed.txt");
    assert_eq!(unlimited.tool(), Some("cgroup"));
    let g = "cgroup.postgresql_service";
    assert!(!flag_of(&unlimited, &format!("{g}.cpu.limited")));
    assert!(!unlimited.has(&format!("{g}.cpu.quota_cpus")));
    // No quota: no periods, so no throttled share.
    assert!(!unlimited.has(&format!("{g}.cpu.throttled_pct")));
    assert!(!flag_of(&unlimited, &format!("{g}.memory.limited")));
    assert!(!unlimited.has(&format!("{g}.memory.limit_kib")));
    assert!(!unlimited.has(&format!("{g}.memory.usage_pct_of_limit")));
    close(unlimited.num(&format!("{g}.memory.usage_kib")), 1048576.0);
    close(unlimited.num(&format!("{g}.cpu.used_s")), 86.400113);
    assert!(
        unlimited.report.warnings.is_empty(),
        "{:?}",
        unlimited.report.warnings
    );

    // Real v2 output of a group without the cpu controller: usage only.
    let usage = parse_fixture("cgroup/v2_unified_cpu_stat_no_controllers.txt");
    close(
        usage.num(&format!("{G}.cpu.used_cpus")),
        (4946262.0 - 994944.0) / 4e6,
    );
    assert!(!usage.has(&format!("{G}.cpu.limited")));
}

#[test]
fn snapshots_without_time_warn_instead_of_guessing() {
    let text = "# /sys/fs/cgroup/cpu/g/cpu.stat\nnr_periods 10\nnr_throttled 5\nthrottled_time 1000000000\n# /sys/fs/cgroup/cpu/g/cpu.stat\nnr_periods 30\nnr_throttled 15\nthrottled_time 3000000000\n";
    let (facts, warnings) = run_parser(&Cgroup, text.as_bytes()).unwrap();
    let get = |key: &str| facts.iter().find(|f| f.key == key).map(|f| f.value.clone());
    assert_eq!(get("cgroup.g.cpu.nr_periods"), Some(Value::Number(20.0)));
    assert_eq!(get("cgroup.g.cpu.throttled_pct"), Some(Value::Number(50.0)));
    assert_eq!(get("cgroup.g.cpu.throttled_s_per_s"), None);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].message.contains("no time between them"));
}

#[test]
fn bad_input_is_a_warning_naming_file_and_line_or_an_error_not_a_panic() {
    assert!(run_parser(&Cgroup, b"").is_err());
    assert!(run_parser(&Cgroup, b"\xff\xfe\x00binary\n").is_err());
    let text = "# /sys/fs/cgroup/cpu/g/cpu.cfs_quota_us\nlots\n# /sys/fs/cgroup/cpu/g/cpu.stat\nnr_periods 10\nnr_throttled ten\n# /sys/fs/cgroup/memory/g/memory.limit_in_bytes\n-4096\n# /sys/fs/cgroup/cpu/g/cpu.cfs_period_us\n100000\n7\n";
    let (facts, warnings) = run_parser(&Cgroup, text.as_bytes()).unwrap();
    let lines: Vec<u64> = warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, [2, 5, 7, 10], "{warnings:?}");
    assert!(
        warnings[0]
            .message
            .starts_with("/sys/fs/cgroup/cpu/g/cpu.cfs_quota_us:")
    );
    assert!(warnings[1].message.contains("cpu.stat"));
    assert!(facts.iter().any(|f| f.key == "cgroup.g.cpu.nr_periods"));
    assert!(!facts.iter().any(|f| f.key == "cgroup.g.cpu.quota_cpus"));
    // A counter that goes down (the group made anew) is left out, with a word.
    let backwards = "1796370835\n# /sys/fs/cgroup/cpu/g/cpu.cfs_quota_us\n-1\n# /sys/fs/cgroup/cpu/g/cpu.stat\nnr_periods 90\nnr_throttled 9\n1796370855\n# /sys/fs/cgroup/cpu/g/cpu.stat\nnr_periods 10\nnr_throttled 1\n";
    let (facts, warnings) = run_parser(&Cgroup, backwards.as_bytes()).unwrap();
    assert!(!facts.iter().any(|f| f.key == "cgroup.g.cpu.throttled_pct"));
    assert!(
        warnings.iter().any(|w| w.message.contains("went down")),
        "{warnings:?}"
    );
    // Two groups with one directory name are not snapshots of one group.
    let twins = "1796370835\n# /sys/fs/cgroup/cpu/a/web/cpu.stat\nnr_periods 90\nnr_throttled 9\n# /sys/fs/cgroup/cpu/b/web/cpu.stat\nnr_periods 10\nnr_throttled 10\n";
    let (facts, warnings) = run_parser(&Cgroup, twins.as_bytes()).unwrap();
    let share = facts
        .iter()
        .find(|f| f.key == "cgroup.web.cpu.throttled_pct")
        .unwrap();
    assert_eq!(share.value, Value::Number(10.0));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 6);
    assert!(
        warnings[0]
            .message
            .contains("read from /sys/fs/cgroup/cpu/a/web/cpu.stat")
    );
    // Files without their directory: which group is unknown.
    let err = run_parser(&Cgroup, b"# cpu.stat\nnr_periods 1\n").unwrap_err();
    assert_eq!(err.line, Some(2));
    // A truncated capture keeps what came before the cut.
    let full = read("cgroup/v1_loop_epoch.txt");
    let (facts, _) = run_parser(&Cgroup, &full[..200]).unwrap();
    assert!(
        facts
            .iter()
            .any(|f| f.key == "cgroup.perfsage-fixture.cpu.quota_cpus")
    );
}

#[test]
fn other_captures_are_not_cgroup_files() {
    for other in [
        "psi/cgroup_pressure_loop_date.txt",
        "psi/grep_r_proc_pressure.txt",
        "loadavg/loadavg_loop_epoch.txt",
    ] {
        let p = parse_fixture(other);
        assert_ne!(p.tool(), Some("cgroup"), "{other}");
    }
}

#[test]
fn a_v2_groups_pressure_files_give_the_same_facts_as_the_psi_parser() {
    // grep -r . of a v2 group: its cpu.pressure lines beside cpu.stat (lines 14–15).
    let whole = parse_fixture("cgroup/v2_grep_r_no_limits_reconstructed.txt");
    assert_eq!(whole.tool(), Some("cgroup"));
    let text =
        std::fs::read_to_string(fixture("cgroup/v2_grep_r_no_limits_reconstructed.txt")).unwrap();
    let pressure_only: String = text
        .lines()
        .filter(|l| l.contains(".pressure:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let alone = parse_bytes("pressure.txt", pressure_only.as_bytes());
    assert_eq!(alone.tool(), Some("psi"));
    let keys: Vec<String> = alone
        .facts
        .iter()
        .map(|f| f.0.key.clone())
        .filter(|k| k.starts_with("psi.cgroup.postgresql_service.cpu."))
        .collect();
    assert_eq!(keys.len(), 6, "{keys:?}");
    for key in &keys {
        assert_eq!(whole.get(key).value, alone.get(key).value, "{key}");
    }
    assert_eq!(
        whole
            .get("psi.cgroup.postgresql_service.cpu.some.avg10_pct")
            .provenance
            .line,
        14
    );
}

#[test]
fn a_timed_loop_over_a_v2_group_gives_its_memory_stall_share_over_the_capture() {
    // Two snapshots 10 s apart; memory some total grows by 2.5 s of stall: 25 %.
    let loop_text = "\
1796370835
# /sys/fs/cgroup/db/cpu.stat
usage_usec 1000000
nr_periods 0
nr_throttled 0
throttled_usec 0
# /sys/fs/cgroup/db/memory.pressure
some avg10=20.00 avg60=18.00 avg300=5.00 total=1000000
full avg10=10.00 avg60=9.00 avg300=2.00 total=400000
1796370845
# /sys/fs/cgroup/db/cpu.stat
usage_usec 3000000
nr_periods 0
nr_throttled 0
throttled_usec 0
# /sys/fs/cgroup/db/memory.pressure
some avg10=30.00 avg60=22.00 avg300=6.00 total=3500000
full avg10=12.00 avg60=11.00 avg300=3.00 total=1400000
";
    let p = parse_bytes("cgroup.txt", loop_text.as_bytes());
    assert_eq!(p.tool(), Some("cgroup"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    close(p.num("psi.cgroup.db.memory.some.stall_pct"), 25.0);
    close(p.num("psi.cgroup.db.memory.full.stall_pct"), 10.0);
    let share = p.get("psi.cgroup.db.memory.some.stall_pct");
    assert_eq!(line_range(share), (8, 17));
    // The group's own figures are still read.
    close(p.num("cgroup.db.cpu.used_cpus"), 0.2);
}

/// A fixture read as the bundle reads it, under its name within the bundle.
fn read_as(relative: &str, name: &str) -> Vec<perfsage::facts::Fact> {
    perfsage::parse::read_capture(&fixture(relative), name)
        .into_iter()
        .flat_map(|(report, facts)| {
            assert_eq!(report.tool.as_deref(), Some("cgroup"), "{name}");
            facts.into_iter().map(|(f, _)| f)
        })
        .collect()
}

fn number(facts: &[perfsage::facts::Fact], key: &str) -> f64 {
    match facts.iter().find(|f| f.key == key).map(|f| &f.value) {
        Some(Value::Number(n)) => *n,
        other => panic!("{key}: {other:?}"),
    }
}

#[test]
fn a_control_file_saved_alone_is_its_folders_group() {
    // Two stamped snapshots of a v1 cpu.stat: counts between them, named after `db/`.
    let text = String::from_utf8(read("cgroup/bare/db/cpu.stat")).unwrap();
    let value = |key: &str, nth: usize| -> f64 {
        let line = text
            .lines()
            .filter(|l| l.starts_with(key))
            .nth(nth)
            .unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    let stamps: Vec<f64> = text
        .lines()
        .filter(|l| l.len() == 10 && l.bytes().all(|b| b.is_ascii_digit()))
        .map(|l| l.parse().unwrap())
        .collect();
    let cpu = read_as("cgroup/bare/db/cpu.stat", "db1/db/cpu.stat");
    let periods = value("nr_periods ", 1) - value("nr_periods ", 0);
    close(number(&cpu, "cgroup.db.cpu.nr_periods"), periods);
    let throttled_s = (value("throttled_time", 1) - value("throttled_time", 0)) / 1e9;
    close(number(&cpu, "cgroup.db.cpu.throttled_s"), throttled_s);
    close(
        number(&cpu, "cgroup.db.cpu.throttled_s_per_s"),
        throttled_s / (stamps[1] - stamps[0]),
    );

    let stat = read_as("cgroup/bare/db/memory.stat", "db1/db/memory.stat");
    let text = String::from_utf8(read("cgroup/bare/db/memory.stat")).unwrap();
    let total = |key: &str| -> f64 {
        let line = text
            .lines()
            .find(|l| l.split(' ').next() == Some(key))
            .unwrap();
        line.split(' ').nth(1).unwrap().parse().unwrap()
    };
    close(
        number(&stat, "cgroup.db.memory.anon_kib"),
        total("total_rss") / 1024.0,
    );
    close(
        number(&stat, "cgroup.db.memory.major_faults"),
        total("total_pgmajfault"),
    );

    // v2 files, in a host folder of their own: the host folder is the group.
    let events = read_as("cgroup/bare/web/memory.events", "web/memory.events");
    close(number(&events, "cgroup.web.memory.events.oom_kill"), 2.0);
    close(number(&events, "cgroup.web.memory.events.max"), 1843.0);
    let used = read_as("cgroup/bare/web/cpu.stat", "web/cpu.stat");
    assert!(number(&used, "cgroup.web.cpu.used_s") > 0.0);
}

#[test]
fn a_control_file_saved_alone_at_the_top_has_no_group() {
    let p = parse_fixture("cgroup/bare/db/cpu.stat");
    let (_, message) = p.failure();
    assert!(message.contains("which group"), "{message}");
}

#[test]
fn only_the_cgroup_parser_claims_files_saved_alone() {
    for f in [
        "db/cpu.stat",
        "db/memory.stat",
        "web/cpu.stat",
        "web/memory.events",
    ] {
        let text = String::from_utf8(read(&format!("cgroup/bare/{f}"))).unwrap();
        assert_eq!(perfsage::parse::detect::claimants(&text), ["cgroup"], "{f}");
    }
}
