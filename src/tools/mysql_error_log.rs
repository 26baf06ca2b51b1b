//! The MySQL error log: connection refusals and other errors during the run.

use super::Spec;

pub static SPEC: Spec = Spec {
    id: "mysql-error-log",
    captures: &[],
    facts: &[&["db.log.conn_limit_rejections"]],
    catalog: &[],
    collectors: &[],
};
