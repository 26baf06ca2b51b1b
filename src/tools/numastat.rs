//! numastat: NUMA allocation counters, memory per node, and per process with `-p`.

use super::Spec;
use super::collector::{Collector, Id, NUMACTL, When};
use crate::tools::catalog::entry;

pub const SYSTEM: &str = "numastat (allocation counters, pages)";
pub const PER_NODE: &str = "numastat -n";
pub const MEMINFO_PER_NODE: &str = "numastat -m";
pub const PROCESS: &str = "numastat -p <pid|name> (several processes: numastat -s -p <name>)";

pub static SPEC: Spec = Spec {
    id: "numastat",
    captures: &[SYSTEM, PER_NODE, MEMINFO_PER_NODE, PROCESS],
    facts: &[&["numa.<node>.mem_total_mib", "numa.<node>.mem_free_mib"]],
    catalog: &[
        entry!(
            "numa.<node>.numa_hit",
            Count,
            Number,
            "Pages: allocations served by the node as intended (kernel counter since boot)",
            SYSTEM
        ),
        entry!(
            "numa.<node>.numa_hit_mib",
            Mebibytes,
            Number,
            "MB: allocations served by the node as intended (kernel counter since boot)",
            PER_NODE
        ),
        entry!(
            "numa.<node>.numa_miss",
            Count,
            Number,
            "Pages: allocations served by the node although another was preferred (kernel counter since boot)",
            SYSTEM
        ),
        entry!(
            "numa.<node>.numa_miss_mib",
            Mebibytes,
            Number,
            "MB: allocations served by the node although another was preferred (kernel counter since boot)",
            PER_NODE
        ),
        entry!(
            "numa.<node>.numa_foreign",
            Count,
            Number,
            "Pages: allocations meant for the node but served elsewhere (kernel counter since boot)",
            SYSTEM
        ),
        entry!(
            "numa.<node>.numa_foreign_mib",
            Mebibytes,
            Number,
            "MB: allocations meant for the node but served elsewhere (kernel counter since boot)",
            PER_NODE
        ),
        entry!(
            "numa.<node>.interleave_hit",
            Count,
            Number,
            "Pages: interleaved allocations served by the node as intended (kernel counter since boot)",
            SYSTEM
        ),
        entry!(
            "numa.<node>.interleave_hit_mib",
            Mebibytes,
            Number,
            "MB: interleaved allocations served by the node as intended (kernel counter since boot)",
            PER_NODE
        ),
        entry!(
            "numa.<node>.local_node",
            Count,
            Number,
            "Pages: allocations on the node for a process running on it (kernel counter since boot)",
            SYSTEM
        ),
        entry!(
            "numa.<node>.local_node_mib",
            Mebibytes,
            Number,
            "MB: allocations on the node for a process running on it (kernel counter since boot)",
            PER_NODE
        ),
        entry!(
            "numa.<node>.other_node",
            Count,
            Number,
            "Pages: allocations on the node for a process running on another node (kernel counter since boot)",
            SYSTEM
        ),
        entry!(
            "numa.<node>.other_node_mib",
            Mebibytes,
            Number,
            "MB: allocations on the node for a process running on another node (kernel counter since boot)",
            PER_NODE
        ),
        entry!(
            "numa.<node>.miss_pct",
            Percent,
            Number,
            "numa_miss / (numa_hit + numa_miss): allocations the node served although another node was preferred",
            SYSTEM
        ),
        entry!(
            "numa.<node>.other_node_pct",
            Percent,
            Number,
            "other_node / (local_node + other_node): the node's allocations made for processes running elsewhere",
            SYSTEM
        ),
        entry!(
            "numa.<node>.mem_used_mib",
            Mebibytes,
            Number,
            "Used memory of one NUMA node",
            MEMINFO_PER_NODE
        ),
        entry!(
            "numa.<node>.file_pages_mib",
            Mebibytes,
            Number,
            "Page cache on one NUMA node",
            MEMINFO_PER_NODE
        ),
        entry!(
            "numa.<node>.anon_pages_mib",
            Mebibytes,
            Number,
            "Anonymous memory on one NUMA node",
            MEMINFO_PER_NODE
        ),
        entry!(
            "numa.<node>.anon_huge_mib",
            Mebibytes,
            Number,
            "Transparent huge pages on one NUMA node",
            MEMINFO_PER_NODE
        ),
        entry!(
            "numa.<node>.hugepages_total_mib",
            Mebibytes,
            Number,
            "Reserved huge pages on one NUMA node",
            MEMINFO_PER_NODE
        ),
        entry!(
            "numa.<node>.hugepages_free_mib",
            Mebibytes,
            Number,
            "Unused reserved huge pages on one NUMA node",
            MEMINFO_PER_NODE
        ),
        entry!(
            "proc.<name>.mem_mib",
            Mebibytes,
            Number,
            "Memory of the processes with this name (numastat's Total, summed)",
            PROCESS
        ),
        entry!(
            "proc.<name>.numa.<node>.mem_mib",
            Mebibytes,
            Number,
            "Memory of the processes with this name on one NUMA node",
            PROCESS
        ),
        entry!(
            "proc.<name>.processes",
            Count,
            Number,
            "How many processes of this name numastat listed",
            PROCESS
        ),
        entry!(
            "proc.<name>.huge_mib",
            Mebibytes,
            Number,
            "Huge-page memory of the processes with this name (numastat -p breakdown)",
            PROCESS
        ),
        entry!(
            "proc.<name>.numa.largest_node",
            None,
            Text,
            "The NUMA node holding most of the process's memory (of the worst-placed process when several share the name)",
            PROCESS
        ),
        entry!(
            "proc.<name>.numa.largest_node_share_pct",
            Percent,
            Number,
            "Share of the process's memory on its largest node (the lowest such share among processes of the name)",
            PROCESS
        ),
        entry!(
            "proc.<name>.numa.nodes_used",
            Count,
            Number,
            "NUMA nodes holding at least 5 % of the process's memory (worst-placed process of the name)",
            PROCESS
        ),
    ],
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
