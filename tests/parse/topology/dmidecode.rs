use crate::support::*;
use perfsage::parse::topology::dmidecode::Dmidecode;

#[test]
fn case_d_server_b_ddr4_two_per_channel_below_rated() {
    let p = parse_fixture("dmidecode/dmidecode-taishan-ddr4-2dpc.txt");
    assert_eq!(p.tool(), Some("dmidecode"));
    close(p.num("mem.dimm.count"), 32.0);
    close(p.num("mem.dimm.slots"), 32.0);
    close(p.num("mem.dimm.total_gib"), 1024.0);
    assert_eq!(p.text("mem.dimm.type"), "DDR4");
    close(p.num("mem.dimm.rated_mts"), 3200.0);
    close(p.num("mem.dimm.configured_mts"), 2666.0);
    assert_eq!(p.get("mem.dimm.below_rated").value, flag(true));
    // SOCKET s CHANNEL c DIMM 0/1: two DIMMs on every channel.
    close(p.num("mem.dimm.max_per_channel"), 2.0);
    close(p.num("mem.dimm.DIMM000_J1.size_mib"), 32768.0);
    assert_eq!(p.text("mem.dimm.DIMM171_J32.type"), "DDR4");
    close(p.num("mem.dimm.DIMM171_J32.rated_mts"), 3200.0);
    // `Configured Clock Speed` (dmidecode 3.1) is read too.
    close(p.num("mem.dimm.DIMM171_J32.configured_mts"), 2666.0);
    // The first DIMM block is `Handle 0x0028` on line 15.
    assert_eq!(p.get("mem.dimm.DIMM000_J1.size_mib").provenance.line, 15);
}

#[test]
fn case_d_server_a_ddr5_one_per_channel_with_empty_slots() {
    let p = parse_fixture("dmidecode/dmidecode-t17-ddr5-1dpc.txt");
    close(p.num("mem.dimm.count"), 16.0);
    close(p.num("mem.dimm.slots"), 32.0);
    close(p.num("mem.dimm.total_gib"), 1024.0);
    assert_eq!(p.text("mem.dimm.type"), "DDR5");
    close(p.num("mem.dimm.rated_mts"), 5600.0);
    close(p.num("mem.dimm.configured_mts"), 4800.0);
    assert_eq!(p.get("mem.dimm.below_rated").value, flag(true));
    // CPU<n>_DIMM_<channel><slot>: slot 0 filled on each channel.
    close(p.num("mem.dimm.max_per_channel"), 1.0);
    close(p.num("mem.dimm.CPU1_DIMM_H0.size_mib"), 65536.0);
    assert!(!p.has("mem.dimm.CPU1_DIMM_H1.size_mib"), "empty slot");
}

#[test]
fn no_dmi_in_this_vm_is_a_clear_error() {
    let p = parse_fixture("dmidecode/dmidecode-no-dmi.txt");
    assert_eq!(p.tool(), Some("dmidecode"));
    let problem = p.report.problem().unwrap();
    assert!(problem.contains("no Memory Device blocks"), "{problem}");
}

#[test]
fn channels_unknown_means_no_dpc_fact() {
    let text = b"# dmidecode 3.3\n\nHandle 0x0010, DMI type 17, 84 bytes\nMemory Device\n\tSize: 16 GB\n\tLocator: DIMM 0\n\tBank Locator: BANK 0\n\tType: DDR4\n\tSpeed: 2933 MT/s\n\tConfigured Memory Speed: 2933 MT/s\n\nHandle 0x0011, DMI type 17, 84 bytes\nMemory Device\n\tSize: 16384 MB\n\tLocator: DIMM 0\n\tBank Locator: BANK 1\n\tType: DDR4\n\tSpeed: 2933 MHz\n\tConfigured Memory Speed: Unknown\n";
    let (facts, _) = run_parser(&Dmidecode, text).unwrap();
    let has = |k: &str| facts.iter().any(|f| f.key == k);
    assert!(!has("mem.dimm.max_per_channel"));
    // Repeated locators get the bank in front.
    assert!(has("mem.dimm.BANK_0_DIMM_0.size_mib"));
    assert!(has("mem.dimm.BANK_1_DIMM_0.rated_mts"));
    assert!(!has("mem.dimm.BANK_1_DIMM_0.configured_mts"));
    let below = facts
        .iter()
        .find(|f| f.key == "mem.dimm.below_rated")
        .unwrap();
    assert_eq!(below.value, flag(false));
}

#[test]
fn empty_and_garbage_input() {
    assert!(run_parser(&Dmidecode, b"").is_err());
    assert!(
        run_parser(&Dmidecode, b"Handle 0x\nMemory Device\n").is_ok_and(|(f, _)| !f.is_empty())
    );
    assert!(run_parser(&Dmidecode, b"Memory Device\n\tSize: 1 GB\n").is_err());
}

#[test]
fn truncated_capture_keeps_complete_blocks() {
    let full = read("dmidecode/dmidecode-taishan-ddr4-2dpc.txt");
    // Cut in the middle of the third DIMM's block.
    let third = full.windows(11).position(|w| w == b"DIMM010 J3\n").unwrap();
    let (facts, warnings) = run_parser(&Dmidecode, &full[..third + 5]).unwrap();
    let count = facts.iter().find(|f| f.key == "mem.dimm.slots").unwrap();
    assert_eq!(count.value.as_number(), Some(3.0));
    assert!(warnings.iter().any(|w| w.message.contains("cut off")));
}
