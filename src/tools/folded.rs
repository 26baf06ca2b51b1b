//! Folded stacks (stackcollapse or inferno-collapse-perf output): one call stack and
//! its count per line.

use super::Spec;
use crate::parse::profile::folded::Folded;

pub static SPEC: Spec = Spec {
    id: "folded",
    parsers: &[&Folded],
    captures: &[],
    facts: &[
        "perf.samples",
        "hotspot.count",
        "hotspot.<rank>.symbol",
        "hotspot.<rank>.kernel",
        "hotspot.<rank>.self_pct",
        "hotspot.<rank>.total_pct",
    ],
    collectors: &[],
};
