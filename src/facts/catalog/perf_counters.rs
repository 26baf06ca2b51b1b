//! Hardware and software counters over a run, from `perf stat` (plain, `-a`, `-e`
//! lists, `-x,` CSV); `-I` interval mode adds `perf.stat.interval.*` series, `-A`
//! each CPU's figures (`perf.stat.cpu.<n>.*`).

use super::CatalogEntry;
use crate::tools::perf_stat;

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "perf.stat.target",
        None,
        Text,
        "What perf stat counted: the command (`sleep 1`), `system wide` (-a), or `process id 1234` (-p)",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.elapsed_s",
        Seconds,
        Number,
        "Wall-clock length of the counted run (`seconds time elapsed`; under -I the last interval's end)",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.task_clock_ms",
        Milliseconds,
        Number,
        "CPU time the counted tasks used, all CPUs together (task-clock; cpu-clock with -a)",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.cpus_utilized",
        Ratio,
        Number,
        "CPUs kept busy on average: CPU time ÷ elapsed time (perf's `CPUs utilized`)",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.cycles",
        Count,
        Number,
        "CPU cycles counted (absent where the CPU or hypervisor exposes no PMU: `<not supported>`)",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.instructions",
        Count,
        Number,
        "Instructions retired",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.ipc",
        Ratio,
        Number,
        "Instructions per cycle (instructions ÷ cycles, or perf's `insn per cycle`); below about 1 on a server core the CPU mostly waits on memory, above 2 it is compute bound",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.cache_references",
        Count,
        Number,
        "Last-level cache accesses perf counted (cache-references; what it counts varies by CPU)",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.cache_misses",
        Count,
        Number,
        "Last-level cache misses perf counted (cache-misses)",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.cache_miss_pct",
        Percent,
        Number,
        "Cache misses as a share of cache references (perf's `of all cache refs`)",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.branches",
        Count,
        Number,
        "Branch instructions retired",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.branch_misses",
        Count,
        Number,
        "Mispredicted branches",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.branch_miss_pct",
        Percent,
        Number,
        "Mispredicted branches as a share of all branches",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.context_switches_per_s",
        PerSecond,
        Number,
        "Context switches per second of elapsed time (perf's own `/sec` comment divides by CPU time instead)",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.cpu_migrations_per_s",
        PerSecond,
        Number,
        "Tasks moved to another CPU per second of elapsed time",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.page_faults_per_s",
        PerSecond,
        Number,
        "Page faults (minor and major) per second of elapsed time",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.unsupported",
        None,
        Text,
        "Events perf printed as `<not supported>` (comma-separated): no such counter here, typically hardware events in a VM without a virtual PMU",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.not_counted",
        None,
        Text,
        "Events perf printed as `<not counted>` (comma-separated): the counter never got onto the PMU",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.least_counted_pct",
        Percent,
        Number,
        "Smallest share of the run any counter was actually counting (the `(50.00%)` multiplexing column); perf scales the others up, so low shares make the counts estimates",
        perf_stat::SYSTEM_WIDE
    ),
    entry!(
        "perf.stat.interval.cpus_utilized",
        Ratio,
        Series,
        "CPUs kept busy in each -I interval",
        perf_stat::INTERVALS
    ),
    entry!(
        "perf.stat.interval.ipc",
        Ratio,
        Series,
        "Instructions per cycle in each -I interval",
        perf_stat::INTERVALS
    ),
    entry!(
        "perf.stat.interval.cache_miss_pct",
        Percent,
        Series,
        "Cache misses as a share of references in each -I interval",
        perf_stat::INTERVALS
    ),
    entry!(
        "perf.stat.interval.branch_miss_pct",
        Percent,
        Series,
        "Mispredicted share of branches in each -I interval",
        perf_stat::INTERVALS
    ),
    entry!(
        "perf.stat.interval.context_switches_per_s",
        PerSecond,
        Series,
        "Context switches per second in each -I interval",
        perf_stat::INTERVALS
    ),
    entry!(
        "perf.stat.interval.cpu_migrations_per_s",
        PerSecond,
        Series,
        "CPU migrations per second in each -I interval",
        perf_stat::INTERVALS
    ),
    entry!(
        "perf.stat.interval.page_faults_per_s",
        PerSecond,
        Series,
        "Page faults per second in each -I interval",
        perf_stat::INTERVALS
    ),
    entry!(
        "perf.stat.cpu.<n>.task_clock_ms",
        Milliseconds,
        Number,
        "Time one CPU spent running tasks (its task-clock / cpu-clock row) (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.cpus_utilized",
        Ratio,
        Number,
        "Share of the elapsed time one CPU was busy (its CPU time ÷ elapsed time; 1 = always busy) (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.cycles",
        Count,
        Number,
        "Cycles one CPU counted (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.instructions",
        Count,
        Number,
        "Instructions one CPU retired (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.ipc",
        Ratio,
        Number,
        "Instructions per cycle on one CPU (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.cache_references",
        Count,
        Number,
        "Cache references one CPU counted (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.cache_misses",
        Count,
        Number,
        "Cache misses one CPU counted (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.cache_miss_pct",
        Percent,
        Number,
        "Cache misses as a share of references on one CPU (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.branches",
        Count,
        Number,
        "Branches one CPU retired (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.branch_misses",
        Count,
        Number,
        "Mispredicted branches on one CPU (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.branch_miss_pct",
        Percent,
        Number,
        "Mispredicted branches as a share of branches on one CPU (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.context_switches_per_s",
        PerSecond,
        Number,
        "Context switches per second of elapsed time on one CPU (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.cpu_migrations_per_s",
        PerSecond,
        Number,
        "Task migrations per second of elapsed time, as one CPU's row counted them (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
    entry!(
        "perf.stat.cpu.<n>.page_faults_per_s",
        PerSecond,
        Number,
        "Page faults per second of elapsed time on one CPU (perf stat -A; the totals sum every CPU's row)",
        perf_stat::PER_CPU
    ),
];
