//! Benchmark results: sysbench runs, hand-written scaling tables, and what is derived from them.

use super::CatalogEntry;

const SYSBENCH: &str =
    "the sysbench output (stdout of `sysbench … run`, one run per --threads value)";
const SYSBENCH_ERRORS: &str =
    "the sysbench output with its errors (`sysbench … run 2>&1`, one run per --threads value)";

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "bench.physical_tps",
        PerSecond,
        Number,
        "TPS the same test reached on bare metal, as noted by the consultant",
        ["bundle.yaml"],
        "measured: {physical_tps: …} in bundle.yaml, from a run of the same test on a physical host"
    ),
    entry!(
        "bench.runtime_min",
        Minutes,
        Number,
        "Elapsed minutes of a batch job, as noted by the consultant",
        ["bundle.yaml"],
        "measured: {runtime_min: …} in bundle.yaml"
    ),
    entry!(
        "bench.run.<workload>.<threads>.tps",
        PerSecond,
        Number,
        "Transactions per second at this concurrency",
        ["sysbench", "scaling-table"],
        SYSBENCH
    ),
    entry!(
        "bench.run.<workload>.<threads>.qps",
        PerSecond,
        Number,
        "Queries per second at this concurrency",
        ["sysbench", "scaling-table"],
        SYSBENCH
    ),
    entry!(
        "bench.run.<workload>.<threads>.eps",
        PerSecond,
        Number,
        "Events per second at this concurrency (non-SQL tests)",
        ["sysbench"],
        SYSBENCH
    ),
    entry!(
        "bench.run.<workload>.<threads>.p95_ms",
        Milliseconds,
        Number,
        "95th percentile latency at this concurrency",
        ["sysbench", "scaling-table"],
        SYSBENCH
    ),
    entry!(
        "bench.run.<workload>.<threads>.lat_avg_ms",
        Milliseconds,
        Number,
        "Average latency at this concurrency",
        ["sysbench"],
        SYSBENCH
    ),
    entry!(
        "bench.run.<workload>.<threads>.lat_max_ms",
        Milliseconds,
        Number,
        "Maximum latency at this concurrency",
        ["sysbench"],
        SYSBENCH
    ),
    entry!(
        "bench.run.<workload>.<threads>.errors_per_s",
        PerSecond,
        Number,
        "Ignored errors per second at this concurrency",
        ["sysbench"],
        SYSBENCH
    ),
    entry!(
        "bench.run.<workload>.<threads>.reconnects_per_s",
        PerSecond,
        Number,
        "Reconnects per second at this concurrency",
        ["sysbench"],
        SYSBENCH
    ),
    entry!(
        "bench.run.<workload>.<threads>.connect_errors",
        Count,
        Number,
        "Worker connections the database driver could not open at this concurrency (sysbench stops before measuring when one fails)",
        ["sysbench"],
        SYSBENCH_ERRORS
    ),
    entry!(
        "bench.run.<workload>.<threads>.connect_limit_errors",
        Count,
        Number,
        "Of those, the ones the server refused for its connection limit (PostgreSQL `too many clients already` / `remaining connection slots are reserved`, MySQL error 1040 `Too many connections`)",
        ["sysbench"],
        SYSBENCH_ERRORS
    ),
    entry!(
        "bench.run.<workload>.<threads>.interval_tps",
        PerSecond,
        Series,
        "Per-interval throughput (tps, else events/s) during this run",
        ["sysbench"],
        "sysbench … --report-interval=10 run"
    ),
    entry!(
        "bench.run.<workload>.<threads>.disk_busy_pct",
        Percent,
        Number,
        "Disk busy share noted at this concurrency",
        ["scaling-table"],
        "a scaling table with a disk busy column"
    ),
    entry!(
        "bench.run.<workload>.<threads>.cpu_pct",
        Percent,
        Number,
        "CPU use noted at this concurrency",
        ["scaling-table"],
        "a scaling table with a CPU column"
    ),
    entry!(
        "bench.wl.<workload>.threads",
        Threads,
        Number,
        "Concurrency of this workload's best run",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.wl.<workload>.tps",
        PerSecond,
        Number,
        "Transactions per second of this workload's best run",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.wl.<workload>.qps",
        PerSecond,
        Number,
        "Queries per second of this workload's best run",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.wl.<workload>.eps",
        PerSecond,
        Number,
        "Events per second of this workload's best run (non-SQL tests)",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.wl.<workload>.p95_ms",
        Milliseconds,
        Number,
        "95th percentile latency of this workload's best run",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.tool",
        None,
        Text,
        "Benchmark tool and version",
        ["sysbench", "benchmarksql"],
        SYSBENCH
    ),
    entry!(
        "bench.runs",
        Count,
        Number,
        "Benchmark runs found (one per concurrency level)",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.tps",
        PerSecond,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.tps",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.qps",
        PerSecond,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.qps",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.eps",
        PerSecond,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.eps",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.p95_ms",
        Milliseconds,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.p95_ms",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.lat_avg_ms",
        Milliseconds,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.lat_avg_ms",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.lat_max_ms",
        Milliseconds,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.lat_max_ms",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.errors_per_s",
        PerSecond,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.errors_per_s",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.reconnects_per_s",
        PerSecond,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.reconnects_per_s",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.connect_errors",
        Count,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.connect_errors",
        ["derived"],
        SYSBENCH_ERRORS
    ),
    entry!(
        "bench.scale.<threads>.connect_limit_errors",
        Count,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.connect_limit_errors",
        ["derived"],
        SYSBENCH_ERRORS
    ),
    entry!(
        "bench.scale.<threads>.interval_tps",
        PerSecond,
        Series,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.interval_tps",
        ["derived"],
        "sysbench … --report-interval=10 run"
    ),
    entry!(
        "bench.scale.<threads>.disk_busy_pct",
        Percent,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.disk_busy_pct",
        ["derived"],
        "a scaling table with a disk busy column"
    ),
    entry!(
        "bench.scale.<threads>.cpu_pct",
        Percent,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.cpu_pct",
        ["derived"],
        "a scaling table with a CPU column"
    ),
    entry!(
        "bench.threads",
        Threads,
        Number,
        "Concurrency of the best run",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.tps",
        PerSecond,
        Number,
        "Transactions per second of the best run",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.qps",
        PerSecond,
        Number,
        "Queries per second of the best run",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.eps",
        PerSecond,
        Number,
        "Events per second of the best run (non-SQL tests)",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.p95_ms",
        Milliseconds,
        Number,
        "95th percentile latency of the best run",
        ["derived"],
        SYSBENCH
    ),
    entry!(
        "bench.knee.threads",
        Threads,
        Number,
        "Concurrency with the highest throughput",
        ["derived"],
        "benchmark runs at several --threads values"
    ),
    entry!(
        "bench.knee.tps",
        PerSecond,
        Number,
        "Highest throughput across the runs (tps, else events/s)",
        ["derived"],
        "benchmark runs at several --threads values"
    ),
    entry!(
        "bench.knee.next_threads",
        Threads,
        Number,
        "Next concurrency tested above the knee",
        ["derived"],
        "benchmark runs above the best concurrency"
    ),
    entry!(
        "bench.knee.next_drop_pct",
        Percent,
        Number,
        "Throughput lost at the next concurrency above the knee",
        ["derived"],
        "benchmark runs above the best concurrency"
    ),
    entry!(
        "bench.knee.next_p95_ratio",
        Ratio,
        Number,
        "p95 latency at the next concurrency divided by p95 at the knee",
        ["derived"],
        "benchmark runs above the best concurrency"
    ),
    entry!(
        "bench.knee.degrades",
        None,
        Flag,
        "Above the knee throughput falls while p95 latency rises",
        ["derived"],
        "benchmark runs above the best concurrency"
    ),
];
