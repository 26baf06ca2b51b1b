//! top in batch mode (procps): load averages, task states and the busiest processes.

use super::Spec;
use crate::parse::activity::top::Top;

pub const BATCH: &str = "top -b -d 10 -n 7 -w 512 (while the load runs)";

pub static SPEC: Spec = Spec {
    id: "top",
    parsers: &[&Top],
    captures: &[BATCH],
    facts: &[
        "load.avg1",
        "load.avg5",
        "load.avg15",
        "tasks.total",
        "tasks.running",
        "tasks.sleeping",
        "tasks.stopped",
        "tasks.zombie",
        "mem.free_kib",
        "mem.available_kib",
        "cpu.util_pct",
        "cpu.usr_pct",
        "cpu.sys_pct",
        "cpu.iowait_pct",
        "cpu.steal_pct",
        "cpu.irq_pct",
        "cpu.soft_pct",
        "mem.total_kib",
        "mem.swap_total_kib",
        "mem.swap_used_kib",
        "proc.<name>.cpu_pct",
        "proc.<name>.mem_pct",
        "proc.busiest.name",
        "proc.busiest.cpu_pct",
    ],
    collectors: &[],
};
