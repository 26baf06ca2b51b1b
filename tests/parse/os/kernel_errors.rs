//! The kernel-error classes of the dmesg parser against real and reconstructed logs:
//! the counts, and that each fact cites the lines that say so.

use crate::support::*;
use perfsage::facts::{Fact, Unit};
use perfsage::parse::capture_window::CaptureWindow;
use perfsage::parse::os::dmesg::Dmesg;
use perfsage::parse::read_capture_within;

fn find<'a>(facts: &'a [Fact], key: &str) -> Option<&'a Fact> {
    facts.iter().find(|f| f.key == key)
}

/// Line `n` (1-based) of a fixture.
fn line_of(relative: &str, n: u64) -> String {
    let text = String::from_utf8_lossy(&read(relative)).into_owned();
    text.lines().nth(n as usize - 1).unwrap().to_string()
}

/// The classes other than OOM, all zero over a whole boot log without them.
const QUIET_CLASSES: [&str; 11] = [
    "os.hung_tasks",
    "os.soft_lockups",
    "os.hard_lockups",
    "os.machine_check_lines",
    "mem.ecc_corrected_errors",
    "mem.ecc_uncorrected_errors",
    "net.tx_timeouts",
    "net.conntrack_table_full",
    "net.syn_flood_warnings",
    "net.link_down_events",
    "disk.kernel_errors",
];

/// This VM's boot log with six OOM kills: one host-wide, five by a cgroup's limit.
fn check_oom_log(relative: &str) -> Parsed {
    let p = parse_fixture(relative);
    assert_eq!(p.tool(), Some("dmesg"));
    close(p.num("mem.oom_kills"), 6.0);
    assert_eq!(p.get("mem.oom_kills").unit, Unit::Count);
    // From the first kill's `oom-kill:` line to the last one's `Killed process`.
    assert_eq!(line_range(p.get("mem.oom_kills")), (426, 846));
    assert!(line_of(relative, 426).contains("oom-kill:constraint=CONSTRAINT_NONE"));
    assert!(line_of(relative, 846).contains("Killed process 22147 (python3)"));
    close(p.num("mem.oom_memcg_kills"), 5.0);
    assert_eq!(p.text("mem.oom_killed"), "python3 (5), fuzz-395f27c594 (1)");
    assert_eq!(
        p.text("mem.oom_cgroups"),
        "/perfsage-oom (3), /perfsage-fixture (2)"
    );
    for key in QUIET_CLASSES {
        close(p.num(key), 0.0);
        assert_eq!(line_range(p.get(key)), (1, 846), "{key}");
    }
    assert!(p.text("os.kernel_log_span").ends_with("(the whole boot)"));
    // Read alone, with no capture window: the counts cover the whole log, and say so.
    let [warning] = &p.report.warnings[..] else {
        panic!("{:?}", p.report.warnings);
    };
    assert_eq!(warning.line, 426);
    assert!(
        warning
            .message
            .starts_with("6 kernel errors (6 OOM kills) counted over the whole log"),
        "{}",
        warning.message
    );
    p
}

#[test]
fn real_oom_kills_in_a_whole_boot_log() {
    let p = check_oom_log("dmesg/dmesg_oom_x86_vm.txt");
    assert_eq!(
        p.text("os.kernel_log_span"),
        "0.0 s after boot to 95267.8 s after boot (the whole boot)"
    );
}

#[test]
fn the_same_log_with_wall_clock_stamps() {
    let p = check_oom_log("dmesg/dmesg_T_oom_x86_vm.txt");
    assert_eq!(
        p.text("os.kernel_log_span"),
        "Thu Dec  3 10:52:48 2026 to Fri Dec  4 13:20:35 2026 (the whole boot)"
    );
}

#[test]
fn a_boot_log_without_errors_counts_zero() {
    let p = parse_fixture("dmesg/dmesg_x86_vm.txt");
    close(p.num("mem.oom_kills"), 0.0);
    for key in QUIET_CLASSES {
        close(p.num(key), 0.0);
    }
    assert!(!p.has("mem.oom_killed"));
    assert!(!p.keys().iter().any(|k| k.ends_with(".kernel_error_kinds")));
}

#[test]
fn storage_errors_by_device_and_the_other_classes() {
    let fixture = "dmesg/dmesg_errors_server_reconstructed.txt";
    let p = parse_fixture(fixture);
    assert_eq!(p.tool(), Some("dmesg"));
    // (device, errors, first line, last line, kinds)
    for (device, count, first, last, kinds) in [
        ("ata1", 2.0, 3, 16, "1 I/O error, 1 reset"),
        ("sda", 2.0, 9, 13, "2 I/O errors"),
        ("sda2", 2.0, 14, 22, "1 I/O error, 1 file-system error"),
        ("nvme0", 2.0, 18, 19, "1 command timeout, 1 reset"),
        ("dm-0", 1.0, 21, 21, "1 file-system error"),
    ] {
        let key = format!("disk.{device}.kernel_errors");
        close(p.num(&key), count);
        assert_eq!(line_range(p.get(&key)), (first, last), "{key}");
        assert_eq!(p.text(&format!("disk.{device}.kernel_error_kinds")), kinds);
        assert!(line_of(fixture, first).contains(device), "{key}");
    }
    close(p.num("disk.kernel_errors"), 9.0);
    assert_eq!(line_range(p.get("disk.kernel_errors")), (3, 22));
    // (key, count, first line, last line, what the first line says)
    for (key, count, first, last, says) in [
        (
            "os.hung_tasks",
            2.0,
            23,
            27,
            "INFO: task jbd2/sda2-8:412 blocked",
        ),
        ("os.soft_lockups", 1.0, 28, 28, "BUG: soft lockup - CPU#3"),
        ("net.tx_timeouts", 1.0, 31, 31, "NETDEV WATCHDOG: ens1f0"),
        ("net.link_down_events", 1.0, 33, 33, "NIC Link is Down"),
        ("net.conntrack_table_full", 2.0, 35, 36, "table full"),
        (
            "net.syn_flood_warnings",
            1.0,
            38,
            38,
            "SYN flooding on port 3306",
        ),
        ("os.machine_check_lines", 2.0, 39, 40, "[Hardware Error]"),
        ("mem.ecc_corrected_errors", 1.0, 41, 41, "1 CE"),
        ("mem.ecc_uncorrected_errors", 1.0, 42, 42, "1 UE"),
    ] {
        close(p.num(key), count);
        assert_eq!(line_range(p.get(key)), (first, last), "{key}");
        assert!(line_of(fixture, first).contains(says), "{key}");
    }
    assert_eq!(p.text("os.hung_task_names"), "jbd2/sda2-8 (1), mysqld (1)");
    assert_eq!(p.text("net.tx_timeout_devices"), "ens1f0 (1)");
    assert_eq!(p.text("net.link_down_devices"), "ens1f0 (1)");
    assert_eq!(p.text("net.syn_flood_ports"), "3306 (1)");
    // An excerpt proves nothing about what it lacks: no zeros.
    assert!(!p.has("os.hard_lockups"));
    assert!(!p.has("mem.oom_kills"));
    assert_eq!(
        p.text("os.kernel_log_span"),
        "3021.6 s after boot to 6002.1 s after boot"
    );
}

#[test]
fn the_older_oom_wording_counts_each_kill_once() {
    let p = parse_fixture("dmesg/dmesg_oom_el7_reconstructed.txt");
    close(p.num("mem.oom_kills"), 2.0);
    assert_eq!(line_range(p.get("mem.oom_kills")), (4, 7));
    // `Memory cgroup out of memory: Kill process` makes the next kill a cgroup's.
    close(p.num("mem.oom_memcg_kills"), 1.0);
    assert_eq!(p.text("mem.oom_killed"), "java (1), mysqld (1)");
    assert!(!p.has("mem.oom_cgroups"));
}

#[test]
fn journal_lines_and_a_grep_for_the_killer_alone() {
    let journal = b"Dec 04 13:20:23 vm kernel: python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n\
Dec 04 13:20:23 vm kernel: Memory cgroup out of memory: Killed process 21677 (python3) total-vm:81260kB, anon-rss:65152kB\n";
    let (facts, _) = run_parser(&Dmesg, journal).unwrap();
    let kills = find(&facts, "mem.oom_kills").unwrap();
    assert_eq!(kills.value, num(1.0));
    assert_eq!(line_range(kills), (2, 2));
    assert_eq!(find(&facts, "mem.oom_memcg_kills").unwrap().value, num(1.0));
    assert_eq!(
        find(&facts, "os.kernel_log_span").unwrap().value,
        text("Dec 04 13:20:23 vm to Dec 04 13:20:23 vm")
    );
    // `dmesg | grep invoked`: each invocation is a kill, the victims unknown.
    let grep = b"[75844.252261] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n\
[75844.289601] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n";
    let (facts, _) = run_parser(&Dmesg, grep).unwrap();
    assert_eq!(find(&facts, "mem.oom_kills").unwrap().value, num(2.0));
    assert!(find(&facts, "mem.oom_killed").is_none());
}

#[test]
fn a_log_cut_inside_the_last_kill_counts_what_it_read_and_no_zeros() {
    let full = read("dmesg/dmesg_oom_x86_vm.txt");
    // Cut 40 bytes into line 846, the last kill's `Killed process` line.
    let start = full
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(844)
        .map(|(i, _)| i + 1)
        .unwrap();
    let (facts, warnings) = run_parser(&Dmesg, &full[..start + 40]).unwrap();
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 846 && w.message.contains("cut off"))
    );
    // Line 845's `oom-kill:` line already counted the kill the cut line reports.
    let kills = find(&facts, "mem.oom_kills").unwrap();
    assert_eq!(kills.value, num(6.0));
    assert_eq!(line_range(kills), (426, 845));
    assert!(find(&facts, "os.hung_tasks").is_none());
}

#[test]
fn gbk_and_binary_garbage_do_not_panic() {
    // A task name in GBK (中文) and a message of raw bytes among real lines.
    let mut log = b"[    0.000000] Linux version 5.10.0\n[  300.000001] INFO: task \xd6\xd0\xce\xc4:4242 blocked for more than 120 seconds.\n".to_vec();
    log.extend_from_slice(b"[  301.000000] \xff\xfe\x00\x01 I/O error, dev \xd6\xd0, sector 8\n");
    log.extend_from_slice(b"[  302.000000] Killed process \xff (\xd6\xd0\n");
    let (facts, _) = run_parser(&Dmesg, &log).unwrap();
    assert_eq!(find(&facts, "os.hung_tasks").unwrap().value, num(1.0));
    let names = find(&facts, "os.hung_task_names").unwrap();
    assert!(matches!(&names.value, perfsage::facts::Value::Text(t) if t.contains('\u{fffd}')));
    // The device name is not fit for a key: not kept per device, nor counted.
    assert_eq!(find(&facts, "disk.kernel_errors").unwrap().value, num(0.0));
    // Every prefix of the log, cut anywhere, parses or fails without a panic.
    for end in 0..log.len() {
        let _ = run_parser(&Dmesg, &log[..end]);
    }
    for seed in 0u32..200 {
        let noise: Vec<u8> = (0..120u32)
            .map(|i| (seed.wrapping_mul(2_654_435_761).wrapping_add(i * 40_503) >> 7) as u8)
            .collect();
        let mut input = b"[    1.000000] ".to_vec();
        input.extend_from_slice(&noise);
        let _ = run_parser(&Dmesg, &input);
    }
}

/// The real log of `bundles/memory-oom-during-capture`: one OOM kill at 00:56:18 UTC,
/// before the capture, and one at 00:58:59, during it (00:58:57 to 00:59:04).
const TWO_KILLS: &str = "bundles/memory-oom-during-capture/dmesg.txt";

fn read_within(relative: &str, window: Option<CaptureWindow>) -> (Vec<Fact>, Vec<String>) {
    let mut results = read_capture_within(&fixture(relative), "dmesg.txt", window);
    assert_eq!(results.len(), 1);
    let (report, facts) = results.remove(0);
    assert_eq!(report.tool.as_deref(), Some("dmesg"));
    let warnings = report.warnings.iter().map(|w| w.message.clone()).collect();
    (facts.into_iter().map(|(fact, _)| fact).collect(), warnings)
}

#[test]
fn inside_a_capture_window_only_its_errors_count() {
    let window = CaptureWindow::from_record("2026-12-05T00:58:57Z", Some("2026-12-05T00:59:04Z"));
    let (facts, warnings) = read_within(TWO_KILLS, window);
    assert!(warnings.is_empty(), "{warnings:?}");
    let kills = find(&facts, "mem.oom_kills").unwrap();
    assert_eq!(kills.value, num(1.0));
    assert_eq!(line_range(kills), (507, 508));
    assert!(line_of(TWO_KILLS, 508).contains("Killed process 10949 (python3)"));
    // Every other class is still a believed zero: the whole boot was read.
    for key in QUIET_CLASSES {
        assert_eq!(find(&facts, key).unwrap().value, num(0.0), "{key}");
    }
    let outside = find(&facts, "os.kernel_errors_outside_capture").unwrap();
    assert_eq!(outside.value, num(1.0));
    assert_eq!(line_range(outside), (428, 429));
    assert_eq!(
        find(&facts, "os.kernel_error_kinds_outside_capture")
            .unwrap()
            .value,
        text("1 OOM kill")
    );
    let span = find(&facts, "os.kernel_log_span").unwrap();
    let perfsage::facts::Value::Text(span) = &span.value else {
        panic!("{span:?}");
    };
    assert!(
        span.ends_with(
            "errors counted during the capture, 2026-12-05T00:58:57Z to 2026-12-05T00:59:04Z"
        ),
        "{span}"
    );

    // A window after both kills: none inside, two outside.
    let later = CaptureWindow::from_record("2026-12-05T01:00:00Z", None);
    let (facts, _) = read_within(TWO_KILLS, later);
    assert_eq!(find(&facts, "mem.oom_kills").unwrap().value, num(0.0));
    assert_eq!(
        find(&facts, "os.kernel_error_kinds_outside_capture")
            .unwrap()
            .value,
        text("2 OOM kills")
    );
}

#[test]
fn errors_that_cannot_be_placed_count_over_the_whole_log_and_say_why() {
    // No window: both kills, and the reason.
    let (facts, warnings) = read_within(TWO_KILLS, None);
    assert_eq!(find(&facts, "mem.oom_kills").unwrap().value, num(2.0));
    assert!(find(&facts, "os.kernel_errors_outside_capture").is_none());
    let [warning] = &warnings[..] else {
        panic!("{warnings:?}");
    };
    assert!(warning.contains("counted over the whole log"), "{warning}");
    assert!(warning.contains("no capture window"), "{warning}");

    // Stamps in seconds since boot cannot be placed even with a window.
    let window = CaptureWindow::from_record("2026-12-04T13:20:19Z", None);
    let (facts, warnings) = read_within("bundles/memory-oom-killed/dmesg.txt", window);
    close(
        find(&facts, "mem.oom_kills")
            .unwrap()
            .value
            .as_number()
            .unwrap(),
        6.0,
    );
    assert!(
        warnings.iter().any(|w| w.contains("seconds since boot")),
        "{warnings:?}"
    );

    // A log without errors says nothing about placing them.
    let (_, warnings) = read_within("dmesg/dmesg_x86_vm.txt", None);
    assert!(
        !warnings.iter().any(|w| w.contains("whole log")),
        "{warnings:?}"
    );
}

#[test]
fn journal_short_iso_lines_are_placed_by_their_zone() {
    // `journalctl -k -o short-iso`: the zone as +HHMM, no fraction, host and `kernel:`.
    let log = "2026-12-05T08:58:59+0800 db1 kernel: python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n\
               2026-12-05T08:58:59+0800 db1 kernel: Memory cgroup out of memory: Killed process 10949 (python3) total-vm:224556kB, anon-rss:32512kB, file-rss:6716kB, shmem-rss:0kB, UID:0 pgtables:140kB oom_score_adj:0\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("journal.txt");
    std::fs::write(&path, log).unwrap();
    // 08:58:59 at +08:00 is 00:58:59 UTC: inside this window, outside the next.
    for (start, inside) in [("2026-12-05T00:58:57Z", 1.0), ("2026-12-05T01:00:00Z", 0.0)] {
        let window = CaptureWindow::from_record(start, None);
        let (report, facts) = read_capture_within(&path, "journal.txt", window).remove(0);
        assert_eq!(report.tool.as_deref(), Some("dmesg"));
        let kills = facts.iter().find(|(f, _)| f.key == "mem.oom_kills");
        let counted = kills.and_then(|(f, _)| f.value.as_number()).unwrap_or(0.0);
        assert_eq!(counted, inside, "{start}");
    }
}
