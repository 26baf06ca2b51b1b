//! perf report --stdio: the hottest functions and libraries of a CPU profile.

use super::collector::{Collector, Id, PERF, When};
use super::{Spec, families};

pub const RECORD_AND_REPORT: &str = "perf record -F 99 -g -a -- sleep 30; perf report --stdio --no-children --sort dso,symbol > perf_report.txt";

pub static SPEC: Spec = Spec {
    id: "perf-report",
    captures: &[RECORD_AND_REPORT],
    facts: &[families::PROFILE_TOTALS, families::HOTSPOTS],
    catalog: &[],
    collectors: &[Collector {
        id: Id::Perf,
        name: "perf",
        what: "CPU profile with call graphs, all CPUs",
        when: When::Throughout,
        command: "perf record -F 99 -g -a; perf report --stdio --no-children -F overhead,dso,sym; perf script; perf annotate --stdio <symbol> for the three hottest user-space symbols",
        files: &[
            "perf_report.txt",
            "perf_script.txt.gz",
            "perf_annotate.txt",
            ".perf.data",
        ],
        program: Some("perf"),
        package: Some(PERF),
        needs_root: false,
        needs_process: false,
    }],
};
