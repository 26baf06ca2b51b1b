//! free (procps): memory and swap totals and use.

use super::Spec;
use crate::parse::topology::free::Free;

pub static SPEC: Spec = Spec {
    id: "free",
    parsers: &[&Free],
    captures: &[],
    collectors: &[],
};
