use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::net::ss_summary::SsSummary;

#[test]
fn totals_and_tcp_states() {
    let p = parse_fixture("ss-summary/ss_s.txt");
    assert_eq!(p.tool(), Some("ss-summary"));
    close(p.series("net.sockets.total").avg, 2.0);
    close(p.series("net.sockets.tcp_allocated").avg, 6.0);
    close(p.series("net.sockets.tcp_estab").avg, 2.0);
    close(p.series("net.sockets.tcp_closed").avg, 4.0);
    close(p.series("net.sockets.tcp_timewait").avg, 0.0);
    assert_eq!(p.get("net.sockets.tcp_estab").provenance.line, 2);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn older_ss_and_a_loop_of_prints() {
    let text = "1796370000\nTotal: 174 (kernel 0)\nTCP:   12 (estab 3, closed 0, orphaned 1, synrecv 0, timewait 7/0), ports 0\n\
1796370010\nTotal: 180 (kernel 0)\nTCP:   14 (estab 5, closed 0, orphaned 1, synrecv 0, timewait 9/0), ports 0\n";
    assert_eq!(SsSummary.sniff(text), Some(90));
    let p = parse_bytes("ss.txt", text.as_bytes());
    assert_eq!(p.tool(), Some("ss-summary"));
    let timewait = p.series("net.sockets.tcp_timewait");
    assert_eq!((timewait.count, timewait.interval_s), (2, Some(10.0)));
    close(timewait.avg, 8.0);
    close(p.series("net.sockets.tcp_orphaned").max, 1.0);
}

#[test]
fn bad_input_is_an_error_or_a_warning_not_a_panic() {
    assert!(run_parser(&SsSummary, b"").is_err());
    assert!(run_parser(&SsSummary, b"\xff\xfe\x00binary\n").is_err());
    let bad = b"Total: 2\nTCP:   6 (estab two, closed 4)\n";
    let (facts, warnings) = run_parser(&SsSummary, bad).unwrap();
    assert_eq!(facts.len(), 1);
    assert_eq!(warnings[0].line, 2);
    // Cut inside the TCP line.
    let (_, warnings) = run_parser(&SsSummary, b"Total: 2\nTCP:   6 (estab 2, clo").unwrap();
    assert_eq!(warnings[0].line, 2);
}
