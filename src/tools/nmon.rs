//! nmon recordings (`nmon -f`): CPU, memory, disks and network in one CSV-like file.

use super::Spec;
use crate::parse::activity::nmon::Nmon;

pub static SPEC: Spec = Spec {
    id: "nmon",
    parsers: &[&Nmon],
    captures: &[],
    collectors: &[],
};
