//! Folded stacks (stackcollapse or inferno-collapse-perf output): one call stack and
//! its count per line.

use super::Spec;
use crate::parse::profile::folded::Folded;

pub static SPEC: Spec = Spec {
    id: "folded",
    parsers: &[&Folded],
    captures: &[],
    collectors: &[],
};
