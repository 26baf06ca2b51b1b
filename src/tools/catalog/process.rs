//! Processes: where they may run (CPU and memory affinity) and how big they are, from
//! /proc/<pid>/status; what they do over time, from pidstat and top. (Per-node memory of
//! processes comes from numastat, in topology.rs.)

use super::CatalogEntry;
use crate::tools::pidstat;

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "proc.<name>.cpu_pct",
        Percent,
        Series,
        "CPU time of the process (pidstat %CPU: user + system + guest; top %CPU; over 100 % for several threads), processes of one name summed, per interval (top's commands idle throughout are left out)",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.busiest.name",
        None,
        Text,
        "The process with the highest mean %CPU in pidstat (or top)",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.busiest.cpu_pct",
        Percent,
        Number,
        "Mean %CPU of that process",
        pidstat::PROCESSES
    ),
];
