//! my.cnf (MySQL, GreatDB, MariaDB): configuration parameters.

use super::Spec;
use crate::parse::dbconf::my_cnf::MyCnf;

pub static SPEC: Spec = Spec {
    id: "my-cnf",
    parsers: &[&MyCnf],
    captures: &[],
    collectors: &[],
};
