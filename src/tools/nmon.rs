//! nmon recordings (`nmon -f`): CPU, memory, disks and network in one CSV-like file.

use super::{Spec, families};

pub static SPEC: Spec = Spec {
    id: "nmon",
    captures: &[],
    facts: &[
        families::SYSSTAT_HEADER,
        families::CPU_BUSY,
        families::DISK_THROUGHPUT,
        families::VMSTAT_FIGURES,
        families::NETWORK_THROUGHPUT,
        &[
            "mem.free_kib",
            "cpu.util_pct",
            "cpu.<cpu>.util_pct",
            "disk.<dev>.util_pct",
            "disk.<dev>.io_per_s",
        ],
    ],
    catalog: &[],
    collectors: &[],
};
