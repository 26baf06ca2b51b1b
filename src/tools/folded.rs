//! Folded stacks (stackcollapse or inferno-collapse-perf output): one call stack and
//! its count per line.

use super::{Spec, families};
use crate::parse::profile::folded::Folded;

pub static SPEC: Spec = Spec {
    id: "folded",
    parsers: &[&Folded],
    captures: &[],
    facts: &[families::HOTSPOTS, &["perf.samples"]],
    catalog: &[],
    collectors: &[],
};
