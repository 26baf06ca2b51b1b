use crate::support::*;
use perfsage::facts::Unit;
use perfsage::parse::CaptureParser;
use perfsage::parse::net::ethtool_channels::EthtoolChannels;

#[test]
fn virtio_nic_of_this_machine_has_one_channel() {
    let p = parse_fixture("ethtool-channels/ethtool_l_eth0_virtio.txt");
    assert_eq!(p.tool(), Some("ethtool-channels"));
    close(p.num("net.eth0.combined_max"), 1.0);
    assert_eq!(p.get("net.eth0.combined_max").provenance.line, 6);
    close(p.num("net.eth0.combined"), 1.0);
    assert_eq!(p.get("net.eth0.combined").provenance.line, 11);
    assert_eq!(p.get("net.eth0.combined").unit, Unit::Count);
    assert_eq!(p.facts.len(), 2, "RX/TX/Other are n/a");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn hinic_client_and_server_queue_counts() {
    let p = parse_fixture("ethtool-channels/ethtool_l_hinic_client_48.txt");
    close(p.num("net.enp3s0.combined_max"), 63.0);
    close(p.num("net.enp3s0.combined"), 48.0);
    let p = parse_fixture("ethtool-channels/ethtool_l_hinic_server_16.txt");
    close(p.num("net.enp3s0.combined"), 16.0);
}

#[test]
fn a_driver_without_channels_gives_a_warning() {
    let text = b"Channel parameters for eth1:\nCannot get device channel parameters: Operation not supported\n";
    assert!(
        EthtoolChannels
            .sniff(std::str::from_utf8(text).unwrap())
            .is_some()
    );
    let (facts, warnings) = run_parser(&EthtoolChannels, text).unwrap();
    assert!(facts.is_empty());
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].line, 2);
    assert!(warnings[0].message.contains("Operation not supported"));
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&EthtoolChannels, b"").is_err());
    assert!(run_parser(&EthtoolChannels, b"Combined: 4\n").is_err());
    let (facts, warnings) = run_parser(
        &EthtoolChannels,
        b"Channel parameters for eth0:\nPre-set maximums:\nCombined:\tmany\n\xff\n",
    )
    .unwrap();
    assert!(facts.is_empty());
    assert_eq!(warnings.len(), 1);
}

#[test]
fn truncated_capture_keeps_complete_lines() {
    let full = read("ethtool-channels/ethtool_l_hinic_client_48.txt");
    // Cut inside the last line, `Combined:\t48`.
    let (facts, warnings) = run_parser(&EthtoolChannels, &full[..full.len() - 2]).unwrap();
    assert!(facts.iter().any(|f| f.key == "net.enp3s0.combined_max"));
    assert!(!facts.iter().any(|f| f.key == "net.enp3s0.combined"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 11);
}
