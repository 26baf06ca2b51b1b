//! my.cnf (MySQL, GreatDB, MariaDB): configuration parameters.

use super::{Spec, families};
use crate::parse::dbconf::my_cnf::MyCnf;

pub static SPEC: Spec = Spec {
    id: "my-cnf",
    parsers: &[&MyCnf],
    captures: &[],
    facts: &[families::DATABASE_PARAMETERS, &["db.param_on.<name*>"]],
    catalog: &[],
    collectors: &[],
};
