//! mpstat (sysstat): CPU use of every CPU and of all, as text or `-o JSON`.

use super::collector::{Collector, Id, SYSSTAT, When};
use super::{Spec, families};

pub const ALL_CPUS: &str = "mpstat -P ALL 10 (while the load runs)";

pub static SPEC: Spec = Spec {
    id: "mpstat",
    captures: &[ALL_CPUS],
    facts: &[
        families::SYSSTAT_HEADER,
        families::CPU_BUSY,
        families::CPU_INTERRUPTS,
        &["cpu.util_pct", "cpu.<cpu>.util_pct", "cpu.<cpu>.soft_pct"],
    ],
    catalog: &[],
    collectors: &[Collector {
        id: Id::Mpstat,
        name: "mpstat",
        what: "CPU use, all CPUs and each one",
        when: When::Throughout,
        command: "mpstat -P ALL <interval>",
        files: &["mpstat.txt"],
        program: Some("mpstat"),
        package: Some(SYSSTAT),
        needs_root: false,
        needs_process: false,
    }],
};
