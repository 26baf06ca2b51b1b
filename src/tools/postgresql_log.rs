//! The PostgreSQL server log: connection refusals and other errors during the run.

use super::Spec;

pub const SERVER_LOG: &str = "the server log covering the run (PostgreSQL on Debian: /var/log/postgresql/postgresql-<version>-<cluster>.log, else $PGDATA/log/ or log_directory; MySQL/MariaDB: log_error, on Debian /var/log/mysql/error.log)";

pub static SPEC: Spec = Spec {
    id: "postgresql-log",
    captures: &[SERVER_LOG],
    facts: &[&["db.log.conn_limit_rejections"]],
    catalog: &[],
    collectors: &[],
};
