//! sysbench's run output: throughput, latency and errors per --threads value.

use super::{Spec, families};
use crate::tools::catalog::entry;

pub const OUTPUT: &str =
    "the sysbench output (stdout of `sysbench … run`, one run per --threads value)";
pub const OUTPUT_WITH_ERRORS: &str =
    "the sysbench output with its errors (`sysbench … run 2>&1`, one run per --threads value)";

pub const WITH_INTERVALS: &str = "sysbench … --report-interval=10 run";

pub static SPEC: Spec = Spec {
    id: "sysbench",
    captures: &[OUTPUT, OUTPUT_WITH_ERRORS, WITH_INTERVALS],
    facts: &[families::SCALING_RUNS, &["bench.tool"]],
    catalog: &[
        entry!(
            "bench.run.<workload>.<threads>.eps",
            PerSecond,
            Number,
            "Events per second at this concurrency (non-SQL tests)",
            OUTPUT
        ),
        entry!(
            "bench.run.<workload>.<threads>.lat_avg_ms",
            Milliseconds,
            Number,
            "Average latency at this concurrency",
            OUTPUT
        ),
        entry!(
            "bench.run.<workload>.<threads>.lat_max_ms",
            Milliseconds,
            Number,
            "Maximum latency at this concurrency",
            OUTPUT
        ),
        entry!(
            "bench.run.<workload>.<threads>.errors_per_s",
            PerSecond,
            Number,
            "Ignored errors per second at this concurrency",
            OUTPUT
        ),
        entry!(
            "bench.run.<workload>.<threads>.reconnects_per_s",
            PerSecond,
            Number,
            "Reconnects per second at this concurrency",
            OUTPUT
        ),
        entry!(
            "bench.run.<workload>.<threads>.connect_errors",
            Count,
            Number,
            "Worker connections the database driver could not open at this concurrency (sysbench stops before measuring when one fails)",
            OUTPUT_WITH_ERRORS
        ),
        entry!(
            "bench.run.<workload>.<threads>.connect_limit_errors",
            Count,
            Number,
            "Of those, the ones the server refused for its connection limit (PostgreSQL `too many clients already` / `remaining connection slots are reserved`, MySQL error 1040 `Too many connections`)",
            OUTPUT_WITH_ERRORS
        ),
        entry!(
            "bench.run.<workload>.<threads>.interval_tps",
            PerSecond,
            Series,
            "Per-interval throughput (tps, else events/s) during this run",
            WITH_INTERVALS
        ),
    ],
    collectors: &[],
};
