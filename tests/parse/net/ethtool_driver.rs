use crate::support::*;
use perfsage::facts::Fact;
use perfsage::parse::net::ethtool_driver::EthtoolDriver;
use perfsage::parse::{CaptureParser, FactSink, Lines};
use perfsage::text::lines::LineReader;
use std::io::Read;

/// Runs the parser as a transcript section that shows the command that printed it.
fn parse_with_command(command: &str, bytes: &[u8]) -> Vec<Fact> {
    let reader: Box<dyn Read> = Box::new(std::io::Cursor::new(bytes.to_vec()));
    let mut lines: Lines = LineReader::new(reader);
    let mut sink = FactSink::new("transcript.txt", "ethtool-driver").with_command(command);
    EthtoolDriver.parse(&mut lines, &mut sink).unwrap();
    let (facts, warnings) = sink.into_parts();
    assert!(warnings.is_empty(), "{warnings:?}");
    facts.into_iter().map(|(f, _)| f).collect()
}

#[test]
fn virtio_nic_of_this_machine_is_labelled_by_its_pci_address() {
    let p = parse_fixture("ethtool-driver/ethtool_i_eth0_virtio.txt");
    assert_eq!(p.tool(), Some("ethtool-driver"));
    assert_eq!(p.text("net.0000_00_03_0.driver"), "virtio_net");
    assert_eq!(p.text("net.0000_00_03_0.driver_version"), "1.0.0");
    assert_eq!(p.text("net.0000_00_03_0.bus_info"), "0000:00:03.0");
    assert!(
        !p.has("net.0000_00_03_0.firmware_version"),
        "empty in the output"
    );
    assert_eq!(p.report.warnings.len(), 1);
    assert!(p.report.warnings[0].message.contains("0000_00_03_0"));
}

#[test]
fn the_command_names_the_interface() {
    let facts = parse_with_command(
        "ethtool -i enp3s0",
        &read("ethtool-driver/ethtool_i_hinic_fw_2.4.1.0.txt"),
    );
    let get = |key: &str| facts.iter().find(|f| f.key == key).unwrap().value.clone();
    assert_eq!(get("net.enp3s0.driver"), text("hinic"));
    assert_eq!(get("net.enp3s0.driver_version"), text("2.3.2.17"));
    assert_eq!(get("net.enp3s0.firmware_version"), text("2.4.1.0"));
    assert_eq!(get("net.enp3s0.bus_info"), text("0000:03:00.0"));
    let firmware = facts
        .iter()
        .find(|f| f.key == "net.enp3s0.firmware_version")
        .unwrap();
    assert_eq!(firmware.provenance.line, 3);
}

#[test]
fn two_ports_in_one_file_are_labelled_by_address_even_with_a_command() {
    let p = parse_fixture("ethtool-driver/ethtool_i_hinic_old_fw_two_ports.txt");
    assert_eq!(p.text("net.0000_03_00_0.firmware_version"), "2.3.0.6");
    assert_eq!(p.text("net.0000_04_00_0.firmware_version"), "2.3.0.6");
    assert_eq!(p.get("net.0000_04_00_0.driver").provenance.line, 11);
    assert_eq!(p.report.warnings.len(), 2);
}

#[test]
fn other_outputs_with_a_driver_line_are_not_claimed() {
    assert_eq!(EthtoolDriver.sniff("driver: nvidia\nversion: 535\n"), None);
    let snapshot = String::from_utf8(read("settings-snapshot/snapshot_vm.txt")).unwrap();
    assert_eq!(EthtoolDriver.sniff(&snapshot), None);
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&EthtoolDriver, b"").is_err());
    assert!(run_parser(&EthtoolDriver, b"version: 1\nbus-info: x\n").is_err());
    let (facts, warnings) = run_parser(&EthtoolDriver, b"driver:\n\xff\n").unwrap();
    assert!(facts.is_empty());
    assert_eq!(warnings.len(), 1);
}

#[test]
fn truncated_capture_keeps_complete_lines() {
    let full = read("ethtool-driver/ethtool_i_hinic_fw_2.4.1.0.txt");
    // Cut inside line 3, `firmware-version: 2.4.1.0`.
    let cut = "driver: hinic\nversion: 2.3.2.17\nfirmware-version: 2.4".len();
    let (facts, warnings) = run_parser(&EthtoolDriver, &full[..cut]).unwrap();
    assert!(facts.iter().any(|f| f.key.ends_with(".driver_version")));
    assert!(!facts.iter().any(|f| f.key.ends_with(".firmware_version")));
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 3 && w.message.contains("cut off")),
        "{warnings:?}"
    );
}
