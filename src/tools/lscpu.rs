//! lscpu (util-linux): CPU model, sockets, cores, threads and NUMA nodes.

use super::Spec;
use super::collector::{Collector, Id, UTIL_LINUX, When};
use crate::parse::topology::lscpu::Lscpu;

pub const LSCPU: &str = "lscpu";

pub static SPEC: Spec = Spec {
    id: "lscpu",
    parsers: &[&Lscpu],
    captures: &[LSCPU],
    facts: &[
        "cpu.arch",
        "cpu.count",
        "cpu.sockets",
        "cpu.cores_per_socket",
        "cpu.threads_per_core",
        "cpu.numa_nodes",
        "cpu.numa.<node>.cpus",
        "cpu.vendor",
        "cpu.model_name",
        "cpu.max_mhz",
        "cpu.hypervisor",
        "cpu.lse_atomics",
    ],
    collectors: &[Collector {
        id: Id::Lscpu,
        name: "lscpu",
        what: "CPU topology",
        when: When::AtStart,
        command: "lscpu",
        files: &["lscpu.txt"],
        program: Some("lscpu"),
        package: Some(UTIL_LINUX),
        needs_root: false,
        needs_process: false,
    }],
};
