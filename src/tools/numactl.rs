//! numactl --hardware: NUMA nodes, their CPUs, memory and distances.

use super::Spec;
use super::collector::{Collector, Id, NUMACTL, When};
use crate::tools::catalog::entry;

pub const HARDWARE: &str = "numactl --hardware";

pub static SPEC: Spec = Spec {
    id: "numactl",
    captures: &[HARDWARE],
    facts: &[&[
        "cpu.numa_nodes",
        "cpu.numa.<node>.cpus",
        "numa.<node>.mem_total_mib",
        "numa.<node>.mem_free_mib",
    ]],
    catalog: &[entry!(
        "numa.distance.<from>.<to>",
        None,
        Number,
        "NUMA distance between two nodes (10 = local; larger = slower)",
        HARDWARE
    )],
    collectors: &[Collector {
        id: Id::Numactl,
        name: "numactl",
        what: "NUMA nodes, their CPUs, memory and distances",
        when: When::AtStart,
        command: "numactl -H",
        files: &["numactl.txt"],
        program: Some("numactl"),
        package: Some(NUMACTL),
        needs_root: false,
        needs_process: false,
    }],
};
