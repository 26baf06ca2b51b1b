//! uptime: load averages.

use super::Spec;

pub const OR_LOADAVG_LOOP: &str =
    "uptime, or cat /proc/loadavg (in a loop with date +%s before each, while the load runs)";

pub static SPEC: Spec = Spec {
    id: "uptime",
    captures: &[OR_LOADAVG_LOOP],
    facts: &[&["load.avg1", "load.avg5", "load.avg15"]],
    catalog: &[],
    collectors: &[],
};
