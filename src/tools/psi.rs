//! Pressure stall information (/proc/pressure, cgroup *.pressure): time tasks waited
//! for CPU, memory and I/O.

use super::collector::{Collector, Id, When};
use super::{Spec, families};
use crate::tools::catalog::entry;

pub const SYSTEM: &str = "for i in $(seq 7); do date +%s; grep -r . /proc/pressure; sleep 10; done (while the load runs; Linux 4.20 and later)";
pub const CGROUP: &str = "for i in $(seq 7); do date +%s; grep . /sys/fs/cgroup/<group>/*.pressure; sleep 10; done (cgroup v2, while the load runs)";

pub static SPEC: Spec = Spec {
    id: "psi",
    captures: &[SYSTEM, CGROUP],
    facts: &[families::PRESSURE, families::CGROUP_PRESSURE],
    catalog: &[entry!(
        "psi.cgroup.<group>.<resource>.<kind>.stall_pct",
        Percent,
        Number,
        "Share of the whole capture in which some (or all) of one cgroup's non-idle tasks stalled waiting for the resource, from the growth of its PSI total",
        CGROUP
    )],
    collectors: &[Collector {
        id: Id::Psi,
        name: "psi",
        what: "pressure stall information: time tasks waited for CPU, memory and I/O",
        when: When::StartAndEnd,
        command: "date +%s; echo \"# $f\"; cat $f for /proc/pressure/{cpu,memory,io}",
        files: &["psi.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    }],
};
