use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::net::nstat::Nstat;

#[test]
fn one_snapshot_gives_the_counters_as_printed() {
    let p = parse_fixture("nstat/nstat_saz.txt");
    assert_eq!(p.tool(), Some("nstat"));
    let out = p.get("net.tcp.segments_out");
    assert_eq!(out.provenance.line, 54);
    close(p.num("net.tcp.segments_out"), 7_946_582.0);
    close(p.num("net.tcp.retrans"), 126_371.0);
    close(p.num("net.tcp.listen_overflows"), 0.0);
    // One snapshot gives no rates.
    assert!(!p.has("net.tcp.segments_out_per_s"));
    let delta = parse_fixture("nstat/nstat_delta.txt");
    close(delta.num("net.tcp.segments_out"), 270_334.0);
    close(delta.num("net.tcp.retrans"), 5553.0);
    // Plain nstat leaves out counters that did not change.
    assert!(!delta.has("net.tcp.active_opens"));
}

#[test]
fn two_timed_snapshots_give_rates() {
    let p = parse_fixture("nstat/nstat_saz_two_snapshots.txt");
    // 1796370891 and 1796370894: 3 s apart.
    let out = p.series("net.tcp.segments_out_per_s");
    assert_eq!((out.count, out.interval_s), (1, Some(3.0)));
    close(out.avg, (8_488_074.0 - 8_226_009.0) / 3.0);
    close(
        p.series("net.tcp.retrans_per_s").avg,
        (136_961.0 - 132_063.0) / 3.0,
    );
    assert_eq!(p.get("net.tcp.retrans_per_s").provenance.line, 451);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn snapshots_without_time_or_going_down_are_warnings() {
    let untimed = "#kernel\nTcpOutSegs 100 0.0\n#kernel\nTcpOutSegs 200 0.0\n";
    let (facts, warnings) = run_parser(&Nstat, untimed.as_bytes()).unwrap();
    assert!(facts.iter().all(|f| !f.key.ends_with("_per_s")));
    assert!(warnings[0].message.contains("date +%s"), "{warnings:?}");
    let falling =
        "1796370891\n#kernel\nTcpOutSegs 900 0.0\n1796370894\n#kernel\nTcpOutSegs 100 0.0\n";
    let (_, warnings) = run_parser(&Nstat, falling.as_bytes()).unwrap();
    assert_eq!(warnings[0].line, 6);
    assert!(warnings[0].message.contains("fell"), "{warnings:?}");
}

#[test]
fn a_snapshot_without_kept_counters_is_no_starting_point() {
    // The first print holds no TCP counter: a rate from it would start at zero.
    let text = "1796370000\n#kernel\nIpInReceives 5 0.0\n1796370010\n#kernel\nTcpOutSegs 200 0.0\n1796370020\n#kernel\nTcpOutSegs 300 0.0\n";
    let (facts, warnings) = run_parser(&Nstat, text.as_bytes()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let rate = facts
        .iter()
        .find(|f| f.key == "net.tcp.segments_out_per_s")
        .unwrap();
    match &rate.value {
        perfsage::facts::Value::Series(s) => {
            assert_eq!((s.count, s.interval_s), (1, Some(10.0)));
            close(s.avg, 10.0);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_input_is_an_error_or_a_warning_not_a_panic() {
    assert!(run_parser(&Nstat, b"").is_err());
    assert!(run_parser(&Nstat, b"\xff\xfe\x00binary\n").is_err());
    // Counters perfsage does not read only.
    assert!(run_parser(&Nstat, b"#kernel\nIpInReceives 3535 0.0\n").is_err());
    let garbage = b"#kernel\nTcpOutSegs lots 0.0\nTcpRetransSegs 12 0.0\n";
    let (facts, warnings) = run_parser(&Nstat, garbage).unwrap();
    assert_eq!(facts.len(), 1);
    assert_eq!(warnings[0].line, 2);
    // Cut inside the value of the last line.
    let full = read("nstat/nstat_saz.txt");
    let text = String::from_utf8(full).unwrap();
    let upto = text.find("TcpRetransSegs").unwrap() + "TcpRetransSegs        ".len() + 12;
    let (facts, warnings) = run_parser(&Nstat, &text.as_bytes()[..upto]).unwrap();
    assert!(facts.iter().any(|f| f.key == "net.tcp.segments_out"));
    assert!(!facts.iter().any(|f| f.key == "net.tcp.retrans"));
    assert!(warnings.iter().any(|w| w.line == 55), "{warnings:?}");
    assert!(run_parser(&Nstat, b"#kernel\n").is_err());
}

#[test]
fn a_stamp_before_the_header_still_sniffs_as_nstat() {
    assert_eq!(
        Nstat.sniff("1796370891\n#kernel\nTcpOutSegs   5  0.0\n"),
        Some(90)
    );
    assert_eq!(Nstat.sniff("#kernel\nnet.core.somaxconn = 4096\n"), None);
}

#[test]
fn a_header_alone_is_nstat_with_nothing_grown_and_says_what_to_capture() {
    let p = parse_fixture("nstat/nstat_nothing_grew.txt");
    assert_eq!(p.tool(), Some("nstat"));
    let (_, message) = p.failure();
    assert!(message.contains("nstat -az"), "{message}");
}
