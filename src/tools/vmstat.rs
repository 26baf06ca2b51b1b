//! vmstat (procps): run queue, memory, paging and CPU per interval; `-d` for disks.

use super::collector::{Collector, Id, PROCPS, When};
use super::{Spec, families};
use crate::parse::activity::vmstat::Vmstat;
use crate::parse::activity::vmstat_disk::VmstatDisk;

pub const EVERY_10S: &str = "vmstat 10 (while the load runs; `-t` adds time stamps)";
pub const DISKS: &str = "vmstat -d -t 10 (-t stamps each table, so rates can be told)";

pub static SPEC: Spec = Spec {
    id: "vmstat",
    parsers: &[&Vmstat, &VmstatDisk],
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
            "io.bi_kib_per_s",
            "io.bo_kib_per_s",
            "sys.intr_per_s",
            "cpu.util_pct",
            "disk.<dev>.io_per_s",
            "disk.<dev>.await_ms",
            "disk.<dev>.reads_since_boot",
            "disk.<dev>.read_kib_since_boot",
            "disk.<dev>.writes_since_boot",
            "disk.<dev>.written_kib_since_boot",
            "disk.<dev>.io_in_progress",
            "disk.<dev>.busy_s_since_boot",
        ],
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
