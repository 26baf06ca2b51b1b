//! Paging, reclaim, swap traffic and NUMA allocation counters: `sar -B` and `-W` (and
//! their sadf exports) as series, `/proc/vmstat` as totals since boot and, with two
//! time-stamped snapshots, as rates over the capture under the same keys as sar.

use super::CatalogEntry;
use crate::tools::{proc_vmstat, sar};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "mem.pgpgin_kib_per_s",
        KilobytesPerSecond,
        Series,
        "KiB read in from disk (page-ins, file and swap) per second: sar -B pgpgin/s, /proc/vmstat pgpgin growth (the kernel counts these in KiB whatever the page size)",
        sar::PAGING
    ),
    entry!(
        "mem.pgpgout_kib_per_s",
        KilobytesPerSecond,
        Series,
        "KiB written out to disk (page-outs) per second: sar -B pgpgout/s, /proc/vmstat pgpgout growth",
        sar::PAGING
    ),
    entry!(
        "mem.page_faults_per_s",
        PerSecond,
        Series,
        "Page faults (minor and major) per second: sar -B fault/s, /proc/vmstat pgfault growth",
        sar::PAGING
    ),
    entry!(
        "mem.major_faults_per_s",
        PerSecond,
        Series,
        "Major page faults per second, each a task waiting for a page read from disk or swap: sar -B majflt/s, /proc/vmstat pgmajfault growth",
        sar::PAGING
    ),
    entry!(
        "mem.pgfree_per_s",
        PerSecond,
        Series,
        "Pages put on the free lists per second: sar -B pgfree/s, /proc/vmstat pgfree growth",
        sar::PAGING
    ),
    entry!(
        "mem.pgscan_kswapd_per_s",
        PerSecond,
        Series,
        "Pages scanned by the kswapd background reclaimer per second: sar -B pgscank/s, /proc/vmstat pgscan_kswapd growth (per-zone counters summed on old kernels); reclaim forced by a cgroup limit is not in it",
        sar::PAGING
    ),
    entry!(
        "mem.pgscan_direct_per_s",
        PerSecond,
        Series,
        "Pages scanned per second by tasks reclaiming memory themselves (direct reclaim: they stall until it is done): sar -B pgscand/s, /proc/vmstat pgscan_direct growth",
        sar::PAGING
    ),
    entry!(
        "mem.pgscan_per_s",
        PerSecond,
        Series,
        "Pages scanned for reclaim per second by every reclaimer, cgroup limit reclaim included (/proc/vmstat pgscan_anon + pgscan_file growth, kernel 5.8 and later; else kswapd + direct + khugepaged)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.pgsteal_per_s",
        PerSecond,
        Series,
        "Pages reclaimed per second: sar -B pgsteal/s; /proc/vmstat pgsteal_anon + pgsteal_file growth (every reclaimer, cgroup limit reclaim included; before 5.8 kswapd + direct + khugepaged)",
        sar::PAGING
    ),
    entry!(
        "mem.pgsteal_kswapd_per_s",
        PerSecond,
        Series,
        "Pages reclaimed by kswapd per second (/proc/vmstat pgsteal_kswapd growth)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.pgsteal_direct_per_s",
        PerSecond,
        Series,
        "Pages reclaimed by direct reclaim per second (/proc/vmstat pgsteal_direct growth): allocating tasks stalled to free memory",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.workingset_refaults_per_s",
        PerSecond,
        Series,
        "Pages read back per second soon after they were evicted (/proc/vmstat workingset_refault_anon + _file growth, workingset_refault before 5.9): the working set does not fit in memory",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.workingset_refaults_anon_per_s",
        PerSecond,
        Series,
        "Anonymous pages read back from swap per second soon after eviction (/proc/vmstat workingset_refault_anon growth, 5.9 and later)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.workingset_refaults_file_per_s",
        PerSecond,
        Series,
        "File pages read back per second soon after eviction from the page cache (/proc/vmstat workingset_refault_file growth, 5.9 and later)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "swap.in_pages_per_s",
        PerSecond,
        Series,
        "Pages swapped in per second (sar -W pswpin/s, /proc/vmstat pswpin growth); pages, not KiB as vmstat si: multiply by the page size (os.page_size_kib) to compare",
        sar::PAGING
    ),
    entry!(
        "swap.out_pages_per_s",
        PerSecond,
        Series,
        "Pages swapped out per second (sar -W pswpout/s, /proc/vmstat pswpout growth); pages, not KiB as vmstat so",
        sar::PAGING
    ),
    entry!(
        "numa.hit_per_s",
        PerSecond,
        Series,
        "Page allocations per second served from the node they were meant for (/proc/vmstat numa_hit growth, all nodes)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "numa.miss_per_s",
        PerSecond,
        Series,
        "Page allocations per second served from another node because the intended one was short of memory (/proc/vmstat numa_miss growth)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "numa.foreign_per_s",
        PerSecond,
        Series,
        "Page allocations per second meant for a node but served elsewhere, counted on the intended node (/proc/vmstat numa_foreign growth)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "numa.local_per_s",
        PerSecond,
        Series,
        "Page allocations per second served from the node of the CPU allocating (/proc/vmstat numa_local growth)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "numa.other_per_s",
        PerSecond,
        Series,
        "Page allocations per second served from a node other than the allocating CPU's (/proc/vmstat numa_other growth)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.thp_fault_alloc_per_s",
        PerSecond,
        Series,
        "Transparent huge pages allocated at a page fault per second (/proc/vmstat thp_fault_alloc growth)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.thp_fault_fallback_per_s",
        PerSecond,
        Series,
        "Page faults per second that wanted a transparent huge page and fell back to small pages (/proc/vmstat thp_fault_fallback growth)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.thp_collapse_alloc_per_s",
        PerSecond,
        Series,
        "Transparent huge pages per second khugepaged built by collapsing small pages (/proc/vmstat thp_collapse_alloc growth)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.vmeff_pct",
        Percent,
        Series,
        "Page reclaim efficiency per interval (sar -B %vmeff: pages reclaimed ÷ pages scanned); near 100 most scanned pages could be freed; low with heavy scanning means reclaim works hard for little",
        sar::PAGING
    ),
    entry!(
        "mem.pgpgin_kib",
        Kibibytes,
        Number,
        "Since boot, at the last snapshot: KiB read in from disk (page-ins, file and swap)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.pgpgout_kib",
        Kibibytes,
        Number,
        "Since boot, at the last snapshot: KiB written out to disk (page-outs)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.page_faults",
        Count,
        Number,
        "Since boot, at the last snapshot: page faults, minor and major (/proc/vmstat pgfault)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.major_faults",
        Count,
        Number,
        "Since boot, at the last snapshot: major page faults, each a task waiting for a page read from disk or swap",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.pgfree",
        Count,
        Number,
        "Since boot, at the last snapshot: pages put on the free lists",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.pgscan_kswapd",
        Count,
        Number,
        "Since boot, at the last snapshot: pages scanned by the kswapd background reclaimer",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.pgscan_direct",
        Count,
        Number,
        "Since boot, at the last snapshot: pages scanned by tasks reclaiming memory themselves (direct reclaim: they stall until it is done)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.pgscan",
        Count,
        Number,
        "Since boot, at the last snapshot: pages scanned for reclaim by every reclaimer, cgroup limit reclaim included (/proc/vmstat pgscan_anon + pgscan_file, kernel 5.8 and later; else kswapd + direct + khugepaged)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.pgsteal",
        Count,
        Number,
        "Since boot, at the last snapshot: pages reclaimed (/proc/vmstat pgsteal_anon + pgsteal_file; before 5.8 kswapd + direct + khugepaged)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.pgsteal_kswapd",
        Count,
        Number,
        "Since boot, at the last snapshot: pages reclaimed by kswapd (/proc/vmstat pgsteal_kswapd)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.pgsteal_direct",
        Count,
        Number,
        "Since boot, at the last snapshot: pages reclaimed by direct reclaim (/proc/vmstat pgsteal_direct): allocating tasks stalled to free memory",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.workingset_refaults",
        Count,
        Number,
        "Since boot, at the last snapshot: pages read back soon after they were evicted (/proc/vmstat workingset_refault_anon + _file, workingset_refault before 5.9): the working set does not fit in memory",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.workingset_refaults_anon",
        Count,
        Number,
        "Since boot, at the last snapshot: anonymous pages read back from swap soon after eviction (/proc/vmstat workingset_refault_anon, 5.9 and later)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.workingset_refaults_file",
        Count,
        Number,
        "Since boot, at the last snapshot: file pages read back soon after eviction from the page cache (/proc/vmstat workingset_refault_file, 5.9 and later)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "swap.in_pages",
        Count,
        Number,
        "Since boot, at the last snapshot: pages swapped in (/proc/vmstat pswpin)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "swap.out_pages",
        Count,
        Number,
        "Since boot, at the last snapshot: pages swapped out (/proc/vmstat pswpout)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "numa.hit",
        Count,
        Number,
        "Since boot, at the last snapshot: page allocations served from the node they were meant for (/proc/vmstat numa_hit, all nodes)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "numa.miss",
        Count,
        Number,
        "Since boot, at the last snapshot: page allocations served from another node because the intended one was short of memory (/proc/vmstat numa_miss)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "numa.foreign",
        Count,
        Number,
        "Since boot, at the last snapshot: page allocations meant for a node but served elsewhere, counted on the intended node (/proc/vmstat numa_foreign)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "numa.local",
        Count,
        Number,
        "Since boot, at the last snapshot: page allocations served from the node of the CPU allocating (/proc/vmstat numa_local)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "numa.other",
        Count,
        Number,
        "Since boot, at the last snapshot: page allocations served from a node other than the allocating CPU's (/proc/vmstat numa_other)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.thp_fault_alloc",
        Count,
        Number,
        "Since boot, at the last snapshot: transparent huge pages allocated at a page fault (/proc/vmstat thp_fault_alloc)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.thp_fault_fallback",
        Count,
        Number,
        "Since boot, at the last snapshot: page faults that wanted a transparent huge page and fell back to small pages (/proc/vmstat thp_fault_fallback)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
    entry!(
        "mem.thp_collapse_alloc",
        Count,
        Number,
        "Since boot, at the last snapshot: transparent huge pages khugepaged built by collapsing small pages (/proc/vmstat thp_collapse_alloc)",
        proc_vmstat::BEFORE_AND_AFTER
    ),
];
