//! /proc/vmstat: paging, reclaim, working-set refaults and NUMA allocation counters.

use super::Spec;
use super::collector::{Collector, Id, When};
use crate::parse::os::proc_vmstat::ProcVmstat;

pub const BEFORE_AND_AFTER: &str = "date +%s; cat /proc/vmstat (before the load), then again at its end (perfsage capture writes proc_vmstat.txt)";

pub static SPEC: Spec = Spec {
    id: "proc-vmstat",
    parsers: &[&ProcVmstat],
    captures: &[BEFORE_AND_AFTER],
    collectors: &[Collector {
        id: Id::ProcVmstat,
        name: "proc-vmstat",
        what: "paging, reclaim, working-set refaults, NUMA allocation hits and misses",
        when: When::StartAndEnd,
        command: "date +%s; cat /proc/vmstat",
        files: &["proc_vmstat.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    }],
};
