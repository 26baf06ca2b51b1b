//! BenchmarkSQL / jTPCC results and their configuration (props file).

use super::CatalogEntry;
use crate::tools::{benchmarksql, benchmarksql_props};

pub static ENTRIES: &[CatalogEntry] = &[
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
        "bench.config.<name>",
        None,
        Text,
        "A BenchmarkSQL setting (props key in snake_case: run_mins, new_order_weight, conn …; never the password)",
        benchmarksql_props::PROPS_FILE
    ),
];
