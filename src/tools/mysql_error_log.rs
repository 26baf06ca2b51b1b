//! The MySQL error log: connection refusals and other errors during the run.

use super::Spec;
use crate::parse::dblog::mysql_error_log::MysqlErrorLog;

pub static SPEC: Spec = Spec {
    id: "mysql-error-log",
    parsers: &[&MysqlErrorLog],
    captures: &[],
    facts: &[&["db.log.conn_limit_rejections"]],
    catalog: &[],
    collectors: &[],
};
