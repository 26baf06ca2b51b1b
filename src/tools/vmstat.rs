//! vmstat (procps): run queue, memory, paging and CPU per interval; `-d` for disks.

use super::Spec;
use super::collector::{Collector, Id, PROCPS, When};
use crate::parse::activity::vmstat::Vmstat;
use crate::parse::activity::vmstat_disk::VmstatDisk;

pub const EVERY_10S: &str = "vmstat 10 (while the load runs; `-t` adds time stamps)";
pub const DISKS: &str = "vmstat -d -t 10 (-t stamps each table, so rates can be told)";

pub static SPEC: Spec = Spec {
    id: "vmstat",
    parsers: &[&Vmstat, &VmstatDisk],
    captures: &[EVERY_10S, DISKS],
    collectors: &[Collector {
        id: Id::Vmstat,
        name: "vmstat",
        what: "run queue, memory, paging, context switches",
        when: When::Throughout,
        command: "vmstat -w -t <interval>",
        files: &["vmstat.txt"],
        program: Some("vmstat"),
        package: Some(PROCPS),
        needs_root: false,
        needs_process: false,
    }],
};
