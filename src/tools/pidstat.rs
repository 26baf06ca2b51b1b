//! pidstat (sysstat): CPU, disk I/O, memory and context switches per process and per
//! thread.

use super::collector::{Collector, Id, SYSSTAT, When};
use super::{Spec, families};
use crate::parse::activity::pidstat::Pidstat;

pub const PROCESSES: &str = "pidstat -u -d -r -w 10 (while the load runs; -t adds threads)";
pub const THREADS: &str = "pidstat -t -u -p $(pidof -s <program>) 10 (while the load runs)";

pub static SPEC: Spec = Spec {
    id: "pidstat",
    parsers: &[&Pidstat],
    captures: &[PROCESSES, THREADS],
    facts: &[
        families::BUSIEST_PROCESS,
        &[
            "cpu.count",
            "host.name",
            "os.kernel",
            "proc.<name>.usr_pct",
            "proc.<name>.sys_pct",
            "proc.<name>.wait_pct",
            "proc.<name>.rkb_per_s",
            "proc.<name>.wkb_per_s",
            "proc.<name>.iodelay_ticks",
            "proc.<name>.majflt_per_s",
            "proc.<name>.cswch_per_s",
            "proc.<name>.nvcswch_per_s",
            "proc.<name>.busiest_thread_cpu_pct",
        ],
    ],
    collectors: &[Collector {
        id: Id::Pidstat,
        name: "pidstat",
        what: "CPU, disk I/O and context switches per process (per thread of the target process)",
        when: When::Throughout,
        command: "pidstat -u -d -w <interval>; with a target: pidstat -u -d -w -t -p <pid> <interval>",
        files: &["pidstat.txt"],
        program: Some("pidstat"),
        package: Some(SYSSTAT),
        needs_root: false,
        needs_process: false,
    }],
};
