//! top in batch mode (procps): load averages, task states and the busiest processes.

use super::Spec;
use crate::parse::activity::top::Top;

pub const BATCH: &str = "top -b -d 10 -n 7 -w 512 (while the load runs)";

pub static SPEC: Spec = Spec {
    id: "top",
    parsers: &[&Top],
    captures: &[BATCH],
    collectors: &[],
};
