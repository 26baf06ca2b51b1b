//! perf stat: CPU counters (instructions per cycle, cache and branch misses, context
//! switches).

use super::Spec;
use super::collector::{Collector, Id, PERF, When};
use crate::parse::profile::perf_stat::PerfStat;

pub const SYSTEM_WIDE: &str = "perf stat -a -e task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions,cache-references,cache-misses,branches,branch-misses -- sleep 30 (while the load runs)";
pub const INTERVALS: &str = "perf stat -a -I 1000 -e task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions,cache-references,cache-misses -- sleep 60 (while the load runs)";
pub const PER_CPU: &str = "perf stat -A -a -e task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions,cache-references,cache-misses,branches,branch-misses -- sleep 30 (while the load runs)";

/// perf stat counts until it is interrupted, then prints its totals (to standard
/// output with `--log-fd 1`, where the sampler's file is). The hardware events read
/// `<not supported>` where there is no PMU (most VMs); the software ones still count.
macro_rules! perf_stat_events {
    () => {
        "task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions,cache-references,cache-misses,branches,branch-misses"
    };
}
pub const EVENTS: &str = perf_stat_events!();
const PERF_STAT_COMMAND: &str = concat!("perf stat -a --log-fd 1 -e ", perf_stat_events!());

pub static SPEC: Spec = Spec {
    id: "perf-stat",
    parsers: &[&PerfStat],
    captures: &[SYSTEM_WIDE, INTERVALS, PER_CPU],
    facts: &[&[
        "perf.stat.target",
        "perf.stat.elapsed_s",
        "perf.stat.task_clock_ms",
        "perf.stat.cpus_utilized",
        "perf.stat.cycles",
        "perf.stat.instructions",
        "perf.stat.ipc",
        "perf.stat.cache_references",
        "perf.stat.cache_misses",
        "perf.stat.cache_miss_pct",
        "perf.stat.branches",
        "perf.stat.branch_misses",
        "perf.stat.branch_miss_pct",
        "perf.stat.context_switches_per_s",
        "perf.stat.cpu_migrations_per_s",
        "perf.stat.page_faults_per_s",
        "perf.stat.unsupported",
        "perf.stat.not_counted",
        "perf.stat.least_counted_pct",
        "perf.stat.interval.cpus_utilized",
        "perf.stat.interval.ipc",
        "perf.stat.interval.cache_miss_pct",
        "perf.stat.interval.branch_miss_pct",
        "perf.stat.interval.context_switches_per_s",
        "perf.stat.interval.cpu_migrations_per_s",
        "perf.stat.interval.page_faults_per_s",
        "perf.stat.cpu.<n>.task_clock_ms",
        "perf.stat.cpu.<n>.cpus_utilized",
        "perf.stat.cpu.<n>.cycles",
        "perf.stat.cpu.<n>.instructions",
        "perf.stat.cpu.<n>.ipc",
        "perf.stat.cpu.<n>.cache_references",
        "perf.stat.cpu.<n>.cache_misses",
        "perf.stat.cpu.<n>.cache_miss_pct",
        "perf.stat.cpu.<n>.branches",
        "perf.stat.cpu.<n>.branch_misses",
        "perf.stat.cpu.<n>.branch_miss_pct",
        "perf.stat.cpu.<n>.context_switches_per_s",
        "perf.stat.cpu.<n>.cpu_migrations_per_s",
        "perf.stat.cpu.<n>.page_faults_per_s",
    ]],
    collectors: &[Collector {
        id: Id::PerfStat,
        name: "perf-stat",
        what: "CPU counters over the whole capture, all CPUs (instructions per cycle, cache misses)",
        when: When::Throughout,
        command: PERF_STAT_COMMAND,
        files: &["perf_stat.txt"],
        program: Some("perf"),
        package: Some(PERF),
        needs_root: false,
        needs_process: false,
    }],
};
