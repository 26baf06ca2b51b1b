//! Block devices: per-device series from iostat -x, sar -d, nmon and vmstat -d -t, and the busiest device.

use super::CatalogEntry;
use crate::tools::{iostat, sar};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "disk.<dev>.util_pct",
        Percent,
        Series,
        "Share of time the device was busy (%util)",
        iostat::EXTENDED
    ),
    entry!(
        "disk.<dev>.r_per_s",
        PerSecond,
        Series,
        "Reads completed per second",
        iostat::EXTENDED
    ),
    entry!(
        "disk.<dev>.w_per_s",
        PerSecond,
        Series,
        "Writes completed per second",
        iostat::EXTENDED
    ),
    entry!(
        "disk.<dev>.rkb_per_s",
        KilobytesPerSecond,
        Series,
        "Kilobytes read per second",
        iostat::EXTENDED
    ),
    entry!(
        "disk.<dev>.wkb_per_s",
        KilobytesPerSecond,
        Series,
        "Kilobytes written per second",
        iostat::EXTENDED
    ),
    entry!(
        "disk.<dev>.io_per_s",
        PerSecond,
        Series,
        "Transfers (reads + writes) completed per second: iostat and sar -d tps, nmon DISKXFER",
        sar::DISKS
    ),
    entry!(
        "disk.<dev>.r_await_ms",
        Milliseconds,
        Series,
        "Average read latency including queueing",
        iostat::EXTENDED
    ),
    entry!(
        "disk.<dev>.w_await_ms",
        Milliseconds,
        Series,
        "Average write latency including queueing",
        iostat::EXTENDED
    ),
    entry!(
        "disk.<dev>.await_ms",
        Milliseconds,
        Series,
        "Average I/O latency (older sysstat)",
        iostat::EXTENDED
    ),
    entry!(
        "disk.<dev>.aqu_sz",
        Count,
        Series,
        "Average queue length (aqu-sz / avgqu-sz)",
        iostat::EXTENDED
    ),
    entry!(
        "disk.<dev>.svctm_ms",
        Milliseconds,
        Series,
        "Average service time (older sysstat, unreliable)",
        iostat::EXTENDED
    ),
    entry!(
        "disk.busiest.name",
        None,
        Text,
        "Device with the highest average %util",
        iostat::EXTENDED
    ),
    entry!(
        "disk.busiest.util_pct",
        Percent,
        Series,
        "%util of the busiest device (or the disk-busy column of a scaling table)",
        iostat::EXTENDED
    ),
];
