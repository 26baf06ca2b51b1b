use crate::support::*;
use perfsage::parse::topology::numactl::Numactl;

#[test]
fn one_node_of_this_machine() {
    let p = parse_fixture("numactl/numactl-hardware.txt");
    assert_eq!(p.tool(), Some("numactl"));
    close(p.num("cpu.numa_nodes"), 1.0);
    // `node 0 cpus: 0 1` is written the way lscpu writes it.
    assert_eq!(p.text("cpu.numa.0.cpus"), "0,1");
    close(p.num("numa.0.mem_total_mib"), 8153.0);
    close(p.num("numa.0.mem_free_mib"), 3138.0);
    close(p.num("numa.distance.0.0"), 10.0);
    assert_eq!(p.get("numa.0.mem_free_mib").provenance.line, 4);
}

#[test]
fn four_kunpeng_nodes_with_distances() {
    let p = parse_fixture("numactl/numactl-kunpeng920-5250.txt");
    close(p.num("cpu.numa_nodes"), 4.0);
    assert_eq!(p.text("cpu.numa.0.cpus"), "0-23");
    assert_eq!(p.text("cpu.numa.2.cpus"), "48-71");
    assert_eq!(p.text("cpu.numa.3.cpus"), "72-95");
    close(p.num("numa.2.mem_total_mib"), 258044.0);
    close(p.num("numa.2.mem_free_mib"), 96210.0);
    close(p.num("numa.distance.0.1"), 12.0);
    close(p.num("numa.distance.0.2"), 20.0);
    close(p.num("numa.distance.1.3"), 24.0);
    close(p.num("numa.distance.3.3"), 10.0);
    let distances = p
        .keys()
        .iter()
        .filter(|k| k.starts_with("numa.distance."))
        .count();
    assert_eq!(distances, 16);
}

#[test]
fn node_cpus_agree_with_lscpu() {
    let lscpu = parse_fixture("lscpu/lscpu-kunpeng920-7260.txt");
    let numactl = parse_fixture("numactl/numactl-kunpeng920-7260.txt");
    for node in 0..4 {
        let key = format!("cpu.numa.{node}.cpus");
        assert_eq!(lscpu.text(&key), numactl.text(&key));
    }
}

#[test]
fn no_numa_empty_and_garbage_input() {
    assert!(run_parser(&Numactl, b"No NUMA available on this system\n").is_err());
    assert!(run_parser(&Numactl, b"").is_err());
    assert!(run_parser(&Numactl, b"available: x nodes\nnode q cpus:\n  0:  ab\n").is_err());
}

#[test]
fn bad_distance_row_is_a_warning() {
    let text = b"available: 2 nodes (0-1)\nnode 0 cpus: 0 1\nnode distances:\nnode   0   1 \n  0:  10  20 \n  1:  20 \n";
    let (facts, warnings) = run_parser(&Numactl, text).unwrap();
    assert!(facts.iter().any(|f| f.key == "numa.distance.0.1"));
    assert!(!facts.iter().any(|f| f.key.starts_with("numa.distance.1.")));
    assert_eq!(warnings[0].line, 6);
}

#[test]
fn truncated_capture_keeps_complete_lines() {
    let full = read("numactl/numactl-kunpeng920-5250.txt");
    // Cut inside `node 2 free: 96210 MB` (line 10).
    let cut = full.windows(12).position(|w| w == b"node 2 free:").unwrap() + 15;
    let (facts, warnings) = run_parser(&Numactl, &full[..cut]).unwrap();
    assert!(facts.iter().any(|f| f.key == "numa.2.mem_total_mib"));
    assert!(!facts.iter().any(|f| f.key == "numa.2.mem_free_mib"));
    assert_eq!(warnings[0].line, 10);
}
