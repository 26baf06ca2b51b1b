//! Memory inventory and state: DIMMs (dmidecode), /proc/meminfo, free. Static
//! snapshots only; memory use over time is in activity.rs (vmstat, sar, nmon).

use super::CatalogEntry;
use crate::tools::meminfo;

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "mem.total_kib",
        Kibibytes,
        Number,
        "Memory the kernel manages (MemTotal)",
        meminfo::CAT
    ),
    entry!(
        "mem.swap_total_kib",
        Kibibytes,
        Number,
        "Swap space",
        meminfo::CAT
    ),
    entry!(
        "mem.swap_used_kib",
        Kibibytes,
        Number,
        "Swap in use",
        meminfo::CAT
    ),
];
