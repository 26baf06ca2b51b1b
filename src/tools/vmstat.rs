//! vmstat (procps): run queue, memory, paging and CPU per interval; `-d` for disks.

use super::collector::{Collector, Id, PROCPS, When};
use super::{Spec, families};
use crate::tools::catalog::entry;

pub const EVERY_10S: &str = "vmstat 10 (while the load runs; `-t` adds time stamps)";
pub const DISKS: &str = "vmstat -d -t 10 (-t stamps each table, so rates can be told)";

pub static SPEC: Spec = Spec {
    id: "vmstat",
    captures: &[EVERY_10S, DISKS],
    facts: &[
        families::CPU_BUSY,
        families::DISK_OPERATIONS,
        families::DISK_THROUGHPUT,
        families::VMSTAT_FIGURES,
        &[
            "mem.free_kib",
            "swap.in_kib_per_s",
            "swap.out_kib_per_s",
            "sys.intr_per_s",
            "cpu.util_pct",
            "disk.<dev>.io_per_s",
            "disk.<dev>.await_ms",
        ],
    ],
    catalog: &[
        entry!(
            "disk.<dev>.reads_since_boot",
            Count,
            Number,
            "Reads completed since boot (vmstat -d, last sample)",
            DISKS
        ),
        entry!(
            "disk.<dev>.read_kib_since_boot",
            Kibibytes,
            Number,
            "Data read since boot (vmstat -d sectors of 512 bytes, last sample)",
            DISKS
        ),
        entry!(
            "disk.<dev>.writes_since_boot",
            Count,
            Number,
            "Writes completed since boot (vmstat -d, last sample)",
            DISKS
        ),
        entry!(
            "disk.<dev>.written_kib_since_boot",
            Kibibytes,
            Number,
            "Data written since boot (vmstat -d sectors of 512 bytes, last sample)",
            DISKS
        ),
        entry!(
            "disk.<dev>.io_in_progress",
            Count,
            Number,
            "I/O requests in flight when vmstat -d printed its last sample (cur)",
            DISKS
        ),
        entry!(
            "disk.<dev>.busy_s_since_boot",
            Seconds,
            Number,
            "Seconds the device had I/O in flight since boot (vmstat -d sec, last sample)",
            DISKS
        ),
        entry!(
            "io.bi_kib_per_s",
            KilobytesPerSecond,
            Series,
            "Kilobytes read from all block devices per second (vmstat bi)",
            EVERY_10S
        ),
        entry!(
            "io.bo_kib_per_s",
            KilobytesPerSecond,
            Series,
            "Kilobytes written to all block devices per second (vmstat bo)",
            EVERY_10S
        ),
    ],
    collectors: &[Collector {
        id: Id::Vmstat,
        name: "vmstat",
        what: "run queue, memory, paging, context switches",
        when: When::Throughout,
        command: "vmstat -w -t <interval>",
        files: &["vmstat.txt"],
        program: Some("vmstat"),
        package: Some(PROCPS),
        needs_root: false,
        needs_process: false,
    }],
};
