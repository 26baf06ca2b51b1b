//! postgresql.conf (PostgreSQL, openGauss, MogDB): configuration parameters.

use super::{Spec, families};

pub const WITH_MY_CNF: &str = "cat $PGDATA/postgresql.conf; cat /etc/my.cnf";

pub static SPEC: Spec = Spec {
    id: "postgresql-conf",
    captures: &[WITH_MY_CNF],
    facts: &[families::DATABASE_PARAMETERS, &["db.param_on.<name*>"]],
    catalog: &[],
    collectors: &[],
};
