//! Processes: where they may run (CPU and memory affinity) and how big they are, from
//! /proc/<pid>/status; what they do over time, from pidstat and top. (Per-node memory of
//! processes comes from numastat, in topology.rs.)

use super::CatalogEntry;
use crate::tools::{pidstat, proc_status, top};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "proc.<name>.cpus_allowed",
        None,
        Text,
        "CPUs the process may run on (Cpus_allowed_list)",
        proc_status::STATUS
    ),
    entry!(
        "proc.<name>.cpus_allowed_count",
        Count,
        Number,
        "How many CPUs the process may run on",
        proc_status::STATUS
    ),
    entry!(
        "proc.<name>.mems_allowed",
        None,
        Text,
        "NUMA nodes the process may allocate from (Mems_allowed_list)",
        proc_status::STATUS
    ),
    entry!(
        "proc.<name>.threads",
        Count,
        Number,
        "Threads of the process",
        proc_status::STATUS
    ),
    entry!(
        "proc.<name>.rss_kib",
        Kibibytes,
        Number,
        "Resident memory of the process (VmRSS)",
        proc_status::STATUS
    ),
    entry!(
        "proc.<name>.cpu_pct",
        Percent,
        Series,
        "CPU time of the process (pidstat %CPU: user + system + guest; top %CPU; over 100 % for several threads), processes of one name summed, per interval (top's commands idle throughout are left out)",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.<name>.mem_pct",
        Percent,
        Series,
        "Resident memory of the process as a share of RAM (top %MEM), processes of one name summed, per iteration",
        top::BATCH
    ),
    entry!(
        "proc.<name>.usr_pct",
        Percent,
        Series,
        "User-mode CPU time of the process (pidstat %usr) per interval",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.<name>.sys_pct",
        Percent,
        Series,
        "Kernel-mode CPU time of the process (pidstat %system) per interval",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.<name>.wait_pct",
        Percent,
        Series,
        "Time the process's tasks waited for a CPU (pidstat %wait, run-queue delay) per interval",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.<name>.rkb_per_s",
        KilobytesPerSecond,
        Series,
        "Data the process read from disk (pidstat kB_rd/s) per interval",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.<name>.wkb_per_s",
        KilobytesPerSecond,
        Series,
        "Data the process wrote to disk (pidstat kB_wr/s) per interval",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.<name>.iodelay_ticks",
        Count,
        Series,
        "Clock ticks the process waited for block I/O to complete (pidstat iodelay) per interval",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.<name>.majflt_per_s",
        PerSecond,
        Series,
        "Major page faults of the process (pages read from disk, pidstat majflt/s) per interval",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.<name>.cswch_per_s",
        PerSecond,
        Series,
        "Voluntary context switches of the process (waits for a resource, pidstat cswch/s) per interval",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.<name>.nvcswch_per_s",
        PerSecond,
        Series,
        "Involuntary context switches of the process (preempted, pidstat nvcswch/s) per interval",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.<name>.busiest_thread_cpu_pct",
        Percent,
        Series,
        "%CPU of the process's busiest thread in each interval (pidstat -t): near 100 % is one saturated core",
        pidstat::THREADS
    ),
    entry!(
        "proc.busiest.name",
        None,
        Text,
        "The process with the highest mean %CPU in pidstat (or top)",
        pidstat::PROCESSES
    ),
    entry!(
        "proc.busiest.cpu_pct",
        Percent,
        Number,
        "Mean %CPU of that process",
        pidstat::PROCESSES
    ),
];
