//! perf annotate --stdio: sample shares per instruction of a hot function (atomics,
//! spin loops).

use super::Spec;
use crate::parse::profile::perf_annotate::PerfAnnotate;

pub const HOT_SYMBOL: &str = "perf record -g -p $(pidof -s <process>) -- sleep 30; perf annotate --stdio -s <hot symbol> > perf_annotate.txt";

pub static SPEC: Spec = Spec {
    id: "perf-annotate",
    parsers: &[&PerfAnnotate],
    captures: &[HOT_SYMBOL],
    collectors: &[],
};
