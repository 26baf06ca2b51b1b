use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::net::ethtool_features::EthtoolFeatures;

#[test]
fn virtio_nic_of_this_machine() {
    let p = parse_fixture("ethtool-features/ethtool_k_eth0_virtio.txt");
    assert_eq!(p.tool(), Some("ethtool-features"));
    assert_eq!(p.get("net.eth0.tso").value, flag(true));
    assert_eq!(p.get("net.eth0.tso").provenance.line, 12);
    assert_eq!(p.get("net.eth0.tso_fixed").value, flag(false));
    assert_eq!(p.get("net.eth0.gso").value, flag(true));
    assert_eq!(p.get("net.eth0.gro").value, flag(true));
    assert_eq!(p.get("net.eth0.lro").value, flag(false));
    assert_eq!(p.get("net.eth0.lro_fixed").value, flag(true));
    assert_eq!(p.facts.len(), 8);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn hinic_with_offloads_off() {
    let p = parse_fixture("ethtool-features/ethtool_k_hinic_offloads_off.txt");
    for feature in ["tso", "gso", "gro", "lro"] {
        assert_eq!(
            p.get(&format!("net.enp3s0.{feature}")).value,
            flag(false),
            "{feature}"
        );
        assert_eq!(
            p.get(&format!("net.enp3s0.{feature}_fixed")).value,
            flag(false),
            "{feature} can be turned on"
        );
    }
}

#[test]
fn older_ethtool_header_is_read() {
    let text = b"Offload parameters for eth1:\nrx-checksumming: on\ntcp-segmentation-offload: on\ngeneric-receive-offload: off\n";
    assert!(
        EthtoolFeatures
            .sniff(std::str::from_utf8(text).unwrap())
            .is_some()
    );
    let (facts, _) = run_parser(&EthtoolFeatures, text).unwrap();
    let gro = facts.iter().find(|f| f.key == "net.eth1.gro").unwrap();
    assert_eq!(gro.value, flag(false));
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&EthtoolFeatures, b"").is_err());
    assert!(run_parser(&EthtoolFeatures, b"tcp-segmentation-offload: on\n").is_err());
    assert!(run_parser(&EthtoolFeatures, b"Features for eth0:\n\xff\xfe: ???\n").is_err());
}

#[test]
fn truncated_capture_keeps_complete_lines() {
    let full = read("ethtool-features/ethtool_k_hinic_offloads_off.txt");
    // Cut inside line 20, `large-receive-offload: off`.
    let start: usize = full
        .split(|b| *b == b'\n')
        .take(19)
        .map(|l| l.len() + 1)
        .sum();
    let (facts, warnings) = run_parser(&EthtoolFeatures, &full[..start + 24]).unwrap();
    assert!(facts.iter().any(|f| f.key == "net.enp3s0.gro"));
    assert!(!facts.iter().any(|f| f.key == "net.enp3s0.lro"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 20);
}
