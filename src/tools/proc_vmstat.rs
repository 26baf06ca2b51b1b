//! /proc/vmstat: paging, reclaim, working-set refaults and NUMA allocation counters.

use super::collector::{Collector, Id, When};
use super::{Spec, families};
use crate::tools::catalog::entry;

pub const BEFORE_AND_AFTER: &str = "date +%s; cat /proc/vmstat (before the load), then again at its end (perfsage capture writes proc_vmstat.txt)";

pub static SPEC: Spec = Spec {
    id: "proc-vmstat",
    captures: &[BEFORE_AND_AFTER],
    facts: &[families::PAGING],
    catalog: &[
        entry!(
            "mem.pgscan_per_s",
            PerSecond,
            Series,
            "Pages scanned for reclaim per second by every reclaimer, cgroup limit reclaim included (/proc/vmstat pgscan_anon + pgscan_file growth, kernel 5.8 and later; else kswapd + direct + khugepaged)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.pgsteal_kswapd_per_s",
            PerSecond,
            Series,
            "Pages reclaimed by kswapd per second (/proc/vmstat pgsteal_kswapd growth)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.pgsteal_direct_per_s",
            PerSecond,
            Series,
            "Pages reclaimed by direct reclaim per second (/proc/vmstat pgsteal_direct growth): allocating tasks stalled to free memory",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.workingset_refaults_per_s",
            PerSecond,
            Series,
            "Pages read back per second soon after they were evicted (/proc/vmstat workingset_refault_anon + _file growth, workingset_refault before 5.9): the working set does not fit in memory",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.workingset_refaults_anon_per_s",
            PerSecond,
            Series,
            "Anonymous pages read back from swap per second soon after eviction (/proc/vmstat workingset_refault_anon growth, 5.9 and later)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.workingset_refaults_file_per_s",
            PerSecond,
            Series,
            "File pages read back per second soon after eviction from the page cache (/proc/vmstat workingset_refault_file growth, 5.9 and later)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "numa.hit_per_s",
            PerSecond,
            Series,
            "Page allocations per second served from the node they were meant for (/proc/vmstat numa_hit growth, all nodes)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "numa.miss_per_s",
            PerSecond,
            Series,
            "Page allocations per second served from another node because the intended one was short of memory (/proc/vmstat numa_miss growth)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "numa.foreign_per_s",
            PerSecond,
            Series,
            "Page allocations per second meant for a node but served elsewhere, counted on the intended node (/proc/vmstat numa_foreign growth)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "numa.local_per_s",
            PerSecond,
            Series,
            "Page allocations per second served from the node of the CPU allocating (/proc/vmstat numa_local growth)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "numa.other_per_s",
            PerSecond,
            Series,
            "Page allocations per second served from a node other than the allocating CPU's (/proc/vmstat numa_other growth)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.thp_fault_alloc_per_s",
            PerSecond,
            Series,
            "Transparent huge pages allocated at a page fault per second (/proc/vmstat thp_fault_alloc growth)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.thp_fault_fallback_per_s",
            PerSecond,
            Series,
            "Page faults per second that wanted a transparent huge page and fell back to small pages (/proc/vmstat thp_fault_fallback growth)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.thp_collapse_alloc_per_s",
            PerSecond,
            Series,
            "Transparent huge pages per second khugepaged built by collapsing small pages (/proc/vmstat thp_collapse_alloc growth)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.pgpgin_kib",
            Kibibytes,
            Number,
            "Since boot, at the last snapshot: KiB read in from disk (page-ins, file and swap)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.pgpgout_kib",
            Kibibytes,
            Number,
            "Since boot, at the last snapshot: KiB written out to disk (page-outs)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.page_faults",
            Count,
            Number,
            "Since boot, at the last snapshot: page faults, minor and major (/proc/vmstat pgfault)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.major_faults",
            Count,
            Number,
            "Since boot, at the last snapshot: major page faults, each a task waiting for a page read from disk or swap",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.pgfree",
            Count,
            Number,
            "Since boot, at the last snapshot: pages put on the free lists",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.pgscan_kswapd",
            Count,
            Number,
            "Since boot, at the last snapshot: pages scanned by the kswapd background reclaimer",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.pgscan_direct",
            Count,
            Number,
            "Since boot, at the last snapshot: pages scanned by tasks reclaiming memory themselves (direct reclaim: they stall until it is done)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.pgscan",
            Count,
            Number,
            "Since boot, at the last snapshot: pages scanned for reclaim by every reclaimer, cgroup limit reclaim included (/proc/vmstat pgscan_anon + pgscan_file, kernel 5.8 and later; else kswapd + direct + khugepaged)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.pgsteal",
            Count,
            Number,
            "Since boot, at the last snapshot: pages reclaimed (/proc/vmstat pgsteal_anon + pgsteal_file; before 5.8 kswapd + direct + khugepaged)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.pgsteal_kswapd",
            Count,
            Number,
            "Since boot, at the last snapshot: pages reclaimed by kswapd (/proc/vmstat pgsteal_kswapd)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.pgsteal_direct",
            Count,
            Number,
            "Since boot, at the last snapshot: pages reclaimed by direct reclaim (/proc/vmstat pgsteal_direct): allocating tasks stalled to free memory",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.workingset_refaults",
            Count,
            Number,
            "Since boot, at the last snapshot: pages read back soon after they were evicted (/proc/vmstat workingset_refault_anon + _file, workingset_refault before 5.9): the working set does not fit in memory",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.workingset_refaults_anon",
            Count,
            Number,
            "Since boot, at the last snapshot: anonymous pages read back from swap soon after eviction (/proc/vmstat workingset_refault_anon, 5.9 and later)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.workingset_refaults_file",
            Count,
            Number,
            "Since boot, at the last snapshot: file pages read back soon after eviction from the page cache (/proc/vmstat workingset_refault_file, 5.9 and later)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "swap.in_pages",
            Count,
            Number,
            "Since boot, at the last snapshot: pages swapped in (/proc/vmstat pswpin)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "swap.out_pages",
            Count,
            Number,
            "Since boot, at the last snapshot: pages swapped out (/proc/vmstat pswpout)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "numa.hit",
            Count,
            Number,
            "Since boot, at the last snapshot: page allocations served from the node they were meant for (/proc/vmstat numa_hit, all nodes)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "numa.miss",
            Count,
            Number,
            "Since boot, at the last snapshot: page allocations served from another node because the intended one was short of memory (/proc/vmstat numa_miss)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "numa.foreign",
            Count,
            Number,
            "Since boot, at the last snapshot: page allocations meant for a node but served elsewhere, counted on the intended node (/proc/vmstat numa_foreign)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "numa.local",
            Count,
            Number,
            "Since boot, at the last snapshot: page allocations served from the node of the CPU allocating (/proc/vmstat numa_local)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "numa.other",
            Count,
            Number,
            "Since boot, at the last snapshot: page allocations served from a node other than the allocating CPU's (/proc/vmstat numa_other)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.thp_fault_alloc",
            Count,
            Number,
            "Since boot, at the last snapshot: transparent huge pages allocated at a page fault (/proc/vmstat thp_fault_alloc)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.thp_fault_fallback",
            Count,
            Number,
            "Since boot, at the last snapshot: page faults that wanted a transparent huge page and fell back to small pages (/proc/vmstat thp_fault_fallback)",
            BEFORE_AND_AFTER
        ),
        entry!(
            "mem.thp_collapse_alloc",
            Count,
            Number,
            "Since boot, at the last snapshot: transparent huge pages khugepaged built by collapsing small pages (/proc/vmstat thp_collapse_alloc)",
            BEFORE_AND_AFTER
        ),
    ],
    collectors: &[Collector {
        id: Id::ProcVmstat,
        name: "proc-vmstat",
        what: "paging, reclaim, working-set refaults, NUMA allocation hits and misses",
        when: When::StartAndEnd,
        command: "date +%s; cat /proc/vmstat",
        files: &["proc_vmstat.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    }],
};
