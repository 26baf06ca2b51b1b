//! /proc/cpuinfo: CPU model and feature flags (LSE atomics on ARM).

use super::collector::{Collector, Id, When};
use super::{Spec, families};
use crate::parse::topology::cpuinfo::Cpuinfo;

pub const CAT: &str = "cat /proc/cpuinfo";

pub static SPEC: Spec = Spec {
    id: "cpuinfo",
    parsers: &[&Cpuinfo],
    captures: &[CAT],
    facts: &[
        families::CPU_TOPOLOGY,
        &["cpu.arch", "cpu.count", "cpu.implementer", "cpu.part"],
    ],
    collectors: &[Collector {
        id: Id::Cpuinfo,
        name: "cpuinfo",
        what: "CPU model and features",
        when: When::AtStart,
        command: "cat /proc/cpuinfo",
        files: &["cpuinfo.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    }],
};
