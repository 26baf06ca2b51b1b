//! Database server logs: what the server itself reported while the benchmark ran.

pub mod postgresql_log;
