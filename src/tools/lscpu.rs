//! lscpu (util-linux): CPU model, sockets, cores, threads and NUMA nodes.

use super::collector::{Collector, Id, UTIL_LINUX, When};
use super::{Spec, families};

pub const LSCPU: &str = "lscpu";

pub static SPEC: Spec = Spec {
    id: "lscpu",
    captures: &[LSCPU],
    facts: &[
        families::CPU_TOPOLOGY,
        &[
            "cpu.arch",
            "cpu.count",
            "cpu.numa_nodes",
            "cpu.numa.<node>.cpus",
            "cpu.max_mhz",
        ],
    ],
    catalog: &[],
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
