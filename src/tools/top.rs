//! top in batch mode (procps): load averages, task states and the busiest processes.

use super::{Spec, families};
use crate::parse::activity::top::Top;

pub const BATCH: &str = "top -b -d 10 -n 7 -w 512 (while the load runs)";

pub static SPEC: Spec = Spec {
    id: "top",
    parsers: &[&Top],
    captures: &[BATCH],
    facts: &[
        families::CPU_BUSY,
        families::CPU_INTERRUPTS,
        families::MEMORY_TOTALS,
        families::LOAD_AVERAGE,
        families::BUSIEST_PROCESS,
        &[
            "tasks.total",
            "tasks.running",
            "tasks.sleeping",
            "tasks.stopped",
            "tasks.zombie",
            "mem.free_kib",
            "mem.available_kib",
            "cpu.util_pct",
            "proc.<name>.mem_pct",
        ],
    ],
    collectors: &[],
};
