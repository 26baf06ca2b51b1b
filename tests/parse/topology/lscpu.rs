use crate::support::*;
use perfsage::parse::topology::lscpu::Lscpu;

#[test]
fn topology_of_this_machine() {
    let p = parse_fixture("lscpu/lscpu.txt");
    assert_eq!(p.tool(), Some("lscpu"));
    assert_eq!(p.text("cpu.arch"), "x86_64");
    close(p.num("cpu.count"), 2.0);
    close(p.num("cpu.threads_per_core"), 1.0);
    close(p.num("cpu.cores_per_socket"), 2.0);
    close(p.num("cpu.sockets"), 1.0);
    close(p.num("cpu.numa_nodes"), 1.0);
    assert_eq!(p.text("cpu.vendor"), "AuthenticAMD");
    assert_eq!(p.text("cpu.model_name"), "AMD EPYC");
    assert_eq!(p.text("cpu.hypervisor"), "KVM");
    assert_eq!(p.text("cpu.numa.0.cpus"), "0,1");
    assert!(!p.has("cpu.lse_atomics"), "LSE is an aarch64 notion");
    assert_eq!(p.get("cpu.count").provenance.line, 5);
}

#[test]
fn aarch64_atomics_flag_means_lse() {
    let text = b"Architecture:        aarch64\nCPU(s):              4\nFlags:               fp asimd evtstrm crc32 atomics cpuid\n";
    let (facts, _) = run_parser(&Lscpu, text).unwrap();
    let lse = facts.iter().find(|f| f.key == "cpu.lse_atomics").unwrap();
    assert_eq!(lse.value, flag(true));
    let text = b"Architecture:        aarch64\nCPU(s):              4\nFlags:               fp asimd evtstrm crc32 cpuid\n";
    let (facts, _) = run_parser(&Lscpu, text).unwrap();
    assert_eq!(
        facts
            .iter()
            .find(|f| f.key == "cpu.lse_atomics")
            .unwrap()
            .value,
        flag(false)
    );
}

#[test]
fn clusters_stand_in_for_missing_sockets() {
    let text = b"Architecture:          aarch64\nCPU(s):                96\nSocket(s):             -\nCluster(s):            2\nCore(s) per cluster:   48\n";
    let (facts, _) = run_parser(&Lscpu, text).unwrap();
    let get = |k: &str| {
        facts
            .iter()
            .find(|f| f.key == k)
            .unwrap()
            .value
            .as_number()
            .unwrap()
    };
    close(get("cpu.sockets"), 2.0);
    close(get("cpu.cores_per_socket"), 48.0);
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Lscpu, b"").is_err());
    assert!(run_parser(&Lscpu, b"no colon here\nnor here\n").is_err());
}

#[test]
fn truncated_capture_keeps_what_it_has() {
    let full = read("lscpu/lscpu.txt");
    let (facts, _) = run_parser(&Lscpu, &full[..330]).unwrap();
    assert!(facts.iter().any(|f| f.key == "cpu.arch"));
    assert!(facts.iter().any(|f| f.key == "cpu.count"));
    assert!(!facts.iter().any(|f| f.key == "cpu.hypervisor"));
}

#[test]
fn chinese_locale_labels_are_read() {
    // LANG=zh_CN.UTF-8 lscpu on this machine: the same facts as the English run.
    let p = parse_fixture("lscpu/lscpu-zh_CN.txt");
    assert_eq!(p.tool(), Some("lscpu"));
    assert_eq!(p.text("cpu.arch"), "x86_64");
    close(p.num("cpu.count"), 2.0);
    close(p.num("cpu.threads_per_core"), 1.0);
    close(p.num("cpu.cores_per_socket"), 2.0);
    close(p.num("cpu.sockets"), 1.0);
    close(p.num("cpu.numa_nodes"), 1.0);
    assert_eq!(p.text("cpu.vendor"), "AuthenticAMD");
    assert_eq!(p.text("cpu.model_name"), "AMD EPYC");
    assert_eq!(p.text("cpu.hypervisor"), "KVM");
    assert_eq!(p.text("cpu.numa.0.cpus"), "0,1");
    // `CPU:` is line 5, `NUMA 节点0 CPU：` line 24.
    assert_eq!(p.get("cpu.count").provenance.line, 5);
    assert_eq!(p.get("cpu.numa.0.cpus").provenance.line, 24);
}

#[test]
fn gbk_copy_reads_like_the_utf8_one() {
    let p = parse_fixture("lscpu/lscpu-zh_CN-gbk.txt");
    assert_eq!(p.report.encoding, Some("GB18030/GBK"));
    let utf8 = parse_fixture("lscpu/lscpu-zh_CN.txt");
    assert_eq!(p.keys(), utf8.keys());
    for (fact, _) in &utf8.facts {
        assert_eq!(p.get(&fact.key).value, fact.value, "{}", fact.key);
    }
}

#[test]
fn kunpeng_920_7260_two_sockets() {
    let p = parse_fixture("lscpu/lscpu-kunpeng920-7260.txt");
    assert_eq!(p.text("cpu.arch"), "aarch64");
    close(p.num("cpu.count"), 128.0);
    close(p.num("cpu.sockets"), 2.0);
    close(p.num("cpu.cores_per_socket"), 64.0);
    close(p.num("cpu.threads_per_core"), 1.0);
    close(p.num("cpu.numa_nodes"), 4.0);
    assert_eq!(p.text("cpu.vendor"), "HiSilicon");
    assert_eq!(p.text("cpu.model_name"), "Kunpeng-920");
    close(p.num("cpu.max_mhz"), 2600.0);
    assert_eq!(p.text("cpu.numa.3.cpus"), "96-127");
    assert_eq!(p.get("cpu.lse_atomics").value, flag(true));
    assert!(!p.has("cpu.hypervisor"));
}

#[test]
fn kunpeng_920_5250_older_layout() {
    let p = parse_fixture("lscpu/lscpu-kunpeng920-5250.txt");
    close(p.num("cpu.count"), 96.0);
    close(p.num("cpu.cores_per_socket"), 48.0);
    close(p.num("cpu.sockets"), 2.0);
    assert_eq!(p.text("cpu.numa.2.cpus"), "48-71");
    assert_eq!(p.get("cpu.lse_atomics").value, flag(true));
}

#[test]
fn hierarchic_layout_with_clusters() {
    let p = parse_fixture("lscpu/lscpu-kunpeng920-cluster.txt");
    close(p.num("cpu.count"), 96.0);
    // `Socket(s): -` is no number: clusters stand in, as fallbacks.
    close(p.num("cpu.sockets"), 2.0);
    close(p.num("cpu.cores_per_socket"), 48.0);
    assert_eq!(p.get("cpu.sockets").provenance.line, 12);
    close(p.num("cpu.numa_nodes"), 4.0);
    assert_eq!(p.text("cpu.model_name"), "Kunpeng-920");
    assert_eq!(p.get("cpu.lse_atomics").value, flag(true));
}

#[test]
fn lscpu_does_not_claim_cpuinfo() {
    let text = read("cpuinfo/cpuinfo-kunpeng920.txt");
    assert_ne!(parse_bytes("x.txt", &text).tool(), Some("lscpu"));
}

/// Every CPU/NUMA/memory parser over every fixture of the family, cut at many points:
/// errors and warnings are fine, panics are not.
#[test]
fn topology_parsers_never_panic_on_cut_or_foreign_input() {
    use perfsage::parse::topology::{
        cpuinfo::Cpuinfo, dmidecode::Dmidecode, free::Free, meminfo::Meminfo, numactl::Numactl,
        numastat::Numastat,
    };
    let parsers: [&dyn perfsage::parse::CaptureParser; 7] = [
        &Lscpu, &Cpuinfo, &Numactl, &Numastat, &Dmidecode, &Meminfo, &Free,
    ];
    for dir in [
        "lscpu",
        "cpuinfo",
        "numactl",
        "numastat",
        "dmidecode",
        "meminfo",
        "free",
    ] {
        for entry in std::fs::read_dir(fixture(dir)).unwrap() {
            let bytes = std::fs::read(entry.unwrap().path()).unwrap();
            for cut in (0..=bytes.len()).step_by(bytes.len() / 37 + 1) {
                for parser in parsers {
                    let _ = run_parser(parser, &bytes[..cut]);
                }
            }
        }
    }
}

#[test]
fn heterogeneous_arm_cpu_names_every_core_type() {
    let p = parse_fixture("lscpu/lscpu-arm-big-little-rk3588.txt");
    assert_eq!(p.text("cpu.model_name"), "4 × Cortex-A55 + 4 × Cortex-A76");
    close(p.num("cpu.count"), 8.0);
    close(p.num("cpu.threads_per_core"), 1.0);
    // The big cores' frequency, not the first cluster's.
    close(p.num("cpu.max_mhz"), 2400.0);
    assert!(!p.has("cpu.cores_per_socket"), "the types differ");
    assert!(!p.has("cpu.sockets"), "the types differ");
    let lse = &p.get("cpu.lse_atomics").provenance;
    assert_eq!((lse.line, lse.line_end), (18, 30), "both Flags lines");
    let warning = &p.report.warnings[0];
    assert_eq!(warning.line, 7);
    assert!(warning.message.contains("2 core types"), "{warning:?}");
}

/// util-linux's own test outputs, and many pasted ones, start below the
/// `Architecture:` line: every other fact must still be read, at the same lines.
#[test]
fn an_excerpt_without_its_architecture_line_is_still_lscpu() {
    for fixture in [
        "lscpu/lscpu.txt",
        "lscpu/lscpu-kunpeng920-7260.txt",
        "lscpu/lscpu-kunpeng920-5250.txt",
        "lscpu/lscpu-arm-big-little-rk3588.txt",
    ] {
        let whole = parse_fixture(fixture);
        let text = String::from_utf8(read(fixture)).unwrap();
        let (first, rest) = text.split_once('\n').unwrap();
        assert!(first.starts_with("Architecture:"), "{fixture}");
        let excerpt = parse_bytes("lscpu_part.txt", rest.as_bytes());
        assert_eq!(excerpt.tool(), Some("lscpu"), "{fixture}");
        let keys = |p: &Parsed| -> Vec<(String, u64)> {
            p.facts
                .iter()
                .filter(|(f, _)| f.key != "cpu.arch")
                .map(|(f, _)| (f.key.clone(), f.provenance.line))
                .collect()
        };
        let shifted: Vec<(String, u64)> = keys(&whole)
            .into_iter()
            .map(|(k, line)| (k, line - 1))
            .collect();
        assert_eq!(keys(&excerpt), shifted, "{fixture}");
        assert!(!excerpt.has("cpu.arch"));
    }
}
