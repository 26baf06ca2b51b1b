//! numastat: NUMA allocation counters, memory per node, and per process with `-p`.

use super::Spec;
use super::collector::{Collector, Id, NUMACTL, When};
use crate::parse::topology::numastat::Numastat;

pub const SYSTEM: &str = "numastat (allocation counters, pages)";
pub const PER_NODE: &str = "numastat -n";
pub const MEMINFO_PER_NODE: &str = "numastat -m";
pub const PROCESS: &str = "numastat -p <pid|name> (several processes: numastat -s -p <name>)";

pub static SPEC: Spec = Spec {
    id: "numastat",
    parsers: &[&Numastat],
    captures: &[SYSTEM, PER_NODE, MEMINFO_PER_NODE, PROCESS],
    facts: &[&[
        "numa.<node>.mem_total_mib",
        "numa.<node>.mem_free_mib",
        "numa.<node>.numa_hit",
        "numa.<node>.numa_hit_mib",
        "numa.<node>.numa_miss",
        "numa.<node>.numa_miss_mib",
        "numa.<node>.numa_foreign",
        "numa.<node>.numa_foreign_mib",
        "numa.<node>.interleave_hit",
        "numa.<node>.interleave_hit_mib",
        "numa.<node>.local_node",
        "numa.<node>.local_node_mib",
        "numa.<node>.other_node",
        "numa.<node>.other_node_mib",
        "numa.<node>.miss_pct",
        "numa.<node>.other_node_pct",
        "numa.<node>.mem_used_mib",
        "numa.<node>.file_pages_mib",
        "numa.<node>.anon_pages_mib",
        "numa.<node>.anon_huge_mib",
        "numa.<node>.hugepages_total_mib",
        "numa.<node>.hugepages_free_mib",
        "proc.<name>.mem_mib",
        "proc.<name>.numa.<node>.mem_mib",
        "proc.<name>.processes",
        "proc.<name>.huge_mib",
        "proc.<name>.numa.largest_node",
        "proc.<name>.numa.largest_node_share_pct",
        "proc.<name>.numa.nodes_used",
    ]],
    collectors: &[
        Collector {
            id: Id::NumastatProcess,
            name: "numastat-process",
            what: "the target process's memory per NUMA node",
            when: When::UnderLoad,
            command: "numastat -p <pid|name>",
            files: &["numastat_process.txt"],
            program: Some("numastat"),
            package: Some(NUMACTL),
            needs_root: false,
            needs_process: true,
        },
        Collector {
            id: Id::Numastat,
            name: "numastat",
            what: "NUMA allocation hits and misses, system-wide",
            when: When::AtEnd,
            command: "numastat",
            files: &["numastat.txt"],
            program: Some("numastat"),
            package: Some(NUMACTL),
            needs_root: false,
            needs_process: false,
        },
    ],
};
