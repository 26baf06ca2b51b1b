use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::os::load_average::{Loadavg, Uptime};

#[test]
fn uptime_gives_the_three_averages() {
    let p = parse_fixture("uptime/uptime_loaded.txt");
    assert_eq!(p.tool(), Some("uptime"));
    close(p.series("load.avg1").avg, 3.38);
    close(p.series("load.avg5").avg, 1.25);
    close(p.series("load.avg15").avg, 0.50);
    assert_eq!(p.get("load.avg1").provenance.line, 1);
    assert!(!p.has("load.runnable"));
    let zh = parse_fixture("uptime/uptime_zh.txt");
    close(zh.series("load.avg1").avg, 3.81);
}

#[test]
fn uptime_in_other_forms() {
    // procps with days, BSD/macOS `load averages:` without commas, a comma-decimal
    // locale, and a loop of snapshots whose clocks give the interval.
    let cases = [
        (
            " 10:14:15 up 12 days,  3:04,  2 users,  load average: 0.00, 0.01, 0.05\n",
            0.0,
            0.05,
        ),
        (
            "10:14  up 3 days, 21:12, 2 users, load averages: 1.63 1.73 1.85\n",
            1.63,
            1.85,
        ),
        (
            " 10:14:15 up 5 min,  1 user,  load average: 0,52, 0,58, 0,59\n",
            0.52,
            0.59,
        ),
    ];
    for (text, avg1, avg15) in cases {
        assert_eq!(Uptime.sniff(text), Some(80), "{text}");
        let (facts, warnings) = run_parser(&Uptime, text.as_bytes()).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        let value = |key: &str| match &facts.iter().find(|f| f.key == key).unwrap().value {
            perfsage::facts::Value::Series(s) => s.avg,
            other => panic!("{other:?}"),
        };
        close(value("load.avg1"), avg1);
        close(value("load.avg15"), avg15);
    }
    let looped = " 23:59:50 up 1 day,  0:01,  1 user,  load average: 1.00, 1.00, 1.00\n 00:00:00 up 1 day,  0:01,  1 user,  load average: 2.00, 1.20, 1.05\n";
    let p = parse_bytes("uptime.txt", looped.as_bytes());
    let avg1 = p.series("load.avg1");
    assert_eq!((avg1.count, avg1.interval_s), (2, Some(10.0)));
}

#[test]
fn proc_loadavg_adds_runnable_and_total_entities() {
    let p = parse_fixture("loadavg/proc_loadavg.txt");
    assert_eq!(p.tool(), Some("loadavg"));
    close(p.series("load.avg1").avg, 3.38);
    close(p.series("load.runnable").avg, 6.0);
    close(p.series("load.tasks").avg, 108.0);
    let looped = parse_fixture("loadavg/loadavg_loop_epoch.txt");
    let avg1 = looped.series("load.avg1");
    assert_eq!(avg1.count, 3);
    close(avg1.max, 3.71);
    assert_eq!(avg1.interval_s, Some(5.0));
    close(looped.series("load.tasks").max, 114.0);
    assert_eq!(looped.get("load.tasks").provenance.line_end, 6);
}

#[test]
fn loadavg_snapshots_without_time_have_no_interval() {
    let text = "0.52 0.58 0.59 2/345 12345\n0.60 0.58 0.59 3/345 12350\n";
    let (facts, warnings) = run_parser(&Loadavg, text.as_bytes()).unwrap();
    let avg1 = facts.iter().find(|f| f.key == "load.avg1").unwrap();
    match &avg1.value {
        perfsage::facts::Value::Series(s) => assert_eq!((s.count, s.interval_s), (2, None)),
        other => panic!("{other:?}"),
    }
    assert!(
        warnings[0].message.contains("no time stamps"),
        "{warnings:?}"
    );
}

#[test]
fn neither_claims_the_other_or_top() {
    let uptime = String::from_utf8(read("uptime/uptime_loaded.txt")).unwrap();
    let loadavg = String::from_utf8(read("loadavg/loadavg_loop_epoch.txt")).unwrap();
    let top = String::from_utf8(read("top/top_b_n3_d1.txt")).unwrap();
    assert_eq!(Loadavg.sniff(&uptime), None);
    assert_eq!(Uptime.sniff(&loadavg), None);
    assert_eq!(Uptime.sniff(&top), None);
    assert_eq!(Loadavg.sniff(&top), None);
    // Five numbers among other text are not /proc/loadavg.
    assert_eq!(
        Loadavg.sniff("total 12\n0.52 0.58 0.59 2/345 12345\n"),
        None
    );
}

#[test]
fn bad_input_is_an_error_or_a_warning_not_a_panic() {
    assert!(run_parser(&Uptime, b"").is_err());
    assert!(run_parser(&Loadavg, b"\xff\xfe garbage\n").is_err());
    assert!(
        run_parser(
            &Uptime,
            b" 10:14:15 up 5 min,  1 user,  load average: 0.52, 0.5"
        )
        .is_err()
    );
    let (facts, warnings) = run_parser(&Loadavg, b"0.52 0.58 0.59 2/345 12345\n0.60 0.58").unwrap();
    assert_eq!(facts.len(), 5);
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 2 && w.message.contains("cut off")),
        "{warnings:?}"
    );
}

#[test]
fn a_transcript_of_uptime_then_top_is_read_in_two_sections() {
    let top = String::from_utf8(read("top/top_b_n3_d1.txt")).unwrap();
    let text = format!(" 05:20:34 up 18:27,  0 user,  load average: 3.38, 1.25, 0.50\n{top}");
    let p = parse_bytes("session.txt", text.as_bytes());
    let tools: Vec<_> = p.reports.iter().map(|r| r.tool.as_deref()).collect();
    assert_eq!(tools, vec![Some("uptime"), Some("top")]);
    // uptime's load average is primary; top's yields to it.
    let strength = |tool: &str| {
        p.facts
            .iter()
            .find(|(f, _)| f.key == "load.avg1" && f.provenance.tool == tool)
            .map(|(_, s)| *s)
    };
    assert_eq!(
        strength("uptime"),
        Some(perfsage::parse::sink::Strength::Primary)
    );
    assert_eq!(
        strength("top"),
        Some(perfsage::parse::sink::Strength::Fallback)
    );
}
