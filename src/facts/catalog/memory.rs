//! Memory inventory and state: DIMMs (dmidecode), /proc/meminfo, free. Static
//! snapshots only; memory use over time is in activity.rs (vmstat, sar, nmon).

use super::CatalogEntry;
use crate::tools::{dmidecode, meminfo};

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
    entry!(
        "mem.anon_huge_kib",
        Kibibytes,
        Number,
        "Transparent huge pages in use (AnonHugePages)",
        meminfo::CAT
    ),
    entry!(
        "mem.hugepages_total",
        Count,
        Number,
        "Reserved huge pages (HugePages_Total)",
        meminfo::CAT
    ),
    entry!(
        "mem.hugepages_free",
        Count,
        Number,
        "Reserved huge pages not in use (HugePages_Free)",
        meminfo::CAT
    ),
    entry!(
        "mem.hugepage_size_kib",
        Kibibytes,
        Number,
        "Huge page size (Hugepagesize)",
        meminfo::CAT
    ),
    entry!(
        "mem.dimm.<slot>.size_mib",
        Mebibytes,
        Number,
        "Size of the DIMM in this slot (label = locator)",
        dmidecode::MEMORY
    ),
    entry!(
        "mem.dimm.<slot>.type",
        None,
        Text,
        "Memory type of the DIMM in this slot (DDR4, DDR5)",
        dmidecode::MEMORY
    ),
    entry!(
        "mem.dimm.<slot>.rated_mts",
        MegatransfersPerSecond,
        Number,
        "Rated speed of the DIMM in this slot",
        dmidecode::MEMORY
    ),
    entry!(
        "mem.dimm.<slot>.configured_mts",
        MegatransfersPerSecond,
        Number,
        "Speed the DIMM in this slot runs at",
        dmidecode::MEMORY
    ),
    entry!(
        "mem.dimm.count",
        Count,
        Number,
        "Populated DIMM slots",
        dmidecode::MEMORY
    ),
    entry!(
        "mem.dimm.slots",
        Count,
        Number,
        "DIMM slots (populated or not)",
        dmidecode::MEMORY
    ),
    entry!(
        "mem.dimm.total_gib",
        Gibibytes,
        Number,
        "Installed DIMM capacity",
        dmidecode::MEMORY
    ),
    entry!(
        "mem.dimm.type",
        None,
        Text,
        "Memory type of the installed DIMMs (types joined with / if mixed)",
        dmidecode::MEMORY
    ),
    entry!(
        "mem.dimm.rated_mts",
        MegatransfersPerSecond,
        Number,
        "Lowest rated DIMM speed",
        dmidecode::MEMORY
    ),
    entry!(
        "mem.dimm.configured_mts",
        MegatransfersPerSecond,
        Number,
        "Lowest speed a DIMM is configured to run at",
        dmidecode::MEMORY
    ),
    entry!(
        "mem.dimm.below_rated",
        None,
        Flag,
        "Some DIMM runs below its rated speed (often: two DIMMs per channel)",
        dmidecode::MEMORY
    ),
    entry!(
        "mem.dimm.max_per_channel",
        Count,
        Number,
        "Most DIMMs on one memory channel (DPC; from bank locators or slot names)",
        dmidecode::MEMORY
    ),
];
