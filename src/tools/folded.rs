//! Folded stacks (stackcollapse or inferno-collapse-perf output): one call stack and
//! its count per line.

use super::{Spec, families};

pub static SPEC: Spec = Spec {
    id: "folded",
    captures: &[],
    facts: &[families::HOTSPOTS, &["perf.samples"]],
    catalog: &[],
    collectors: &[],
};
