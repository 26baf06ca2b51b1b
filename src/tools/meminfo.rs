//! /proc/meminfo: memory inventory, swap and huge pages.

use super::Spec;
use super::collector::{Collector, Id, When};
use crate::parse::topology::meminfo::Meminfo;

pub const CAT: &str = "cat /proc/meminfo";

pub static SPEC: Spec = Spec {
    id: "meminfo",
    parsers: &[&Meminfo],
    captures: &[CAT],
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
