//! /proc/<pid>/status: a process's CPU affinity, threads and memory.

use super::Spec;
use super::collector::{Collector, Id, When};
use crate::parse::process::proc_status::ProcStatus;

pub const STATUS: &str = "cat /proc/$(pidof -s <program>)/status for the database, the application and the load generator";

pub static SPEC: Spec = Spec {
    id: "proc-status",
    parsers: &[&ProcStatus],
    captures: &[STATUS],
    facts: &[&[
        "proc.<name>.cpus_allowed",
        "proc.<name>.cpus_allowed_count",
        "proc.<name>.mems_allowed",
        "proc.<name>.threads",
        "proc.<name>.rss_kib",
    ]],
    collectors: &[Collector {
        id: Id::ProcStatus,
        name: "proc-status",
        what: "the target process: CPU affinity, threads, memory",
        when: When::UnderLoad,
        command: "cat /proc/<pid>/status",
        files: &["proc_status.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: true,
    }],
};
