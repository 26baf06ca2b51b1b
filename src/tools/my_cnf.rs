//! my.cnf (MySQL, GreatDB, MariaDB): configuration parameters.

use super::Spec;
use crate::parse::dbconf::my_cnf::MyCnf;

pub static SPEC: Spec = Spec {
    id: "my-cnf",
    parsers: &[&MyCnf],
    captures: &[],
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
