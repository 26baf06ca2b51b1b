use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::net::netstat_stats::NetstatStats;

#[test]
fn tcp_sentences_and_named_counters() {
    let p = parse_fixture("netstat-s/netstat_s.txt");
    assert_eq!(p.tool(), Some("netstat-s"));
    close(p.num("net.tcp.segments_out"), 8_489_126.0);
    assert_eq!(p.get("net.tcp.segments_out").provenance.line, 23);
    close(p.num("net.tcp.retrans"), 137_006.0);
    // `bad segments received` is not `segments received`.
    close(p.num("net.tcp.segments_in"), 121_151.0);
    close(p.num("net.tcp.segments_in_errors"), 0.0);
    close(p.num("net.tcp.fast_retrans"), 134_589.0);
    close(p.num("net.tcp.timeouts"), 62.0);
    // TcpExt leaves zero counters out: no listen overflow line, no fact.
    assert!(!p.has("net.tcp.listen_overflows"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn two_snapshots_after_date_give_rates() {
    let p = parse_fixture("netstat-s/netstat_s_two_snapshots.txt");
    // `Fri Dec  4 07:54:54 UTC 2026` and `… 07:54:57 …`.
    let out = p.series("net.tcp.segments_out_per_s");
    assert_eq!((out.count, out.interval_s), (1, Some(3.0)));
    close(out.avg, (8_751_711.0 - 8_490_761.0) / 3.0);
    assert_eq!(p.get("net.tcp.segments_out_per_s").provenance.line, 95);
    close(
        p.series("net.tcp.retrans_per_s").avg,
        (143_682.0 - 137_006.0) / 3.0,
    );
    close(p.num("net.tcp.segments_out"), 8_751_711.0);
}

#[test]
fn listen_queue_overflows_and_syn_cookies() {
    // The sentences of net-tools 2.10 (`strings /usr/bin/netstat`); a counter absent
    // from the first snapshot was zero there.
    let text = "1796370000\nTcp:\n    10 active connection openings\n    1000 segments sent out\n    5 segments retransmitted\nTcpExt:\n    3 SYN cookies sent\n\
1796370010\nTcp:\n    20 active connection openings\n    2000 segments sent out\n    25 segments retransmitted\nTcpExt:\n    40 times the listen queue of a socket overflowed\n    41 SYNs to LISTEN sockets dropped\n    3 SYN cookies sent\n    2 invalid SYN cookies received\n";
    let (facts, warnings) = run_parser(&NetstatStats, text.as_bytes()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let get = |key: &str| {
        facts
            .iter()
            .find(|f| f.key == key)
            .unwrap_or_else(|| panic!("{key}"))
            .value
            .as_number()
            .unwrap()
    };
    close(get("net.tcp.listen_overflows"), 40.0);
    close(get("net.tcp.listen_drops"), 41.0);
    close(get("net.tcp.syncookies_failed"), 2.0);
    close(get("net.tcp.listen_overflows_per_s"), 4.0);
    close(get("net.tcp.syncookies_sent_per_s"), 0.0);
    close(get("net.tcp.retrans_per_s"), 2.0);
    close(get("net.tcp.active_opens_per_s"), 1.0);
}

#[test]
fn bad_input_is_an_error_or_a_warning_not_a_panic() {
    assert!(run_parser(&NetstatStats, b"").is_err());
    assert!(run_parser(&NetstatStats, b"\xff\xfe\x00binary\n").is_err());
    // Without a Tcp: section (netstat -su) there is nothing to read.
    assert!(run_parser(&NetstatStats, b"Udp:\n    0 packets received\n").is_err());
    let bad = b"Tcp:\n    x segments sent out\n    7 segments retransmitted\n";
    let (facts, warnings) = run_parser(&NetstatStats, bad).unwrap();
    assert_eq!(facts.len(), 1);
    assert_eq!(warnings[0].line, 2);
    // Cut inside the `segments retransmitted` line (line 24).
    let full = String::from_utf8(read("netstat-s/netstat_s.txt")).unwrap();
    let cut = full.find("segments retransmitted").unwrap() + 5;
    let (facts, warnings) = run_parser(&NetstatStats, &full.as_bytes()[..cut]).unwrap();
    assert!(facts.iter().any(|f| f.key == "net.tcp.segments_out"));
    assert!(!facts.iter().any(|f| f.key == "net.tcp.retrans"));
    assert_eq!(warnings[0].line, 24);
    assert!(warnings[0].message.contains("cut off"));
}

#[test]
fn older_net_tools_spellings() {
    let text = "Tcp:\n    3 active connections openings\n    1000 segments send out\n    12 segments retransmited\n";
    assert_eq!(NetstatStats.sniff(text), Some(90));
    let (facts, _) = run_parser(&NetstatStats, text.as_bytes()).unwrap();
    let keys: Vec<&str> = facts.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "net.tcp.active_opens",
            "net.tcp.segments_out",
            "net.tcp.retrans"
        ]
    );
}

#[test]
fn only_the_tcp_section_makes_it_netstat() {
    assert_eq!(
        NetstatStats.sniff("Tcp:\n    8 active connection openings\n"),
        Some(90)
    );
    assert_eq!(NetstatStats.sniff("Udp:\n    8 segments sent out\n"), None);
}
