//! /proc/<pid>/status: a process's CPU affinity, threads and memory.

use super::Spec;
use super::collector::{Collector, Id, When};
use crate::tools::catalog::entry;

pub const STATUS: &str = "cat /proc/$(pidof -s <program>)/status for the database, the application and the load generator";

pub static SPEC: Spec = Spec {
    id: "proc-status",
    captures: &[STATUS],
    facts: &[],
    catalog: &[
        entry!(
            "proc.<name>.cpus_allowed",
            None,
            Text,
            "CPUs the process may run on (Cpus_allowed_list)",
            STATUS
        ),
        entry!(
            "proc.<name>.cpus_allowed_count",
            Count,
            Number,
            "How many CPUs the process may run on",
            STATUS
        ),
        entry!(
            "proc.<name>.mems_allowed",
            None,
            Text,
            "NUMA nodes the process may allocate from (Mems_allowed_list)",
            STATUS
        ),
        entry!(
            "proc.<name>.threads",
            Count,
            Number,
            "Threads of the process",
            STATUS
        ),
        entry!(
            "proc.<name>.rss_kib",
            Kibibytes,
            Number,
            "Resident memory of the process (VmRSS)",
            STATUS
        ),
    ],
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
