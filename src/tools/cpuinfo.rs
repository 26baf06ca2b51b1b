//! /proc/cpuinfo: CPU model and feature flags (LSE atomics on ARM).

use super::collector::{Collector, Id, When};
use super::{Spec, families};
use crate::tools::catalog::entry;

pub const CAT: &str = "cat /proc/cpuinfo";

pub static SPEC: Spec = Spec {
    id: "cpuinfo",
    captures: &[CAT],
    facts: &[families::CPU_TOPOLOGY, &["cpu.arch", "cpu.count"]],
    catalog: &[
        entry!(
            "cpu.implementer",
            None,
            Text,
            "aarch64 `CPU implementer` code (0x48 = HiSilicon, 0x41 = ARM, 0x70 = Phytium)",
            CAT
        ),
        entry!(
            "cpu.part",
            None,
            Text,
            "aarch64 `CPU part` code (0xd01 with implementer 0x48 = Kunpeng 920)",
            CAT
        ),
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
