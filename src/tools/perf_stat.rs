//! perf stat: hardware and software counters over a run (instructions per cycle,
//! cache and branch misses, context switches), plain, `-a`, `-e` lists or `-x,` CSV;
//! `-I` interval mode adds `perf.stat.interval.*` series, `-A` each CPU's figures
//! (`perf.stat.cpu.<n>.*`).

use super::Spec;
use super::collector::{Collector, Id, PERF, When};
use crate::tools::catalog::entry;

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
    captures: &[SYSTEM_WIDE, INTERVALS, PER_CPU],
    facts: &[],
    catalog: &[
        entry!(
            "perf.stat.target",
            None,
            Text,
            "What perf stat counted: the command (`sleep 1`), `system wide` (-a), or `process id 1234` (-p)",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.elapsed_s",
            Seconds,
            Number,
            "Wall-clock length of the counted run (`seconds time elapsed`; under -I the last interval's end)",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.task_clock_ms",
            Milliseconds,
            Number,
            "CPU time the counted tasks used, all CPUs together (task-clock; cpu-clock with -a)",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.cpus_utilized",
            Ratio,
            Number,
            "CPUs kept busy on average: CPU time ÷ elapsed time (perf's `CPUs utilized`)",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.cycles",
            Count,
            Number,
            "CPU cycles counted (absent where the CPU or hypervisor exposes no PMU: `<not supported>`)",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.instructions",
            Count,
            Number,
            "Instructions retired",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.ipc",
            Ratio,
            Number,
            "Instructions per cycle (instructions ÷ cycles, or perf's `insn per cycle`); below about 1 on a server core the CPU mostly waits on memory, above 2 it is compute bound",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.cache_references",
            Count,
            Number,
            "Last-level cache accesses perf counted (cache-references; what it counts varies by CPU)",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.cache_misses",
            Count,
            Number,
            "Last-level cache misses perf counted (cache-misses)",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.cache_miss_pct",
            Percent,
            Number,
            "Cache misses as a share of cache references (perf's `of all cache refs`)",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.branches",
            Count,
            Number,
            "Branch instructions retired",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.branch_misses",
            Count,
            Number,
            "Mispredicted branches",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.branch_miss_pct",
            Percent,
            Number,
            "Mispredicted branches as a share of all branches",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.context_switches_per_s",
            PerSecond,
            Number,
            "Context switches per second of elapsed time (perf's own `/sec` comment divides by CPU time instead)",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.cpu_migrations_per_s",
            PerSecond,
            Number,
            "Tasks moved to another CPU per second of elapsed time",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.page_faults_per_s",
            PerSecond,
            Number,
            "Page faults (minor and major) per second of elapsed time",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.unsupported",
            None,
            Text,
            "Events perf printed as `<not supported>` (comma-separated): no such counter here, typically hardware events in a VM without a virtual PMU",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.not_counted",
            None,
            Text,
            "Events perf printed as `<not counted>` (comma-separated): the counter never got onto the PMU",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.least_counted_pct",
            Percent,
            Number,
            "Smallest share of the run any counter was actually counting (the `(50.00%)` multiplexing column); perf scales the others up, so low shares make the counts estimates",
            SYSTEM_WIDE
        ),
        entry!(
            "perf.stat.interval.cpus_utilized",
            Ratio,
            Series,
            "CPUs kept busy in each -I interval",
            INTERVALS
        ),
        entry!(
            "perf.stat.interval.ipc",
            Ratio,
            Series,
            "Instructions per cycle in each -I interval",
            INTERVALS
        ),
        entry!(
            "perf.stat.interval.cache_miss_pct",
            Percent,
            Series,
            "Cache misses as a share of references in each -I interval",
            INTERVALS
        ),
        entry!(
            "perf.stat.interval.branch_miss_pct",
            Percent,
            Series,
            "Mispredicted share of branches in each -I interval",
            INTERVALS
        ),
        entry!(
            "perf.stat.interval.context_switches_per_s",
            PerSecond,
            Series,
            "Context switches per second in each -I interval",
            INTERVALS
        ),
        entry!(
            "perf.stat.interval.cpu_migrations_per_s",
            PerSecond,
            Series,
            "CPU migrations per second in each -I interval",
            INTERVALS
        ),
        entry!(
            "perf.stat.interval.page_faults_per_s",
            PerSecond,
            Series,
            "Page faults per second in each -I interval",
            INTERVALS
        ),
        entry!(
            "perf.stat.cpu.<n>.task_clock_ms",
            Milliseconds,
            Number,
            "Time one CPU spent running tasks (its task-clock / cpu-clock row) (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.cpus_utilized",
            Ratio,
            Number,
            "Share of the elapsed time one CPU was busy (its CPU time ÷ elapsed time; 1 = always busy) (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.cycles",
            Count,
            Number,
            "Cycles one CPU counted (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.instructions",
            Count,
            Number,
            "Instructions one CPU retired (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.ipc",
            Ratio,
            Number,
            "Instructions per cycle on one CPU (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.cache_references",
            Count,
            Number,
            "Cache references one CPU counted (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.cache_misses",
            Count,
            Number,
            "Cache misses one CPU counted (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.cache_miss_pct",
            Percent,
            Number,
            "Cache misses as a share of references on one CPU (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.branches",
            Count,
            Number,
            "Branches one CPU retired (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.branch_misses",
            Count,
            Number,
            "Mispredicted branches on one CPU (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.branch_miss_pct",
            Percent,
            Number,
            "Mispredicted branches as a share of branches on one CPU (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.context_switches_per_s",
            PerSecond,
            Number,
            "Context switches per second of elapsed time on one CPU (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.cpu_migrations_per_s",
            PerSecond,
            Number,
            "Task migrations per second of elapsed time, as one CPU's row counted them (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
        entry!(
            "perf.stat.cpu.<n>.page_faults_per_s",
            PerSecond,
            Number,
            "Page faults per second of elapsed time on one CPU (perf stat -A; the totals sum every CPU's row)",
            PER_CPU
        ),
    ],
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
