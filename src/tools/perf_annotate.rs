//! perf annotate --stdio: sample shares per instruction of a hot function (atomics,
//! spin loops).

use super::Spec;
use crate::parse::profile::perf_annotate::PerfAnnotate;

pub const HOT_SYMBOL: &str = "perf record -g -p $(pidof -s <process>) -- sleep 30; perf annotate --stdio -s <hot symbol> > perf_annotate.txt";

pub static SPEC: Spec = Spec {
    id: "perf-annotate",
    parsers: &[&PerfAnnotate],
    captures: &[HOT_SYMBOL],
    facts: &[&[
        "annotate.symbol",
        "annotate.functions",
        "annotate.dso",
        "annotate.event",
        "annotate.samples",
        "annotate.arch",
        "annotate.exclusive_loop_pct",
        "annotate.lse_atomic_pct",
        "annotate.locked_pct",
        "annotate.pause_loop_pct",
    ]],
    collectors: &[],
};
