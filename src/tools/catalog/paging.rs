//! Paging, reclaim, swap traffic and NUMA allocation counters: `sar -B` and `-W` (and
//! their sadf exports) as series, `/proc/vmstat` as totals since boot and, with two
//! time-stamped snapshots, as rates over the capture under the same keys as sar.

use super::CatalogEntry;
use crate::tools::sar;

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
        "mem.pgsteal_per_s",
        PerSecond,
        Series,
        "Pages reclaimed per second: sar -B pgsteal/s; /proc/vmstat pgsteal_anon + pgsteal_file growth (every reclaimer, cgroup limit reclaim included; before 5.8 kswapd + direct + khugepaged)",
        sar::PAGING
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
        "mem.vmeff_pct",
        Percent,
        Series,
        "Page reclaim efficiency per interval (sar -B %vmeff: pages reclaimed ÷ pages scanned); near 100 most scanned pages could be freed; low with heavy scanning means reclaim works hard for little",
        sar::PAGING
    ),
];
