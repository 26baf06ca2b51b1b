//! perf script: every sample with its call stack, for flame graphs and per-thread
//! shares.

use super::{Spec, families};
use crate::tools::catalog::entry;

pub const RECORD_AND_SCRIPT: &str =
    "perf record -F 99 -g -a -- sleep 30; perf script > perf_script.txt";

pub static SPEC: Spec = Spec {
    id: "perf-script",
    captures: &[RECORD_AND_SCRIPT],
    facts: &[families::PROFILE_TOTALS, families::HOTSPOTS],
    catalog: &[entry!(
        "perf.command.<name>.pct",
        Percent,
        Number,
        "Share of the samples taken in one command (comm), for the 20 busiest at ≥ 1 %",
        RECORD_AND_SCRIPT
    )],
    collectors: &[],
};
