//! top in batch mode (procps): load averages, task states and the busiest processes.

use super::{Spec, families};
use crate::tools::catalog::entry;

pub const BATCH: &str = "top -b -d 10 -n 7 -w 512 (while the load runs)";

pub static SPEC: Spec = Spec {
    id: "top",
    captures: &[BATCH],
    facts: &[
        families::CPU_BUSY,
        families::CPU_INTERRUPTS,
        families::MEMORY_TOTALS,
        families::LOAD_AVERAGE,
        families::BUSIEST_PROCESS,
        &["mem.free_kib", "mem.available_kib", "cpu.util_pct"],
    ],
    catalog: &[
        entry!(
            "proc.<name>.mem_pct",
            Percent,
            Series,
            "Resident memory of the process as a share of RAM (top %MEM), processes of one name summed, per iteration",
            BATCH
        ),
        entry!(
            "tasks.total",
            Count,
            Series,
            "Processes per top iteration (top Tasks: total)",
            BATCH
        ),
        entry!(
            "tasks.running",
            Count,
            Series,
            "Processes in state R (running or runnable) per top iteration",
            BATCH
        ),
        entry!(
            "tasks.sleeping",
            Count,
            Series,
            "Processes sleeping per top iteration",
            BATCH
        ),
        entry!(
            "tasks.stopped",
            Count,
            Series,
            "Processes stopped (traced or by a signal) per top iteration",
            BATCH
        ),
        entry!(
            "tasks.zombie",
            Count,
            Series,
            "Zombie processes (exited, not reaped by their parent) per top iteration",
            BATCH
        ),
    ],
    collectors: &[],
};
