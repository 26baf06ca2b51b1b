//! pidstat (sysstat): CPU, disk I/O, memory and context switches per process and per
//! thread.

use super::collector::{Collector, Id, SYSSTAT, When};
use super::{Spec, families};
use crate::tools::catalog::entry;

pub const PROCESSES: &str = "pidstat -u -d -r -w 10 (while the load runs; -t adds threads)";
pub const THREADS: &str = "pidstat -t -u -p $(pidof -s <program>) 10 (while the load runs)";

pub static SPEC: Spec = Spec {
    id: "pidstat",
    captures: &[PROCESSES, THREADS],
    facts: &[families::BUSIEST_PROCESS, families::SYSSTAT_HEADER],
    catalog: &[
        entry!(
            "proc.<name>.usr_pct",
            Percent,
            Series,
            "User-mode CPU time of the process (pidstat %usr) per interval",
            PROCESSES
        ),
        entry!(
            "proc.<name>.sys_pct",
            Percent,
            Series,
            "Kernel-mode CPU time of the process (pidstat %system) per interval",
            PROCESSES
        ),
        entry!(
            "proc.<name>.wait_pct",
            Percent,
            Series,
            "Time the process's tasks waited for a CPU (pidstat %wait, run-queue delay) per interval",
            PROCESSES
        ),
        entry!(
            "proc.<name>.rkb_per_s",
            KilobytesPerSecond,
            Series,
            "Data the process read from disk (pidstat kB_rd/s) per interval",
            PROCESSES
        ),
        entry!(
            "proc.<name>.wkb_per_s",
            KilobytesPerSecond,
            Series,
            "Data the process wrote to disk (pidstat kB_wr/s) per interval",
            PROCESSES
        ),
        entry!(
            "proc.<name>.iodelay_ticks",
            Count,
            Series,
            "Clock ticks the process waited for block I/O to complete (pidstat iodelay) per interval",
            PROCESSES
        ),
        entry!(
            "proc.<name>.majflt_per_s",
            PerSecond,
            Series,
            "Major page faults of the process (pages read from disk, pidstat majflt/s) per interval",
            PROCESSES
        ),
        entry!(
            "proc.<name>.cswch_per_s",
            PerSecond,
            Series,
            "Voluntary context switches of the process (waits for a resource, pidstat cswch/s) per interval",
            PROCESSES
        ),
        entry!(
            "proc.<name>.nvcswch_per_s",
            PerSecond,
            Series,
            "Involuntary context switches of the process (preempted, pidstat nvcswch/s) per interval",
            PROCESSES
        ),
        entry!(
            "proc.<name>.busiest_thread_cpu_pct",
            Percent,
            Series,
            "%CPU of the process's busiest thread in each interval (pidstat -t): near 100 % is one saturated core",
            THREADS
        ),
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
