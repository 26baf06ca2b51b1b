use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::net::ss_info::SsInfo;

#[test]
fn connections_summed_up() {
    let p = parse_fixture("ss-info/ss_tin.txt");
    assert_eq!(p.tool(), Some("ss-info"));
    close(p.num("net.tcp.conn.count"), 2.0);
    // rtt:0.037/0.019 and rtt:0.442/0.404.
    close(p.num("net.tcp.conn.rtt_avg_ms"), 0.24);
    close(p.num("net.tcp.conn.rtt_max_ms"), 0.442);
    // retrans:0/32428 on the data connection; the control one has none.
    close(p.num("net.tcp.conn.retrans"), 32428.0);
    close(p.num("net.tcp.conn.segments_out"), 7.0 + 1_517_165.0);
    close(p.num("net.tcp.conn.retrans_pct"), 2.137);
    assert_eq!(p.text("net.tcp.conn.most_retrans_peer"), "10.77.0.2:5201");
    assert_eq!(p.get("net.tcp.conn.most_retrans_peer").provenance.line, 5);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn without_the_state_column_the_peer_is_one_column_earlier() {
    let text = "Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n0 0 10.0.0.1:5432 10.0.0.9:40000\n\t cubic rtt:1.5/0.2 segs_out:100 retrans:0/3\n";
    assert_eq!(SsInfo.sniff(text), Some(90));
    let (facts, warnings) = run_parser(&SsInfo, text.as_bytes()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let peer = facts
        .iter()
        .find(|f| f.key == "net.tcp.conn.most_retrans_peer")
        .unwrap();
    assert_eq!(peer.value.to_string(), "10.0.0.9:40000");
}

#[test]
fn bad_input_is_an_error_or_a_warning_not_a_panic() {
    assert!(run_parser(&SsInfo, b"").is_err());
    assert!(run_parser(&SsInfo, b"\xff\xfe\x00binary\n").is_err());
    // ss -t without -i: connections but no TCP info.
    let plain = b"State Recv-Q Send-Q Local Address:Port Peer Address:Port Process\nESTAB 0 0 10.0.0.1:22 10.0.0.2:5000\n";
    assert!(run_parser(&SsInfo, plain).is_err());
    // Rows before any header are an error at their line.
    let err = run_parser(&SsInfo, b"ESTAB 0 0 10.0.0.1:22 10.0.0.2:5000\n").unwrap_err();
    assert_eq!(err.line, Some(1));
    // An unreadable rtt and a cut last line are warnings naming the line.
    let full = String::from_utf8(read("ss-info/ss_tin.txt")).unwrap();
    let damaged = full.replacen("rtt:0.037/0.019", "rtt:x/y", 1);
    let (_, warnings) = run_parser(&SsInfo, damaged.as_bytes()).unwrap();
    assert_eq!(warnings[0].line, 3);
    let cut = &full.as_bytes()[..full.len() - 40];
    let (facts, warnings) = run_parser(&SsInfo, cut).unwrap();
    assert!(facts.iter().any(|f| f.key == "net.tcp.conn.count"));
    assert_eq!(warnings[0].line, 5);
    assert!(warnings[0].message.contains("cut off"));
}

#[test]
fn a_header_without_connections_is_a_count_of_zero() {
    let p = parse_fixture("ss-info/ss_tin_no_connections.txt");
    assert_eq!(p.tool(), Some("ss-info"));
    close(p.num("net.tcp.conn.count"), 0.0);
    assert_eq!(line_range(p.get("net.tcp.conn.count")), (1, 1));
    assert!(!p.has("net.tcp.conn.rtt_avg_ms"));
}
