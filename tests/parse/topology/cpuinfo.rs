use crate::support::*;
use perfsage::parse::topology::cpuinfo::Cpuinfo;

#[test]
fn x86_of_this_machine() {
    let p = parse_fixture("cpuinfo/cpuinfo-x86_64.txt");
    assert_eq!(p.tool(), Some("cpuinfo"));
    close(p.num("cpu.count"), 2.0);
    assert_eq!(p.text("cpu.arch"), "x86_64");
    assert_eq!(p.text("cpu.vendor"), "AuthenticAMD");
    assert_eq!(p.text("cpu.model_name"), "AMD EPYC");
    // physical id 0 only; cpu cores 2; siblings 2 → 1 thread per core.
    close(p.num("cpu.sockets"), 1.0);
    close(p.num("cpu.cores_per_socket"), 2.0);
    close(p.num("cpu.threads_per_core"), 1.0);
    assert!(p.text("cpu.hypervisor").contains("hypervisor flag"));
    assert!(!p.has("cpu.lse_atomics"));
    assert!(!p.has("cpu.max_mhz"), "cpu MHz is the current clock");
    assert_eq!(p.get("cpu.vendor").provenance.line, 2);
}

#[test]
fn kunpeng_920_is_named_from_its_ids() {
    let p = parse_fixture("cpuinfo/cpuinfo-kunpeng920.txt");
    close(p.num("cpu.count"), 128.0);
    assert_eq!(p.text("cpu.arch"), "aarch64");
    assert_eq!(p.text("cpu.implementer"), "0x48");
    assert_eq!(p.text("cpu.part"), "0xd01");
    assert_eq!(p.text("cpu.vendor"), "HiSilicon");
    assert_eq!(p.text("cpu.model_name"), "Kunpeng-920");
    assert_eq!(p.get("cpu.lse_atomics").value, flag(true));
    assert!(!p.has("cpu.sockets"), "aarch64 cpuinfo has no topology");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn armv8_0_core_has_no_lse() {
    let p = parse_fixture("cpuinfo/cpuinfo-phytium-ft2000-4.txt");
    close(p.num("cpu.count"), 4.0);
    assert_eq!(p.text("cpu.vendor"), "Phytium");
    assert_eq!(p.text("cpu.model_name"), "FTC663");
    assert_eq!(p.get("cpu.lse_atomics").value, flag(false));
}

#[test]
fn cpuinfo_model_agrees_with_lscpu_in_a_bundle() {
    let dir = tempfile::tempdir().unwrap();
    for f in [
        "cpuinfo/cpuinfo-kunpeng920.txt",
        "lscpu/lscpu-kunpeng920-7260.txt",
    ] {
        let name = f.split('/').next_back().unwrap();
        std::fs::copy(fixture(f), dir.path().join(name)).unwrap();
    }
    let bundle = perfsage::bundle::Bundle::open(dir.path()).unwrap();
    let host = perfsage::bundle::host_facts::read_host(&bundle.hosts[0]);
    assert_eq!(host.facts.text("cpu.model_name"), Some("Kunpeng-920"));
    assert!(
        host.facts.conflicts().is_empty(),
        "{:?}",
        host.facts.conflicts()
    );
}

#[test]
fn empty_and_garbage_input() {
    assert!(run_parser(&Cpuinfo, b"").is_err());
    assert!(run_parser(&Cpuinfo, b"vendor_id : x\nno processors here\n").is_err());
    assert!(run_parser(&Cpuinfo, b"processor : zero\n:::\n\xff\xfe\n").is_err());
}

#[test]
fn truncated_capture_counts_what_it_has() {
    let full = read("cpuinfo/cpuinfo-kunpeng920.txt");
    // Cut inside processor 2's block (each block is 257 bytes; the cut falls in its Features line).
    let (facts, warnings) = run_parser(&Cpuinfo, &full[..2 * 257 + 40]).unwrap();
    let count = facts.iter().find(|f| f.key == "cpu.count").unwrap();
    assert_eq!(count.value.as_number(), Some(3.0));
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].line, 21);
    assert!(warnings[0].message.contains("cut off"));
}
