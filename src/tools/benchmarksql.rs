//! BenchmarkSQL's console output and result.csv: tpmC, NOPM and transaction latencies.

use super::{Spec, families};
use crate::parse::bench::benchmarksql::Benchmarksql;

pub const RUN_LOG: &str = "the console output of `./runBenchmark.sh props.<db>` (e.g. `./runBenchmark.sh props.pg 2>&1 | tee run.log`)";
pub const RESULT_CSV: &str =
    "<resultDirectory>/data/result.csv of the run (props: resultDirectory=…)";

pub static SPEC: Spec = Spec {
    id: "benchmarksql",
    parsers: &[&Benchmarksql],
    captures: &[RUN_LOG, RESULT_CSV],
    facts: &[
        families::BENCHMARKSQL_RUN,
        &[
            "bench.tool",
            "bench.tpmc",
            "bench.tpm_total",
            "bench.tpm_total_running",
            "bench.transactions",
            "bench.session_start",
            "bench.session_end",
            "bench.error_lines",
            "bench.connect_limit_errors",
            "bench.txn.<type>.execute_total_ms",
            "bench.txn.<type>.execute_share_pct",
            "bench.txn.<type>.count",
            "bench.txn.<type>.latency_avg_ms",
            "bench.txn.<type>.latency_p95_ms",
            "bench.txn.<type>.db_latency_avg_ms",
            "bench.txn.<type>.rollbacks",
            "bench.txn.<type>.errors",
        ],
    ],
    collectors: &[],
};
