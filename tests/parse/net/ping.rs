use crate::support::*;
use perfsage::facts::Unit;
use perfsage::parse::CaptureParser;
use perfsage::parse::net::ping::Ping;

#[test]
fn ping_to_localhost_on_this_machine() {
    let p = parse_fixture("ping/ping_c5_localhost.txt");
    assert_eq!(p.tool(), Some("ping"));
    close(p.num("net.ping.127_0_0_1.rtt_min_ms"), 0.046);
    close(p.num("net.ping.127_0_0_1.rtt_avg_ms"), 0.050);
    close(p.num("net.ping.127_0_0_1.rtt_max_ms"), 0.054);
    close(p.num("net.ping.127_0_0_1.rtt_mdev_ms"), 0.002);
    assert_eq!(
        p.get("net.ping.127_0_0_1.rtt_avg_ms").unit,
        Unit::Milliseconds
    );
    assert_eq!(p.get("net.ping.127_0_0_1.rtt_avg_ms").provenance.line, 10);
    close(p.num("net.ping.127_0_0_1.loss_pct"), 0.0);
    assert_eq!(p.get("net.ping.127_0_0_1.loss_pct").provenance.line, 9);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn quiet_ping_by_name() {
    let p = parse_fixture("ping/ping_q_localhost.txt");
    close(p.num("net.ping.localhost.rtt_avg_ms"), 0.052);
    close(p.num("net.ping.localhost.rtt_max_ms"), 0.072);
}

#[test]
fn application_to_database_and_a_slow_cross_server_path() {
    let p = parse_fixture("ping/ping_app_to_db.txt");
    close(p.num("net.ping.db01.rtt_avg_ms"), 0.103);
    close(p.num("net.ping.db01.loss_pct"), 0.0);
    let p = parse_fixture("ping/ping_server_a_to_b_slow.txt");
    close(p.num("net.ping.192_168_20_12.rtt_avg_ms"), 1.541);
    close(p.num("net.ping.192_168_20_12.rtt_max_ms"), 4.86);
    close(p.num("net.ping.192_168_20_12.loss_pct"), 10.0);
}

#[test]
fn an_unreachable_host_is_all_loss() {
    let p = parse_fixture("ping/ping_unreachable.txt");
    close(p.num("net.ping.192_0_2_40.loss_pct"), 100.0);
    assert!(!p.has("net.ping.192_0_2_40.rtt_avg_ms"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn busybox_ping() {
    let p = parse_fixture("ping/ping_busybox.txt");
    close(p.num("net.ping.10_0_3_7.rtt_avg_ms"), 0.195);
    close(p.num("net.ping.10_0_3_7.loss_pct"), 0.0);
    assert!(!p.has("net.ping.10_0_3_7.rtt_mdev_ms"));
}

#[test]
fn other_text_is_not_ping() {
    assert_eq!(Ping.sniff("PING is how we check latency\n"), None);
    let uname = String::from_utf8(read("uname/uname_a_vm.txt")).unwrap();
    assert_eq!(Ping.sniff(&uname), None);
}

#[test]
fn a_second_run_to_the_same_target_is_ignored() {
    let mut text = read("ping/ping_c5_localhost.txt");
    text.extend_from_slice(&read("ping/ping_c5_localhost.txt"));
    let (facts, warnings) = run_parser(&Ping, &text).unwrap();
    assert_eq!(facts.len(), 5);
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].line, 11);
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Ping, b"").is_err());
    assert!(run_parser(&Ping, b"rtt min/avg/max/mdev = 1/2/3/4 ms\n").is_err());
    let (facts, warnings) = run_parser(
        &Ping,
        b"PING x (1.2.3.4) 56(84) bytes of data.\nrtt min/avg/max/mdev = a/b/c/d ms\n\xff\n",
    )
    .unwrap();
    assert!(facts.is_empty());
    assert_eq!(warnings.len(), 4, "{warnings:?}");
}

#[test]
fn truncated_capture_works_rtt_out_from_the_replies() {
    let full = read("ping/ping_app_to_db.txt");
    // Cut inside line 11, the tenth reply; nine complete replies remain.
    let start: usize = full
        .split(|b| *b == b'\n')
        .take(10)
        .map(|l| l.len() + 1)
        .sum();
    let (facts, warnings) = run_parser(&Ping, &full[..start + 30]).unwrap();
    let get = |key: &str| {
        facts
            .iter()
            .find(|f| f.key == key)
            .unwrap()
            .value
            .as_number()
            .unwrap()
    };
    close(get("net.ping.db01.rtt_min_ms"), 0.088);
    close(get("net.ping.db01.rtt_max_ms"), 0.158);
    let nine = [
        0.158, 0.094, 0.101, 0.088, 0.097, 0.112, 0.090, 0.099, 0.104,
    ];
    close(
        get("net.ping.db01.rtt_avg_ms"),
        nine.iter().sum::<f64>() / 9.0,
    );
    assert!(!facts.iter().any(|f| f.key == "net.ping.db01.loss_pct"));
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert_eq!(warnings[0].line, 11);
    assert!(warnings[0].message.contains("cut off"));
    assert!(warnings[1].message.contains("9 replies"));
}

#[test]
fn the_ping_line_starts_a_section() {
    assert!(Ping.starts_section("PING db01 (10.0.0.2) 56(84) bytes of data."));
    assert!(!Ping.starts_section("--- db01 ping statistics ---"));
}

#[test]
fn bsd_and_macos_summaries_name_the_deviation_stddev() {
    // FreeBSD and macOS ping: `packets received`, and `stddev` instead of `mdev`.
    let text = b"PING 10.0.0.2 (10.0.0.2): 56 data bytes\n64 bytes from 10.0.0.2: icmp_seq=0 ttl=64 time=0.061 ms\n64 bytes from 10.0.0.2: icmp_seq=1 ttl=64 time=0.089 ms\n64 bytes from 10.0.0.2: icmp_seq=2 ttl=64 time=0.045 ms\n\n--- 10.0.0.2 ping statistics ---\n3 packets transmitted, 3 packets received, 0.0% packet loss\nround-trip min/avg/max/stddev = 0.045/0.065/0.089/0.018 ms";
    let p = parse_bytes("ping.txt", text);
    close(p.num("net.ping.10_0_0_2.rtt_mdev_ms"), 0.018);
    close(p.num("net.ping.10_0_0_2.rtt_max_ms"), 0.089);
    close(p.num("net.ping.10_0_0_2.loss_pct"), 0.0);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}
