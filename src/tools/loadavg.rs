//! /proc/loadavg: load averages, runnable and total tasks.

use super::{Spec, families};
use crate::parse::os::load_average::Loadavg;

pub const LOOP: &str =
    "cat /proc/loadavg (in a loop with date +%s before each, while the load runs)";

pub static SPEC: Spec = Spec {
    id: "loadavg",
    parsers: &[&Loadavg],
    captures: &[LOOP],
    facts: &[families::LOAD_AVERAGE, &["load.runnable", "load.tasks"]],
    collectors: &[],
};
