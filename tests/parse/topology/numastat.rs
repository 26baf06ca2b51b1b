use crate::support::*;
use perfsage::parse::topology::numastat::Numastat;

#[test]
fn default_counters_of_this_machine() {
    let p = parse_fixture("numastat/numastat.txt");
    assert_eq!(p.tool(), Some("numastat"));
    close(p.num("numa.0.numa_hit"), 33461470.0);
    close(p.num("numa.0.numa_miss"), 0.0);
    close(p.num("numa.0.interleave_hit"), 1129.0);
    close(p.num("numa.0.miss_pct"), 0.0);
    assert_eq!(p.get("numa.0.numa_hit").unit, perfsage::facts::Unit::Count);
}

#[test]
fn four_node_counters_show_misses_on_node_2() {
    let p = parse_fixture("numastat/numastat-kunpeng920-4node.txt");
    close(p.num("numa.2.numa_miss"), 120331877.0);
    close(p.num("numa.0.numa_foreign"), 120331877.0);
    // 120331877 / (1911230877 + 120331877) = 5.923 %
    close((p.num("numa.2.miss_pct") * 1000.0).round(), 5923.0);
    // 120364003 / (1911198760 + 120364003) = 5.925 %
    close((p.num("numa.2.other_node_pct") * 1000.0).round(), 5925.0);
    close(
        p.num("numa.1.miss_pct") * 1e6,
        41022.0 / (1830211943.0 + 41022.0) * 1e8,
    );
}

#[test]
fn counters_in_megabytes_with_n() {
    let p = parse_fixture("numastat/numastat-n.txt");
    close(p.num("numa.0.numa_hit_mib"), 130710.55);
    close(p.num("numa.0.interleave_hit_mib"), 4.41);
    assert!(!p.has("numa.0.numa_hit"));
}

#[test]
fn per_node_meminfo_with_m() {
    let p = parse_fixture("numastat/numastat-m.txt");
    close(p.num("numa.0.mem_total_mib"), 8153.74);
    close(p.num("numa.0.mem_free_mib"), 3138.25);
    close(p.num("numa.0.mem_used_mib"), 5015.49);
    close(p.num("numa.0.file_pages_mib"), 3282.0);
    close(p.num("numa.0.anon_pages_mib"), 1405.07);
    close(p.num("numa.0.hugepages_total_mib"), 0.0);
    // The `Token … not in hash table.` lines are numastat chatter, not rows.
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn numactl_sizes_win_over_numastat_m() {
    let dir = tempfile::tempdir().unwrap();
    for f in ["numactl/numactl-hardware.txt", "numastat/numastat-m.txt"] {
        let name = f.split('/').next_back().unwrap();
        std::fs::copy(fixture(f), dir.path().join(name)).unwrap();
    }
    let bundle = perfsage::bundle::Bundle::open(dir.path()).unwrap();
    let host = perfsage::bundle::host_facts::read_host(&bundle.hosts[0]);
    assert_eq!(host.facts.number("numa.0.mem_total_mib"), Some(8153.0));
    let source = &host.facts.get("numa.0.mem_total_mib").unwrap().provenance;
    assert_eq!(source.tool, "numactl");
    // numastat's own rows are kept.
    assert_eq!(host.facts.number("numa.0.mem_used_mib"), Some(5015.49));
}

#[test]
fn one_process_breakdown() {
    let p = parse_fixture("numastat/numastat-p-pid.txt");
    close(p.num("proc.postgres.mem_mib"), 29.66);
    close(p.num("proc.postgres.numa.0.mem_mib"), 29.66);
    close(p.num("proc.postgres.huge_mib"), 0.0);
    close(p.num("proc.postgres.processes"), 1.0);
    assert_eq!(p.text("proc.postgres.numa.largest_node"), "0");
    close(p.num("proc.postgres.numa.largest_node_share_pct"), 100.0);
    close(p.num("proc.postgres.numa.nodes_used"), 1.0);
}

#[test]
fn several_processes_add_up_by_name() {
    let p = parse_fixture("numastat/numastat-s-p-postgres.txt");
    // 29.66 + 9.61 + 9.09 + 8.35 + 6.31 + 6.26
    close(p.num("proc.postgres.mem_mib"), 69.28);
    close(p.num("proc.postgres.processes"), 6.0);
    assert!(
        !p.has("proc.postgres.huge_mib"),
        "no breakdown in the row table"
    );
    let compact = parse_fixture("numastat/numastat-c-p-postgres.txt");
    // -c rounds each row: 4×6 + 3×4 + 2×3 = 41 … but only the six postgres rows count.
    close(compact.num("proc.postgres.processes"), 6.0);
}

#[test]
fn case_b_qemu_memory_on_node_2_from_a_folded_table() {
    let p = parse_fixture("numastat/numastat-p-qemu-folded.txt");
    // Node 3 and Total come in the second, folded section.
    close(p.num("proc.qemu-kvm.numa.2.mem_mib"), 131338.77);
    close(p.num("proc.qemu-kvm.numa.3.mem_mib"), 61.38);
    close(p.num("proc.qemu-kvm.mem_mib"), 131583.46);
    assert_eq!(p.text("proc.qemu-kvm.numa.largest_node"), "2");
    // 131338.77 / (171.27 + 12.04 + 131338.77 + 61.38) = 99.814 %
    close(
        (p.num("proc.qemu-kvm.numa.largest_node_share_pct") * 100.0).round(),
        9981.0,
    );
    close(p.num("proc.qemu-kvm.numa.nodes_used"), 1.0);
    assert_eq!(p.get("proc.qemu-kvm.mem_mib").provenance.line, 5);
    assert_eq!(p.get("proc.qemu-kvm.mem_mib").provenance.line_end, 19);
}

#[test]
fn worst_placed_process_speaks_for_the_name() {
    let p = parse_fixture("numastat/numastat-s-p-qemu.txt");
    close(p.num("proc.qemu-kvm.processes"), 2.0);
    close(p.num("proc.qemu-kvm.numa.2.mem_mib"), 131342.89);
    // PID 24102: 19840.52 of 32974.85 on node 0 = 60.17 %, nodes 0 and 1 above 5 %.
    assert_eq!(p.text("proc.qemu-kvm.numa.largest_node"), "0");
    close(
        (p.num("proc.qemu-kvm.numa.largest_node_share_pct") * 100.0).round(),
        6017.0,
    );
    close(p.num("proc.qemu-kvm.numa.nodes_used"), 2.0);
    assert_eq!(p.get("proc.qemu-kvm.numa.largest_node").provenance.line, 6);
}

#[test]
fn numastat_and_numactl_are_not_confused() {
    for f in [
        "numactl/numactl-kunpeng920-7260.txt",
        "numactl/numactl-hardware.txt",
    ] {
        assert_eq!(parse_fixture(f).tool(), Some("numactl"), "{f}");
    }
}

#[test]
fn empty_and_garbage_input() {
    assert!(run_parser(&Numastat, b"").is_err());
    assert!(run_parser(&Numastat, b"numa_hit 1 2 3\nnode x\n").is_err());
    let text = b"                 node0\nnuma_hit      abc\nnuma_miss\n";
    assert!(run_parser(&Numastat, text).is_err());
}

#[test]
fn truncated_capture_keeps_complete_rows() {
    let full = read("numastat/numastat-s-p-qemu.txt");
    // Cut inside the second process row (line 6).
    let cut = full.windows(5).position(|w| w == b"24102").unwrap() + 30;
    let (facts, warnings) = run_parser(&Numastat, &full[..cut]).unwrap();
    let processes = facts
        .iter()
        .find(|f| f.key == "proc.qemu-kvm.processes")
        .unwrap();
    assert_eq!(processes.value.as_number(), Some(1.0));
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].line, 6);
}

#[test]
fn largest_node_is_placed_on_the_host_cpus() {
    let dir = tempfile::tempdir().unwrap();
    for f in [
        "numastat/numastat-p-qemu-folded.txt",
        "numactl/numactl-kunpeng920-5250.txt",
    ] {
        let name = f.split('/').next_back().unwrap();
        std::fs::copy(fixture(f), dir.path().join(name)).unwrap();
    }
    let bundle = perfsage::bundle::Bundle::open(dir.path()).unwrap();
    let host = perfsage::bundle::host_facts::read_host(&bundle.hosts[0]);
    assert_eq!(
        host.facts.text("proc.qemu-kvm.numa.largest_node_cpus"),
        Some("48-71")
    );
}
