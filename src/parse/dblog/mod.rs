//! Database server logs: what the server itself reported while the benchmark ran.

pub mod mysql_error_log;
pub mod postgresql_log;
pub mod refusal_count;
