//! Processes: where they may run (CPU and memory affinity) and how big they are, from
//! /proc/<pid>/status. (Per-node memory of processes comes from numastat, in
//! topology.rs.)

use super::CatalogEntry;

const STATUS: &str = "cat /proc/$(pidof -s <program>)/status for the database, the application and the load generator";

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "proc.<name>.cpus_allowed",
        None,
        Text,
        "CPUs the process may run on (Cpus_allowed_list)",
        ["proc-status"],
        STATUS
    ),
    entry!(
        "proc.<name>.cpus_allowed_count",
        Count,
        Number,
        "How many CPUs the process may run on",
        ["proc-status"],
        STATUS
    ),
    entry!(
        "proc.<name>.mems_allowed",
        None,
        Text,
        "NUMA nodes the process may allocate from (Mems_allowed_list)",
        ["proc-status"],
        STATUS
    ),
    entry!(
        "proc.<name>.threads",
        Count,
        Number,
        "Threads of the process",
        ["proc-status"],
        STATUS
    ),
    entry!(
        "proc.<name>.rss_kib",
        Kibibytes,
        Number,
        "Resident memory of the process (VmRSS)",
        ["proc-status"],
        STATUS
    ),
];
