//! sysbench's run output: throughput, latency and errors per --threads value.

use super::{Spec, families};
use crate::parse::bench::sysbench::Sysbench;

pub const OUTPUT: &str =
    "the sysbench output (stdout of `sysbench … run`, one run per --threads value)";
pub const OUTPUT_WITH_ERRORS: &str =
    "the sysbench output with its errors (`sysbench … run 2>&1`, one run per --threads value)";

pub const WITH_INTERVALS: &str = "sysbench … --report-interval=10 run";

pub static SPEC: Spec = Spec {
    id: "sysbench",
    parsers: &[&Sysbench],
    captures: &[OUTPUT, OUTPUT_WITH_ERRORS, WITH_INTERVALS],
    facts: &[
        families::SCALING_RUNS,
        &[
            "bench.run.<workload>.<threads>.eps",
            "bench.run.<workload>.<threads>.lat_avg_ms",
            "bench.run.<workload>.<threads>.lat_max_ms",
            "bench.run.<workload>.<threads>.errors_per_s",
            "bench.run.<workload>.<threads>.reconnects_per_s",
            "bench.run.<workload>.<threads>.connect_errors",
            "bench.run.<workload>.<threads>.connect_limit_errors",
            "bench.run.<workload>.<threads>.interval_tps",
            "bench.tool",
        ],
    ],
    collectors: &[],
};
