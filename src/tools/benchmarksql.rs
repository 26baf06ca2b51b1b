//! BenchmarkSQL's console output and result.csv: tpmC, NOPM and transaction latencies.

use super::{Spec, families};
use crate::tools::catalog::entry;

pub const RUN_LOG: &str = "the console output of `./runBenchmark.sh props.<db>` (e.g. `./runBenchmark.sh props.pg 2>&1 | tee run.log`)";
pub const RESULT_CSV: &str =
    "<resultDirectory>/data/result.csv of the run (props: resultDirectory=…)";

pub static SPEC: Spec = Spec {
    id: "benchmarksql",
    captures: &[RUN_LOG, RESULT_CSV],
    facts: &[families::BENCHMARKSQL_RUN, &["bench.tool"]],
    catalog: &[
        entry!(
            "bench.tpmc",
            PerMinute,
            Number,
            "TPC-C new-order transactions per minute (`Measured tpmC (NewOrders)`)",
            RUN_LOG
        ),
        entry!(
            "bench.tpm_total",
            PerMinute,
            Number,
            "All TPC-C transactions per minute (`Measured tpmTOTAL`)",
            RUN_LOG
        ),
        entry!(
            "bench.tpm_total_running",
            PerMinute,
            Series,
            "Running average of tpmTOTAL since the start, from the status line (about once a second)",
            RUN_LOG
        ),
        entry!(
            "bench.transactions",
            Count,
            Number,
            "Transactions executed in the run (`Transaction Count`)",
            RUN_LOG
        ),
        entry!(
            "bench.session_start",
            None,
            Text,
            "When the measured session started (`Session Start`, local time of the client)",
            RUN_LOG
        ),
        entry!(
            "bench.session_end",
            None,
            Text,
            "When the measured session ended (`Session End`, local time of the client)",
            RUN_LOG
        ),
        entry!(
            "bench.error_lines",
            Count,
            Number,
            "Log lines at ERROR level during the run (failed transactions, deadlocks, connection errors)",
            RUN_LOG
        ),
        entry!(
            "bench.connect_limit_errors",
            Count,
            Number,
            "JDBC exception lines refusing a login at the server's connection limit (PostgreSQL `sorry, too many clients already`, `remaining connection slots are reserved`, openGauss `Already too many clients`, MySQL `Too many connections`); 0 when none",
            RUN_LOG
        ),
        entry!(
            "bench.txn.<type>.execute_total_ms",
            Milliseconds,
            Number,
            "Time all terminals together spent in this transaction type (`executeTime[<type>]`, openGauss/MogDB build of BenchmarkSQL 5.0)",
            RUN_LOG
        ),
        entry!(
            "bench.txn.<type>.execute_share_pct",
            Percent,
            Number,
            "Share of all terminal time spent in this transaction type",
            RUN_LOG
        ),
        entry!(
            "bench.txn.<type>.count",
            Count,
            Number,
            "Transactions of this type (new_order, payment, order_status, delivery, stock_level, delivery_bg)",
            RESULT_CSV
        ),
        entry!(
            "bench.txn.<type>.latency_avg_ms",
            Milliseconds,
            Number,
            "Average latency of this type as the terminal sees it (end minus due time)",
            RESULT_CSV
        ),
        entry!(
            "bench.txn.<type>.latency_p95_ms",
            Milliseconds,
            Number,
            "95th percentile latency of this type as the terminal sees it",
            RESULT_CSV
        ),
        entry!(
            "bench.txn.<type>.db_latency_avg_ms",
            Milliseconds,
            Number,
            "Average time of this type inside the database (dblatency)",
            RESULT_CSV
        ),
        entry!(
            "bench.txn.<type>.rollbacks",
            Count,
            Number,
            "Transactions of this type rolled back by design (TPC-C's 1 % invalid new orders)",
            RESULT_CSV
        ),
        entry!(
            "bench.txn.<type>.errors",
            Count,
            Number,
            "Transactions of this type that ended with an error",
            RESULT_CSV
        ),
    ],
    collectors: &[],
};
