//! iostat (sysstat): load, throughput and latency per block device, as text or `-o
//! JSON`.

use super::collector::{Collector, Id, SYSSTAT, When};
use super::{Spec, families};
use crate::tools::catalog::entry;

pub const EXTENDED: &str = "iostat -x 10 (while the load runs)";

pub static SPEC: Spec = Spec {
    id: "iostat",
    captures: &[EXTENDED],
    facts: &[
        families::DISK_BUSY,
        families::SYSSTAT_HEADER,
        families::CPU_BUSY,
        families::DISK_OPERATIONS,
        families::DISK_THROUGHPUT,
        &["cpu.util_pct"],
    ],
    catalog: &[entry!(
        "disk.<dev>.f_per_s",
        PerSecond,
        Series,
        "Flush requests completed per second (f/s, sysstat 12.1.2+): fsync and cache flushes",
        EXTENDED
    )],
    collectors: &[Collector {
        id: Id::Iostat,
        name: "iostat",
        what: "block device load and latency",
        when: When::Throughout,
        command: "iostat -x -t <interval>",
        files: &["iostat.txt"],
        program: Some("iostat"),
        package: Some(SYSSTAT),
        needs_root: false,
        needs_process: false,
    }],
};
