//! perf script: every sample with its call stack, for flame graphs and per-thread
//! shares.

use super::Spec;
use crate::parse::profile::perf_script::PerfScript;

pub const RECORD_AND_SCRIPT: &str =
    "perf record -F 99 -g -a -- sleep 30; perf script > perf_script.txt";

pub static SPEC: Spec = Spec {
    id: "perf-script",
    parsers: &[&PerfScript],
    captures: &[RECORD_AND_SCRIPT],
    facts: &[
        "perf.event",
        "perf.samples",
        "perf.kernel_pct",
        "perf.command.<name>.pct",
        "hotspot.count",
        "hotspot.<rank>.symbol",
        "hotspot.<rank>.dso",
        "hotspot.<rank>.kernel",
        "hotspot.<rank>.self_pct",
        "hotspot.<rank>.total_pct",
    ],
    collectors: &[],
};
