//! postgresql.conf (PostgreSQL, openGauss, MogDB): configuration parameters.

use super::Spec;
use crate::parse::dbconf::postgresql_conf::PostgresqlConf;

pub const WITH_MY_CNF: &str = "cat $PGDATA/postgresql.conf; cat /etc/my.cnf";

pub static SPEC: Spec = Spec {
    id: "postgresql-conf",
    parsers: &[&PostgresqlConf],
    captures: &[WITH_MY_CNF],
    facts: &[
        "db.engine",
        "db.param.<name*>",
        "db.param_kib.<name*>",
        "db.param_s.<name*>",
        "db.param_on.<name*>",
        "db.param_num.<name*>",
    ],
    collectors: &[],
};
