//! /proc/meminfo: memory inventory, swap and huge pages.

use super::collector::{Collector, Id, When};
use super::{Spec, families};
use crate::tools::catalog::entry;

pub const CAT: &str = "cat /proc/meminfo";

pub static SPEC: Spec = Spec {
    id: "meminfo",
    captures: &[CAT],
    facts: &[
        families::MEMORY_TOTALS,
        &["mem.free_kib", "mem.available_kib"],
    ],
    catalog: &[
        entry!(
            "mem.anon_huge_kib",
            Kibibytes,
            Number,
            "Transparent huge pages in use (AnonHugePages)",
            CAT
        ),
        entry!(
            "mem.hugepages_total",
            Count,
            Number,
            "Reserved huge pages (HugePages_Total)",
            CAT
        ),
        entry!(
            "mem.hugepages_free",
            Count,
            Number,
            "Reserved huge pages not in use (HugePages_Free)",
            CAT
        ),
        entry!(
            "mem.hugepage_size_kib",
            Kibibytes,
            Number,
            "Huge page size (Hugepagesize)",
            CAT
        ),
    ],
    collectors: &[Collector {
        id: Id::Meminfo,
        name: "meminfo",
        what: "memory inventory, swap and huge pages",
        when: When::UnderLoad,
        command: "cat /proc/meminfo",
        files: &["meminfo.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    }],
};
