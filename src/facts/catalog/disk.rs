//! Block devices: per-device series from iostat -x, sar -d, nmon and vmstat -d -t, and the busiest device.

use super::CatalogEntry;
use crate::tools::{iostat, sar, vmstat};

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
        "disk.<dev>.f_per_s",
        PerSecond,
        Series,
        "Flush requests completed per second (f/s, sysstat 12.1.2+): fsync and cache flushes",
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
    entry!(
        "disk.<dev>.scheduler",
        None,
        Text,
        "Block I/O scheduler in use (none, mq-deadline, kyber, bfq; NVMe wants none)",
        "the settings snapshot script in docs/settings-snapshot.md"
    ),
    entry!(
        "disk.<dev>.reads_since_boot",
        Count,
        Number,
        "Reads completed since boot (vmstat -d, last sample)",
        vmstat::DISKS
    ),
    entry!(
        "disk.<dev>.read_kib_since_boot",
        Kibibytes,
        Number,
        "Data read since boot (vmstat -d sectors of 512 bytes, last sample)",
        vmstat::DISKS
    ),
    entry!(
        "disk.<dev>.writes_since_boot",
        Count,
        Number,
        "Writes completed since boot (vmstat -d, last sample)",
        vmstat::DISKS
    ),
    entry!(
        "disk.<dev>.written_kib_since_boot",
        Kibibytes,
        Number,
        "Data written since boot (vmstat -d sectors of 512 bytes, last sample)",
        vmstat::DISKS
    ),
    entry!(
        "disk.<dev>.io_in_progress",
        Count,
        Number,
        "I/O requests in flight when vmstat -d printed its last sample (cur)",
        vmstat::DISKS
    ),
    entry!(
        "disk.<dev>.busy_s_since_boot",
        Seconds,
        Number,
        "Seconds the device had I/O in flight since boot (vmstat -d sec, last sample)",
        vmstat::DISKS
    ),
];
