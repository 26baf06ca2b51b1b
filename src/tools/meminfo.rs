//! /proc/meminfo: memory inventory, swap and huge pages.

use super::collector::{Collector, Id, When};
use super::{Spec, families};
use crate::parse::topology::meminfo::Meminfo;

pub const CAT: &str = "cat /proc/meminfo";

pub static SPEC: Spec = Spec {
    id: "meminfo",
    parsers: &[&Meminfo],
    captures: &[CAT],
    facts: &[
        families::MEMORY_TOTALS,
        &[
            "mem.free_kib",
            "mem.available_kib",
            "mem.anon_huge_kib",
            "mem.hugepages_total",
            "mem.hugepages_free",
            "mem.hugepage_size_kib",
        ],
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
