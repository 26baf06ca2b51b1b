//! Benchmark results: sysbench, BenchmarkSQL (run logs, result CSVs, props files) and
//! hand-written scaling tables.

pub mod benchmarksql;
pub mod benchmarksql_props;
pub mod scaling_table;
pub mod sysbench;
