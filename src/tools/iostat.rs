//! iostat (sysstat): load, throughput and latency per block device, as text or `-o
//! JSON`.

use super::Spec;
use super::collector::{Collector, Id, SYSSTAT, When};
use crate::parse::activity::iostat::Iostat;
use crate::parse::activity::sysstat_json::IostatJson;

pub const EXTENDED: &str = "iostat -x 10 (while the load runs)";

pub static SPEC: Spec = Spec {
    id: "iostat",
    parsers: &[&Iostat, &IostatJson],
    captures: &[EXTENDED],
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
