//! /proc/loadavg: load averages, runnable and total tasks.

use super::{Spec, families};
use crate::tools::catalog::entry;

pub const LOOP: &str =
    "cat /proc/loadavg (in a loop with date +%s before each, while the load runs)";

pub static SPEC: Spec = Spec {
    id: "loadavg",
    captures: &[LOOP],
    facts: &[families::LOAD_AVERAGE],
    catalog: &[
        entry!(
            "load.runnable",
            Count,
            Series,
            "Scheduling entities (threads) runnable at the moment of each /proc/loadavg snapshot (the n of n/m)",
            LOOP
        ),
        entry!(
            "load.tasks",
            Count,
            Series,
            "Scheduling entities (threads) that exist, per /proc/loadavg snapshot (the m of n/m)",
            LOOP
        ),
    ],
    collectors: &[],
};
