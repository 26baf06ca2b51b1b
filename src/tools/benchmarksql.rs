//! BenchmarkSQL's console output and result.csv: tpmC, NOPM and transaction latencies.

use super::Spec;
use crate::parse::bench::benchmarksql::Benchmarksql;

pub const RUN_LOG: &str = "the console output of `./runBenchmark.sh props.<db>` (e.g. `./runBenchmark.sh props.pg 2>&1 | tee run.log`)";
pub const RESULT_CSV: &str =
    "<resultDirectory>/data/result.csv of the run (props: resultDirectory=…)";

pub static SPEC: Spec = Spec {
    id: "benchmarksql",
    parsers: &[&Benchmarksql],
    captures: &[RUN_LOG, RESULT_CSV],
    collectors: &[],
};
