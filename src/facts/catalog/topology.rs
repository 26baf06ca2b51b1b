//! NUMA topology and placement beyond lscpu: numactl --hardware (nodes, memory, distances)
//! and numastat (allocation counters, per-node meminfo, where processes' memory sits).
//! The node CPU lists (`cpu.numa.<node>.cpus`) live in cpu.rs with lscpu's.

use super::CatalogEntry;
use crate::tools::{numactl, numastat};

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
        "numa.distance.<from>.<to>",
        None,
        Number,
        "NUMA distance between two nodes (10 = local; larger = slower)",
        numactl::HARDWARE
    ),
    entry!(
        "numa.<node>.numa_hit",
        Count,
        Number,
        "Pages: allocations served by the node as intended (kernel counter since boot)",
        numastat::SYSTEM
    ),
    entry!(
        "numa.<node>.numa_hit_mib",
        Mebibytes,
        Number,
        "MB: allocations served by the node as intended (kernel counter since boot)",
        numastat::PER_NODE
    ),
    entry!(
        "numa.<node>.numa_miss",
        Count,
        Number,
        "Pages: allocations served by the node although another was preferred (kernel counter since boot)",
        numastat::SYSTEM
    ),
    entry!(
        "numa.<node>.numa_miss_mib",
        Mebibytes,
        Number,
        "MB: allocations served by the node although another was preferred (kernel counter since boot)",
        numastat::PER_NODE
    ),
    entry!(
        "numa.<node>.numa_foreign",
        Count,
        Number,
        "Pages: allocations meant for the node but served elsewhere (kernel counter since boot)",
        numastat::SYSTEM
    ),
    entry!(
        "numa.<node>.numa_foreign_mib",
        Mebibytes,
        Number,
        "MB: allocations meant for the node but served elsewhere (kernel counter since boot)",
        numastat::PER_NODE
    ),
    entry!(
        "numa.<node>.interleave_hit",
        Count,
        Number,
        "Pages: interleaved allocations served by the node as intended (kernel counter since boot)",
        numastat::SYSTEM
    ),
    entry!(
        "numa.<node>.interleave_hit_mib",
        Mebibytes,
        Number,
        "MB: interleaved allocations served by the node as intended (kernel counter since boot)",
        numastat::PER_NODE
    ),
    entry!(
        "numa.<node>.local_node",
        Count,
        Number,
        "Pages: allocations on the node for a process running on it (kernel counter since boot)",
        numastat::SYSTEM
    ),
    entry!(
        "numa.<node>.local_node_mib",
        Mebibytes,
        Number,
        "MB: allocations on the node for a process running on it (kernel counter since boot)",
        numastat::PER_NODE
    ),
    entry!(
        "numa.<node>.other_node",
        Count,
        Number,
        "Pages: allocations on the node for a process running on another node (kernel counter since boot)",
        numastat::SYSTEM
    ),
    entry!(
        "numa.<node>.other_node_mib",
        Mebibytes,
        Number,
        "MB: allocations on the node for a process running on another node (kernel counter since boot)",
        numastat::PER_NODE
    ),
    entry!(
        "numa.<node>.miss_pct",
        Percent,
        Number,
        "numa_miss / (numa_hit + numa_miss): allocations the node served although another node was preferred",
        numastat::SYSTEM
    ),
    entry!(
        "numa.<node>.other_node_pct",
        Percent,
        Number,
        "other_node / (local_node + other_node): the node's allocations made for processes running elsewhere",
        numastat::SYSTEM
    ),
    entry!(
        "numa.<node>.mem_used_mib",
        Mebibytes,
        Number,
        "Used memory of one NUMA node",
        numastat::MEMINFO_PER_NODE
    ),
    entry!(
        "numa.<node>.file_pages_mib",
        Mebibytes,
        Number,
        "Page cache on one NUMA node",
        numastat::MEMINFO_PER_NODE
    ),
    entry!(
        "numa.<node>.anon_pages_mib",
        Mebibytes,
        Number,
        "Anonymous memory on one NUMA node",
        numastat::MEMINFO_PER_NODE
    ),
    entry!(
        "numa.<node>.anon_huge_mib",
        Mebibytes,
        Number,
        "Transparent huge pages on one NUMA node",
        numastat::MEMINFO_PER_NODE
    ),
    entry!(
        "numa.<node>.hugepages_total_mib",
        Mebibytes,
        Number,
        "Reserved huge pages on one NUMA node",
        numastat::MEMINFO_PER_NODE
    ),
    entry!(
        "numa.<node>.hugepages_free_mib",
        Mebibytes,
        Number,
        "Unused reserved huge pages on one NUMA node",
        numastat::MEMINFO_PER_NODE
    ),
    entry!(
        "proc.<name>.mem_mib",
        Mebibytes,
        Number,
        "Memory of the processes with this name (numastat's Total, summed)",
        numastat::PROCESS
    ),
    entry!(
        "proc.<name>.numa.<node>.mem_mib",
        Mebibytes,
        Number,
        "Memory of the processes with this name on one NUMA node",
        numastat::PROCESS
    ),
    entry!(
        "proc.<name>.processes",
        Count,
        Number,
        "How many processes of this name numastat listed",
        numastat::PROCESS
    ),
    entry!(
        "proc.<name>.huge_mib",
        Mebibytes,
        Number,
        "Huge-page memory of the processes with this name (numastat -p breakdown)",
        numastat::PROCESS
    ),
    entry!(
        "proc.<name>.numa.largest_node",
        None,
        Text,
        "The NUMA node holding most of the process's memory (of the worst-placed process when several share the name)",
        numastat::PROCESS
    ),
    entry!(
        "proc.<name>.numa.largest_node_share_pct",
        Percent,
        Number,
        "Share of the process's memory on its largest node (the lowest such share among processes of the name)",
        numastat::PROCESS
    ),
    entry!(
        "proc.<name>.numa.nodes_used",
        Count,
        Number,
        "NUMA nodes holding at least 5 % of the process's memory (worst-placed process of the name)",
        numastat::PROCESS
    ),
    entry!(
        "proc.<name>.numa.largest_node_cpus",
        None,
        Text,
        "CPU list of the NUMA node holding most of the process's memory (numastat's largest node in lscpu's or numactl's node lists)",
        "numastat -p <name> plus numactl --hardware or lscpu"
    ),
];
