//! /proc/vmstat against its real fixtures: totals from one snapshot, rates from stamped ones.

use crate::support::*;
use perfsage::parse::detect::claimants;
use perfsage::parse::os::proc_vmstat::ProcVmstat;

/// Counter `name` of snapshot `nth` (from 0) of a fixture, found by plain text search
/// rather than the parser: its value and line.
fn counter(relative: &str, name: &str, nth: usize) -> (f64, u64) {
    let text = String::from_utf8(read(relative)).unwrap();
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let value = line.strip_prefix(name)?.strip_prefix(' ')?;
            Some((value.parse().unwrap(), i as u64 + 1))
        })
        .nth(nth)
        .unwrap_or_else(|| panic!("{relative}: no {name} #{nth}"))
}

#[test]
fn one_snapshot_gives_totals_since_boot_and_no_rates() {
    let f = "proc-vmstat/proc_vmstat.txt";
    let p = parse_fixture(f);
    assert_eq!(p.tool(), Some("proc-vmstat"));
    for (key, name) in [
        ("mem.major_faults", "pgmajfault"),
        ("mem.page_faults", "pgfault"),
        ("mem.pgpgin_kib", "pgpgin"),
        ("mem.pgscan_kswapd", "pgscan_kswapd"),
        ("mem.pgscan_direct", "pgscan_direct"),
        ("mem.workingset_refaults_file", "workingset_refault_file"),
        ("numa.hit", "numa_hit"),
        ("numa.miss", "numa_miss"),
        ("numa.other", "numa_other"),
        ("swap.in_pages", "pswpin"),
        ("mem.thp_fault_alloc", "thp_fault_alloc"),
    ] {
        let (value, line) = counter(f, name, 0);
        close(p.num(key), value);
        assert_eq!(p.get(key).provenance.line, line, "{key}");
    }
    // Reclaimed pages: the by-type counters (anon + file), not the per-reclaimer ones
    // again; refaults: anon + file.
    let steal = counter(f, "pgsteal_anon", 0).0 + counter(f, "pgsteal_file", 0).0;
    close(p.num("mem.pgsteal"), steal);
    let refaults =
        counter(f, "workingset_refault_anon", 0).0 + counter(f, "workingset_refault_file", 0).0;
    close(p.num("mem.workingset_refaults"), refaults);
    assert!(!p.has("mem.major_faults_per_s"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn two_stamped_snapshots_give_rates_over_the_capture() {
    let f = "proc-vmstat/proc_vmstat_two_stamped_reclaim.txt";
    let p = parse_fixture(f);
    let seconds = epoch_stamp(f, 1) - epoch_stamp(f, 0);
    let rate = |name: &str| (counter(f, name, 1).0 - counter(f, name, 0).0) / seconds;
    for (key, name) in [
        ("mem.major_faults_per_s", "pgmajfault"),
        ("mem.page_faults_per_s", "pgfault"),
        ("mem.pgpgin_kib_per_s", "pgpgin"),
        ("mem.pgscan_direct_per_s", "pgscan_direct"),
        (
            "mem.workingset_refaults_file_per_s",
            "workingset_refault_file",
        ),
        ("numa.hit_per_s", "numa_hit"),
        ("numa.miss_per_s", "numa_miss"),
        ("swap.out_pages_per_s", "pswpout"),
    ] {
        let s = p.series(key);
        assert_eq!(s.count, 1, "{key}");
        close(s.avg, rate(name));
        assert_eq!(s.interval_s, Some(seconds));
        assert_eq!(p.get(key).provenance.line, counter(f, name, 1).1, "{key}");
    }
    // The cgroup's limit reclaim is only in the by-type counters.
    let scan = p.series("mem.pgscan_per_s").avg;
    close(scan, rate("pgscan_file") + rate("pgscan_anon"));
    assert!(scan > 0.0);
    close(p.series("mem.pgscan_kswapd_per_s").avg, 0.0);
    close(
        p.series("mem.pgsteal_per_s").avg,
        rate("pgsteal_file") + rate("pgsteal_anon"),
    );
    // Totals are the last snapshot's.
    close(p.num("mem.major_faults"), counter(f, "pgmajfault", 1).0);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn a_loop_gives_one_rate_per_interval() {
    let f = "proc-vmstat/proc_vmstat_loop3_epoch.txt";
    let p = parse_fixture(f);
    let s = p.series("mem.pgscan_per_s");
    assert_eq!(s.count, 2);
    let first = (counter(f, "pgscan_file", 1).0 - counter(f, "pgscan_file", 0).0)
        / (epoch_stamp(f, 1) - epoch_stamp(f, 0));
    let second = (counter(f, "pgscan_file", 2).0 - counter(f, "pgscan_file", 1).0)
        / (epoch_stamp(f, 2) - epoch_stamp(f, 1));
    assert_eq!(s.points.len(), 2);
    close(s.points[0], first);
    close(s.points[1], second);
    assert_eq!(
        s.interval_s,
        Some((epoch_stamp(f, 2) - epoch_stamp(f, 0)) / 2.0)
    );
}

#[test]
fn snapshots_without_stamps_give_totals_and_a_warning() {
    let one = read("proc-vmstat/proc_vmstat.txt");
    let twice = [one.clone(), one].concat();
    let (facts, warnings) = run_parser(&ProcVmstat, &twice).unwrap();
    assert!(facts.iter().any(|f| f.key == "mem.major_faults"));
    assert!(!facts.iter().any(|f| f.key.ends_with("_per_s")));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].message.contains("time stamp"));
}

#[test]
fn bad_input_is_an_error_or_a_warning_not_a_panic() {
    assert!(run_parser(&ProcVmstat, b"").is_err());
    assert!(run_parser(&ProcVmstat, b"\xff\xfe\x00binary\n").is_err());
    assert!(run_parser(&ProcVmstat, b"MemTotal: 1 kB\nhello world\n").is_err());
    let full = read("proc-vmstat/proc_vmstat.txt");
    // Cut inside the file: the counters before the cut stay, the cut line is reported.
    let cut = &full[..full.len() / 2 - 3];
    let (facts, warnings) = run_parser(&ProcVmstat, cut).unwrap();
    assert!(facts.iter().any(|f| f.key == "numa.hit"));
    assert!(!facts.iter().any(|f| f.key == "mem.major_faults"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].message.contains("cut off"));
    // No final newline: the last line may be a cut number, so it is left out.
    let text = "nr_free_pages 10\npgfault 5\npgmajfault 7";
    let (facts, warnings) = run_parser(&ProcVmstat, text.as_bytes()).unwrap();
    assert!(facts.iter().any(|f| f.key == "mem.page_faults"));
    assert!(!facts.iter().any(|f| f.key == "mem.major_faults"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    // Garbage among the counters is a warning on its line.
    let text = "nr_free_pages 10\nthis is not a counter\npgfault 5\n";
    let (facts, warnings) = run_parser(&ProcVmstat, text.as_bytes()).unwrap();
    assert!(facts.iter().any(|f| f.key == "mem.page_faults"));
    assert_eq!(warnings[0].line, 2);
    // A counter that goes down (a reboot between the snapshots) gives no rate.
    let text = "1796412245\nnr_free_pages 1\npgmajfault 900\n1796412250\nnr_free_pages 1\npgmajfault 100\n";
    let (facts, warnings) = run_parser(&ProcVmstat, text.as_bytes()).unwrap();
    assert!(!facts.iter().any(|f| f.key == "mem.major_faults_per_s"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    // A stamp that goes back is warned about at the stamp's line, whatever the
    // snapshots around it hold.
    let text = "1796412250\nnr_other 3\n1796412245\nnr_free_pages 1\npgmajfault 9\n";
    let (_, warnings) = run_parser(&ProcVmstat, text.as_bytes()).unwrap();
    let back = warnings
        .iter()
        .find(|w| w.message.contains("no later than"));
    assert_eq!(back.map(|w| w.line), Some(3), "{warnings:?}");
}

#[test]
fn only_the_vmstat_counters_are_claimed() {
    let text = |r: &str| String::from_utf8(read(r)).unwrap();
    for f in [
        "proc-vmstat/proc_vmstat.txt",
        "proc-vmstat/proc_vmstat_two_stamped_reclaim.txt",
    ] {
        assert_eq!(claimants(&text(f)), vec!["proc-vmstat"], "{f}");
    }
    // A few counters pasted without nr_free_pages, or a cgroup's memory.stat, are not it.
    assert!(!claimants("pgfault 5\npgmajfault 7\n").contains(&"proc-vmstat"));
}

/// The reconstructed two-node snapshots behind `memory.numa_remote_access`'s firing
/// test give the rates that test states.
#[test]
fn reconstructed_two_node_snapshots_give_the_rule_tests_rates() {
    let p = parse_fixture("proc-vmstat/proc_vmstat_two_nodes_reconstructed.txt");
    for (key, rate) in [
        ("numa.hit_per_s", 20000.0),
        ("numa.miss_per_s", 10000.0),
        ("numa.local_per_s", 19000.0),
        ("numa.other_per_s", 11000.0),
    ] {
        close(p.series(key).avg, rate);
    }
    let test =
        std::fs::read_to_string(root().join("rules/memory/numa_remote_access.test.yaml")).unwrap();
    assert!(test.contains("numa.hit_per_s: [20000], numa.miss_per_s: [10000], numa.local_per_s: [19000], numa.other_per_s: [11000]"));
}
