//! Derived facts, computed in Rust from parsed ones so rules stay short: the busiest
//! CPU and disk, the fullest file system, the most throttled cgroup, whether the host
//! is virtualised, the scaling knee of a benchmark series, the gap to the customer's
//! target, the TCP retransmitted share, the rate of pages re-read after eviction and swap
//! traffic in KiB from counts of pages. A derivation
//! only fills keys that no capture supplied, and cites the facts it came from.

mod busiest;
mod cgroup;
mod conn_refusals;
mod database;
mod fullest_filesystem;
mod memory_refaults;
mod numa;
mod platform;
mod scaling;
mod swap_pages;
mod target_gap;
mod tcp_retransmits;

use super::{Fact, Facts, Provenance, Unit, Value};

/// The catalog patterns these derivations fill (the catalog lists them as `derived`).
pub const FACTS: &[&str] = &[
    "swap.in_kib_per_s",
    "swap.out_kib_per_s",
    "bench.wl.<workload>.threads",
    "bench.wl.<workload>.tps",
    "bench.wl.<workload>.qps",
    "bench.wl.<workload>.eps",
    "bench.wl.<workload>.p95_ms",
    "bench.runs",
    "bench.scale.<threads>.tps",
    "bench.scale.<threads>.qps",
    "bench.scale.<threads>.eps",
    "bench.scale.<threads>.p95_ms",
    "bench.scale.<threads>.lat_avg_ms",
    "bench.scale.<threads>.lat_max_ms",
    "bench.scale.<threads>.errors_per_s",
    "bench.scale.<threads>.reconnects_per_s",
    "bench.scale.<threads>.connect_errors",
    "bench.scale.<threads>.connect_limit_errors",
    "bench.scale.<threads>.interval_tps",
    "bench.scale.<threads>.disk_busy_pct",
    "bench.scale.<threads>.cpu_pct",
    "bench.threads",
    "bench.tps",
    "bench.qps",
    "bench.eps",
    "bench.p95_ms",
    "bench.knee.threads",
    "bench.knee.tps",
    "bench.knee.next_threads",
    "bench.knee.next_drop_pct",
    "bench.knee.next_p95_ratio",
    "bench.knee.degrades",
    "mem.refault_group",
    "mem.refault_kib_per_s",
    "mem.refault_share_of_reads_pct",
    "cpu.busiest.id",
    "cpu.busiest.util_pct",
    "db.page_size_kib",
    "db.data_device",
    "db.data_disk",
    "db.wal_device",
    "db.wal_disk",
    "db.conn_refusals_seen",
    "disk.busiest.name",
    "disk.busiest.util_pct",
    "host.virtualized",
    "bench.workload",
    "target.gap_pct",
    "net.tcp.retrans_pct",
    "fs.fullest.name",
    "fs.fullest.used_pct",
    "proc.<name>.numa.largest_node_cpus",
];

pub fn run(facts: &mut Facts) {
    platform::derive(facts);
    // The scaling series feeds the busiest-disk fallback from a scaling table.
    scaling::derive(facts);
    busiest::derive(facts);
    cgroup::derive(facts);
    target_gap::derive(facts);
    database::derive(facts);
    conn_refusals::derive(facts);
    numa::derive(facts);
    fullest_filesystem::derive(facts);
    tcp_retransmits::derive(facts);
    swap_pages::derive(facts);
    // After busiest: the refault share is of the busiest disk's reads.
    memory_refaults::derive(facts);
}

fn fact(key: &str, value: Value, unit: Unit, provenance: Provenance) -> Fact {
    Fact {
        key: key.to_string(),
        value,
        unit,
        provenance,
    }
}

/// One provenance covering two facts when they come from the same file, else the first.
fn span(a: &Provenance, b: &Provenance) -> Provenance {
    if a.file != b.file {
        return a.clone();
    }
    Provenance {
        file: a.file.clone(),
        line: a.line.min(b.line),
        line_end: a.line_end.max(b.line_end),
        tool: a.tool.clone(),
    }
}
