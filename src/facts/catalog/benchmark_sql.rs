//! BenchmarkSQL / jTPCC results and their configuration (props file).

use super::CatalogEntry;
use crate::tools::{benchmarksql, benchmarksql_props};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "bench.tpmc",
        PerMinute,
        Number,
        "TPC-C new-order transactions per minute (`Measured tpmC (NewOrders)`)",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.tpm_total",
        PerMinute,
        Number,
        "All TPC-C transactions per minute (`Measured tpmTOTAL`)",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.tpm_total_running",
        PerMinute,
        Series,
        "Running average of tpmTOTAL since the start, from the status line (about once a second)",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.transactions",
        Count,
        Number,
        "Transactions executed in the run (`Transaction Count`)",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.session_start",
        None,
        Text,
        "When the measured session started (`Session Start`, local time of the client)",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.session_end",
        None,
        Text,
        "When the measured session ended (`Session End`, local time of the client)",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.warehouses",
        Count,
        Number,
        "TPC-C warehouses the run used (scale of the data set)",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.terminals",
        Threads,
        Number,
        "TPC-C terminals (concurrent database sessions) of the run",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.run_s",
        Seconds,
        Number,
        "Configured run time (runMins × 60); absent for a run limited by transaction count",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.error_lines",
        Count,
        Number,
        "Log lines at ERROR level during the run (failed transactions, deadlocks, connection errors)",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.connect_limit_errors",
        Count,
        Number,
        "JDBC exception lines refusing a login at the server's connection limit (PostgreSQL `sorry, too many clients already`, `remaining connection slots are reserved`, openGauss `Already too many clients`, MySQL `Too many connections`); 0 when none",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.config.<name>",
        None,
        Text,
        "A BenchmarkSQL setting (props key in snake_case: run_mins, new_order_weight, conn …; never the password)",
        benchmarksql_props::PROPS_FILE
    ),
    entry!(
        "bench.txn.<type>.execute_total_ms",
        Milliseconds,
        Number,
        "Time all terminals together spent in this transaction type (`executeTime[<type>]`, openGauss/MogDB build of BenchmarkSQL 5.0)",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.txn.<type>.execute_share_pct",
        Percent,
        Number,
        "Share of all terminal time spent in this transaction type",
        benchmarksql::RUN_LOG
    ),
    entry!(
        "bench.txn.<type>.count",
        Count,
        Number,
        "Transactions of this type (new_order, payment, order_status, delivery, stock_level, delivery_bg)",
        benchmarksql::RESULT_CSV
    ),
    entry!(
        "bench.txn.<type>.latency_avg_ms",
        Milliseconds,
        Number,
        "Average latency of this type as the terminal sees it (end minus due time)",
        benchmarksql::RESULT_CSV
    ),
    entry!(
        "bench.txn.<type>.latency_p95_ms",
        Milliseconds,
        Number,
        "95th percentile latency of this type as the terminal sees it",
        benchmarksql::RESULT_CSV
    ),
    entry!(
        "bench.txn.<type>.db_latency_avg_ms",
        Milliseconds,
        Number,
        "Average time of this type inside the database (dblatency)",
        benchmarksql::RESULT_CSV
    ),
    entry!(
        "bench.txn.<type>.rollbacks",
        Count,
        Number,
        "Transactions of this type rolled back by design (TPC-C's 1 % invalid new orders)",
        benchmarksql::RESULT_CSV
    ),
    entry!(
        "bench.txn.<type>.errors",
        Count,
        Number,
        "Transactions of this type that ended with an error",
        benchmarksql::RESULT_CSV
    ),
];
