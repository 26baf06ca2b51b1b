//! Benchmark result parsers against their real fixtures.

mod benchmarksql;
mod benchmarksql_props;
mod scaling_table;
mod sysbench;
