//! my.cnf (MySQL, GreatDB, MariaDB): configuration parameters.

use super::{Spec, families};

pub static SPEC: Spec = Spec {
    id: "my-cnf",
    captures: &[],
    facts: &[families::DATABASE_PARAMETERS, &["db.param_on.<name*>"]],
    catalog: &[],
    collectors: &[],
};
