//! /proc/cpuinfo: CPU model and feature flags (LSE atomics on ARM).

use super::Spec;
use super::collector::{Collector, Id, When};
use crate::parse::topology::cpuinfo::Cpuinfo;

pub const CAT: &str = "cat /proc/cpuinfo";

pub static SPEC: Spec = Spec {
    id: "cpuinfo",
    parsers: &[&Cpuinfo],
    captures: &[CAT],
    facts: &[
        "cpu.arch",
        "cpu.count",
        "cpu.sockets",
        "cpu.cores_per_socket",
        "cpu.threads_per_core",
        "cpu.vendor",
        "cpu.model_name",
        "cpu.hypervisor",
        "cpu.lse_atomics",
        "cpu.implementer",
        "cpu.part",
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
