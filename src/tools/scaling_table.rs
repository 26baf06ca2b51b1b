//! A scaling table a consultant typed from a benchmark report: throughput (and CPU or
//! disk busy) per thread count.

use super::{Spec, families};
use crate::tools::catalog::entry;

pub const WITH_DISK_BUSY: &str = "a scaling table with a disk busy column";

pub const WITH_CPU: &str = "a scaling table with a CPU column";

pub static SPEC: Spec = Spec {
    id: "scaling-table",
    captures: &[WITH_DISK_BUSY, WITH_CPU],
    facts: &[families::SCALING_RUNS, &["cpu.util_pct"]],
    catalog: &[
        entry!(
            "bench.run.<workload>.<threads>.disk_busy_pct",
            Percent,
            Number,
            "Disk busy share noted at this concurrency",
            WITH_DISK_BUSY
        ),
        entry!(
            "bench.run.<workload>.<threads>.cpu_pct",
            Percent,
            Number,
            "CPU use noted at this concurrency",
            WITH_CPU
        ),
    ],
    collectors: &[],
};
