//! numastat: NUMA allocation counters, memory per node, and per process with `-p`.

use super::Spec;
use super::collector::{Collector, Id, NUMACTL, When};
use crate::parse::topology::numastat::Numastat;

pub const SYSTEM: &str = "numastat (allocation counters, pages)";
pub const PER_NODE: &str = "numastat -n";
pub const MEMINFO_PER_NODE: &str = "numastat -m";
pub const PROCESS: &str = "numastat -p <pid|name> (several processes: numastat -s -p <name>)";

pub static SPEC: Spec = Spec {
    id: "numastat",
    parsers: &[&Numastat],
    captures: &[SYSTEM, PER_NODE, MEMINFO_PER_NODE, PROCESS],
    collectors: &[
        Collector {
            id: Id::NumastatProcess,
            name: "numastat-process",
            what: "the target process's memory per NUMA node",
            when: When::UnderLoad,
            command: "numastat -p <pid|name>",
            files: &["numastat_process.txt"],
            program: Some("numastat"),
            package: Some(NUMACTL),
            needs_root: false,
            needs_process: true,
        },
        Collector {
            id: Id::Numastat,
            name: "numastat",
            what: "NUMA allocation hits and misses, system-wide",
            when: When::AtEnd,
            command: "numastat",
            files: &["numastat.txt"],
            program: Some("numastat"),
            package: Some(NUMACTL),
            needs_root: false,
            needs_process: false,
        },
    ],
};
