//! NUMA topology and placement beyond lscpu: numactl --hardware (nodes, memory, distances)
//! and numastat (allocation counters, per-node meminfo, where processes' memory sits).
//! The node CPU lists (`cpu.numa.<node>.cpus`) live in cpu.rs with lscpu's.

use super::CatalogEntry;
use crate::tools::numactl;

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "numa.<node>.mem_total_mib",
        Mebibytes,
        Number,
        "Memory of one NUMA node",
        numactl::HARDWARE
    ),
    entry!(
        "numa.<node>.mem_free_mib",
        Mebibytes,
        Number,
        "Free memory of one NUMA node",
        numactl::HARDWARE
    ),
    entry!(
        "proc.<name>.numa.largest_node_cpus",
        None,
        Text,
        "CPU list of the NUMA node holding most of the process's memory (numastat's largest node in lscpu's or numactl's node lists)",
        "numastat -p <name> plus numactl --hardware or lscpu"
    ),
];
