use crate::support::*;
use perfsage::facts::Unit;
use perfsage::parse::CaptureParser;
use perfsage::parse::net::ethtool::Ethtool;

#[test]
fn virtio_nic_of_this_machine_reports_no_speed() {
    let p = parse_fixture("ethtool/ethtool_eth0_virtio.txt");
    assert_eq!(p.tool(), Some("ethtool"));
    assert_eq!(p.get("net.eth0.link_up").value, flag(true));
    assert_eq!(p.get("net.eth0.link_up").provenance.line, 17);
    assert!(!p.has("net.eth0.speed_mbps"), "Speed: Unknown!");
    assert!(!p.has("net.eth0.duplex"), "Duplex: Unknown! (255)");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn two_hinic_ports_one_without_link() {
    let p = parse_fixture("ethtool/ethtool_hinic_two_ports.txt");
    close(p.num("net.enp3s0.speed_mbps"), 25000.0);
    assert_eq!(p.get("net.enp3s0.speed_mbps").unit, Unit::MegabitsPerSecond);
    assert_eq!(p.text("net.enp3s0.duplex"), "full");
    assert_eq!(p.get("net.enp3s0.link_up").value, flag(true));
    assert_eq!(p.get("net.enp4s0.link_up").value, flag(false));
    assert!(!p.has("net.enp4s0.speed_mbps"));
}

#[test]
fn a_slow_half_duplex_link() {
    let p = parse_fixture("ethtool/ethtool_eno1_100m_half.txt");
    close(p.num("net.eno1.speed_mbps"), 100.0);
    assert_eq!(p.text("net.eno1.duplex"), "half");
}

#[test]
fn other_ethtool_outputs_are_not_settings() {
    for file in [
        "ethtool-features/ethtool_k_eth0_virtio.txt",
        "ethtool-channels/ethtool_l_eth0_virtio.txt",
        "ethtool-driver/ethtool_i_eth0_virtio.txt",
    ] {
        let text = String::from_utf8(read(file)).unwrap();
        assert_eq!(Ethtool.sniff(&text), None, "{file}");
    }
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Ethtool, b"").is_err());
    assert!(run_parser(&Ethtool, b"Speed: 1000Mb/s\nLink detected: yes\n").is_err());
    let (facts, _) =
        run_parser(&Ethtool, b"Settings for eth0:\n\tSpeed: fast\n\t\xff: \n").unwrap();
    assert!(facts.is_empty());
}

#[test]
fn truncated_capture_keeps_complete_lines() {
    let full = read("ethtool/ethtool_hinic_two_ports.txt");
    // Cut inside the second port's last line, `Link detected: no`.
    let cut = full.len() - 3;
    let (facts, warnings) = run_parser(&Ethtool, &full[..cut]).unwrap();
    assert!(facts.iter().any(|f| f.key == "net.enp3s0.link_up"));
    assert!(!facts.iter().any(|f| f.key == "net.enp4s0.link_up"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 44);
}

#[test]
fn each_ethtool_output_starts_its_own_section() {
    use perfsage::parse::net::ethtool_channels::EthtoolChannels;
    use perfsage::parse::net::ethtool_driver::EthtoolDriver;
    use perfsage::parse::net::ethtool_features::EthtoolFeatures;
    let starts = [
        "Settings for eth0:",
        "driver: hinic",
        "Features for eth0:",
        "Channel parameters for eth0:",
    ];
    let parsers: [&dyn CaptureParser; 4] =
        [&Ethtool, &EthtoolDriver, &EthtoolFeatures, &EthtoolChannels];
    for (i, parser) in parsers.iter().enumerate() {
        for (j, line) in starts.iter().enumerate() {
            assert_eq!(
                parser.starts_section(line),
                i == j,
                "{} {line}",
                parser.tool()
            );
        }
        assert!(!parser.starts_section("\tLink detected: yes"));
    }
}
