//! Benchmark results: sysbench runs, hand-written scaling tables, and what is derived from them.

use super::CatalogEntry;
use crate::tools::{scaling_table, sysbench};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "bench.physical_tps",
        PerSecond,
        Number,
        "TPS the same test reached on bare metal, as noted by the consultant",
        "measured: {physical_tps: …} in bundle.yaml, from a run of the same test on a physical host"
    ),
    entry!(
        "bench.runtime_min",
        Minutes,
        Number,
        "Elapsed minutes of a batch job, as noted by the consultant",
        "measured: {runtime_min: …} in bundle.yaml"
    ),
    entry!(
        "bench.run.<workload>.<threads>.tps",
        PerSecond,
        Number,
        "Transactions per second at this concurrency",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.run.<workload>.<threads>.qps",
        PerSecond,
        Number,
        "Queries per second at this concurrency",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.run.<workload>.<threads>.p95_ms",
        Milliseconds,
        Number,
        "95th percentile latency at this concurrency",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.wl.<workload>.threads",
        Threads,
        Number,
        "Concurrency of this workload's best run",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.wl.<workload>.tps",
        PerSecond,
        Number,
        "Transactions per second of this workload's best run",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.wl.<workload>.qps",
        PerSecond,
        Number,
        "Queries per second of this workload's best run",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.wl.<workload>.eps",
        PerSecond,
        Number,
        "Events per second of this workload's best run (non-SQL tests)",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.wl.<workload>.p95_ms",
        Milliseconds,
        Number,
        "95th percentile latency of this workload's best run",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.tool",
        None,
        Text,
        "Benchmark tool and version",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.runs",
        Count,
        Number,
        "Benchmark runs found (one per concurrency level)",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.scale.<threads>.tps",
        PerSecond,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.tps",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.scale.<threads>.qps",
        PerSecond,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.qps",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.scale.<threads>.eps",
        PerSecond,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.eps",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.scale.<threads>.p95_ms",
        Milliseconds,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.p95_ms",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.scale.<threads>.lat_avg_ms",
        Milliseconds,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.lat_avg_ms",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.scale.<threads>.lat_max_ms",
        Milliseconds,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.lat_max_ms",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.scale.<threads>.errors_per_s",
        PerSecond,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.errors_per_s",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.scale.<threads>.reconnects_per_s",
        PerSecond,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.reconnects_per_s",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.scale.<threads>.connect_errors",
        Count,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.connect_errors",
        sysbench::OUTPUT_WITH_ERRORS
    ),
    entry!(
        "bench.scale.<threads>.connect_limit_errors",
        Count,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.connect_limit_errors",
        sysbench::OUTPUT_WITH_ERRORS
    ),
    entry!(
        "bench.scale.<threads>.interval_tps",
        PerSecond,
        Series,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.interval_tps",
        sysbench::WITH_INTERVALS
    ),
    entry!(
        "bench.scale.<threads>.disk_busy_pct",
        Percent,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.disk_busy_pct",
        scaling_table::WITH_DISK_BUSY
    ),
    entry!(
        "bench.scale.<threads>.cpu_pct",
        Percent,
        Number,
        "The primary workload's run at this concurrency: bench.run.<workload>.<threads>.cpu_pct",
        scaling_table::WITH_CPU
    ),
    entry!(
        "bench.threads",
        Threads,
        Number,
        "Concurrency of the best run",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.tps",
        PerSecond,
        Number,
        "Transactions per second of the best run",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.qps",
        PerSecond,
        Number,
        "Queries per second of the best run",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.eps",
        PerSecond,
        Number,
        "Events per second of the best run (non-SQL tests)",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.p95_ms",
        Milliseconds,
        Number,
        "95th percentile latency of the best run",
        sysbench::OUTPUT
    ),
    entry!(
        "bench.knee.threads",
        Threads,
        Number,
        "Concurrency with the highest throughput",
        "benchmark runs at several --threads values"
    ),
    entry!(
        "bench.knee.tps",
        PerSecond,
        Number,
        "Highest throughput across the runs (tps, else events/s)",
        "benchmark runs at several --threads values"
    ),
    entry!(
        "bench.knee.next_threads",
        Threads,
        Number,
        "Next concurrency tested above the knee",
        "benchmark runs above the best concurrency"
    ),
    entry!(
        "bench.knee.next_drop_pct",
        Percent,
        Number,
        "Throughput lost at the next concurrency above the knee",
        "benchmark runs above the best concurrency"
    ),
    entry!(
        "bench.knee.next_p95_ratio",
        Ratio,
        Number,
        "p95 latency at the next concurrency divided by p95 at the knee",
        "benchmark runs above the best concurrency"
    ),
    entry!(
        "bench.knee.degrades",
        None,
        Flag,
        "Above the knee throughput falls while p95 latency rises",
        "benchmark runs above the best concurrency"
    ),
];
