//! The fact catalog: every key perfsage knows, with unit, meaning, the tools that
//! supply it and the command that captures it. Parsers may only emit catalogued keys
//! (a test checks every fixture), rules are linted against it, and a rule that could
//! not run because a fact was missing tells the consultant what to capture next.

use super::Unit;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Number,
    Text,
    Flag,
    Series,
}

#[derive(Debug, Serialize)]
pub struct CatalogEntry {
    /// Dotted key; `<name>` stands for one label segment (a device, CPU, thread count).
    pub pattern: &'static str,
    pub unit: Unit,
    pub kind: Kind,
    pub meaning: &'static str,
    pub tools: &'static [&'static str],
    /// What to run (or write) to get this fact.
    pub capture: &'static str,
}

const MPSTAT: &str = "mpstat -P ALL 10 (while the load runs)";
const IOSTAT: &str = "iostat -x 10 (while the load runs)";
const LSCPU: &str = "lscpu";
const SYSBENCH: &str =
    "the sysbench output (stdout of `sysbench … run`, one run per --threads value)";
const BUNDLE_YAML: &str = "bundle.yaml next to the captures";

macro_rules! entry {
    ($pattern:expr, $unit:ident, $kind:ident, $meaning:expr, [$($tool:expr),*], $capture:expr) => {
        CatalogEntry {
            pattern: $pattern,
            unit: Unit::$unit,
            kind: Kind::$kind,
            meaning: $meaning,
            tools: &[$($tool),*],
            capture: $capture,
        }
    };
}

pub static CATALOG: &[CatalogEntry] = &[
    // Declared in bundle.yaml, or read from capture headers.
    entry!(
        "host.name",
        None,
        Text,
        "Host name",
        ["bundle.yaml", "mpstat", "iostat"],
        BUNDLE_YAML
    ),
    entry!(
        "host.role",
        None,
        Text,
        "Role of the host in the test: db, app or loadgen",
        ["bundle.yaml"],
        BUNDLE_YAML
    ),
    entry!(
        "host.platform",
        None,
        Text,
        "Declared platform: physical or vm",
        ["bundle.yaml"],
        BUNDLE_YAML
    ),
    entry!(
        "host.virtualized",
        None,
        Flag,
        "The host is a virtual machine (declared platform, else the hypervisor lscpu reports)",
        ["derived"],
        "lscpu, or platform: in bundle.yaml"
    ),
    entry!(
        "os.kernel",
        None,
        Text,
        "Kernel release from the sysstat header line",
        ["mpstat", "iostat"],
        MPSTAT
    ),
    entry!(
        "vm.host_sockets",
        Count,
        Number,
        "Sockets of the physical host under a VM",
        ["bundle.yaml"],
        "host_topology: {sockets, cores_per_socket} in bundle.yaml (from lscpu on the hypervisor host)"
    ),
    entry!(
        "vm.host_cores_per_socket",
        Count,
        Number,
        "Physical cores per socket of the host under a VM",
        ["bundle.yaml"],
        "host_topology: {sockets, cores_per_socket} in bundle.yaml (from lscpu on the hypervisor host)"
    ),
    entry!(
        "bench.workload",
        None,
        Text,
        "Benchmark and workload name, e.g. sysbench oltp_read_write",
        ["bundle.yaml"],
        BUNDLE_YAML
    ),
    entry!(
        "target.<metric>",
        None,
        Number,
        "Throughput the customer expects, e.g. target.tps",
        ["bundle.yaml"],
        "target: {metric, value} in bundle.yaml"
    ),
    entry!(
        "target.gap_pct",
        Percent,
        Number,
        "How far the best measured throughput is below the target (negative: above)",
        ["derived"],
        "target: in bundle.yaml and a benchmark result"
    ),
    // CPU utilisation.
    entry!(
        "cpu.util_pct",
        Percent,
        Series,
        "All-CPU busy share per interval (100 − %idle − %iowait)",
        ["mpstat", "iostat", "scaling-table"],
        MPSTAT
    ),
    entry!(
        "cpu.usr_pct",
        Percent,
        Series,
        "All-CPU user time share per interval",
        ["mpstat", "iostat"],
        MPSTAT
    ),
    entry!(
        "cpu.sys_pct",
        Percent,
        Series,
        "All-CPU system time share per interval",
        ["mpstat", "iostat"],
        MPSTAT
    ),
    entry!(
        "cpu.iowait_pct",
        Percent,
        Series,
        "All-CPU iowait share per interval",
        ["mpstat", "iostat"],
        MPSTAT
    ),
    entry!(
        "cpu.steal_pct",
        Percent,
        Series,
        "Time stolen by the hypervisor per interval",
        ["mpstat", "iostat"],
        MPSTAT
    ),
    entry!(
        "cpu.irq_pct",
        Percent,
        Series,
        "Hard interrupt time share per interval",
        ["mpstat"],
        MPSTAT
    ),
    entry!(
        "cpu.soft_pct",
        Percent,
        Series,
        "Soft interrupt time share per interval",
        ["mpstat"],
        MPSTAT
    ),
    entry!(
        "cpu.<cpu>.util_pct",
        Percent,
        Series,
        "Busy share of one logical CPU per interval (100 − %idle − %iowait)",
        ["mpstat"],
        MPSTAT
    ),
    entry!(
        "cpu.<cpu>.soft_pct",
        Percent,
        Series,
        "Soft interrupt share of one logical CPU per interval",
        ["mpstat"],
        MPSTAT
    ),
    entry!(
        "cpu.busiest.id",
        None,
        Text,
        "The logical CPU with the highest average busy share",
        ["derived"],
        MPSTAT
    ),
    entry!(
        "cpu.busiest.util_pct",
        Percent,
        Series,
        "Busy share of the busiest logical CPU",
        ["derived"],
        MPSTAT
    ),
    // CPU topology.
    entry!(
        "cpu.arch",
        None,
        Text,
        "CPU architecture (x86_64, aarch64)",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.count",
        Count,
        Number,
        "Logical CPUs the OS sees",
        ["lscpu", "mpstat", "iostat", "bundle.yaml"],
        LSCPU
    ),
    entry!(
        "cpu.sockets",
        Count,
        Number,
        "CPU sockets",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.cores_per_socket",
        Count,
        Number,
        "Cores per socket",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.threads_per_core",
        Count,
        Number,
        "Hardware threads per core (2 = SMT on)",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.numa_nodes",
        Count,
        Number,
        "NUMA nodes",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.numa.<node>.cpus",
        None,
        Text,
        "CPU list of one NUMA node",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.vendor",
        None,
        Text,
        "CPU vendor (GenuineIntel, AuthenticAMD, HiSilicon)",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.model_name",
        None,
        Text,
        "CPU model name",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.max_mhz",
        Megahertz,
        Number,
        "Highest CPU frequency",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.hypervisor",
        None,
        Text,
        "Hypervisor vendor seen from inside a VM",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.lse_atomics",
        None,
        Flag,
        "aarch64 CPU offers LSE atomics (the `atomics` flag)",
        ["lscpu"],
        LSCPU
    ),
    // Disks.
    entry!(
        "disk.<dev>.util_pct",
        Percent,
        Series,
        "Share of time the device was busy (%util)",
        ["iostat"],
        IOSTAT
    ),
    entry!(
        "disk.<dev>.r_per_s",
        PerSecond,
        Series,
        "Reads completed per second",
        ["iostat"],
        IOSTAT
    ),
    entry!(
        "disk.<dev>.w_per_s",
        PerSecond,
        Series,
        "Writes completed per second",
        ["iostat"],
        IOSTAT
    ),
    entry!(
        "disk.<dev>.rkb_per_s",
        KilobytesPerSecond,
        Series,
        "Kilobytes read per second",
        ["iostat"],
        IOSTAT
    ),
    entry!(
        "disk.<dev>.wkb_per_s",
        KilobytesPerSecond,
        Series,
        "Kilobytes written per second",
        ["iostat"],
        IOSTAT
    ),
    entry!(
        "disk.<dev>.r_await_ms",
        Milliseconds,
        Series,
        "Average read latency including queueing",
        ["iostat"],
        IOSTAT
    ),
    entry!(
        "disk.<dev>.w_await_ms",
        Milliseconds,
        Series,
        "Average write latency including queueing",
        ["iostat"],
        IOSTAT
    ),
    entry!(
        "disk.<dev>.await_ms",
        Milliseconds,
        Series,
        "Average I/O latency (older sysstat)",
        ["iostat"],
        IOSTAT
    ),
    entry!(
        "disk.<dev>.aqu_sz",
        Count,
        Series,
        "Average queue length (aqu-sz / avgqu-sz)",
        ["iostat"],
        IOSTAT
    ),
    entry!(
        "disk.<dev>.svctm_ms",
        Milliseconds,
        Series,
        "Average service time (older sysstat, unreliable)",
        ["iostat"],
        IOSTAT
    ),
    entry!(
        "disk.busiest.name",
        None,
        Text,
        "Device with the highest average %util",
        ["derived"],
        IOSTAT
    ),
    entry!(
        "disk.busiest.util_pct",
        Percent,
        Series,
        "%util of the busiest device (or the disk-busy column of a scaling table)",
        ["derived"],
        IOSTAT
    ),
    // Benchmark results.
    entry!(
        "bench.tool",
        None,
        Text,
        "Benchmark tool and version",
        ["sysbench"],
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
        "Transactions per second at this concurrency",
        ["sysbench", "scaling-table"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.qps",
        PerSecond,
        Number,
        "Queries per second at this concurrency",
        ["sysbench", "scaling-table"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.eps",
        PerSecond,
        Number,
        "Events per second at this concurrency (non-SQL tests)",
        ["sysbench"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.p95_ms",
        Milliseconds,
        Number,
        "95th percentile latency at this concurrency",
        ["sysbench", "scaling-table"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.lat_avg_ms",
        Milliseconds,
        Number,
        "Average latency at this concurrency",
        ["sysbench"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.lat_max_ms",
        Milliseconds,
        Number,
        "Maximum latency at this concurrency",
        ["sysbench"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.errors_per_s",
        PerSecond,
        Number,
        "Ignored errors per second at this concurrency",
        ["sysbench"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.reconnects_per_s",
        PerSecond,
        Number,
        "Reconnects per second at this concurrency",
        ["sysbench"],
        SYSBENCH
    ),
    entry!(
        "bench.scale.<threads>.interval_tps",
        PerSecond,
        Series,
        "Per-interval throughput (tps, else events/s) during this run",
        ["sysbench"],
        "sysbench … --report-interval=10 run"
    ),
    entry!(
        "bench.scale.<threads>.disk_busy_pct",
        Percent,
        Number,
        "Disk busy share noted at this concurrency",
        ["scaling-table"],
        "a scaling table with a disk busy column"
    ),
    entry!(
        "bench.scale.<threads>.cpu_pct",
        Percent,
        Number,
        "CPU use noted at this concurrency",
        ["scaling-table"],
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

/// The catalog entry a concrete key matches, if any; a literal segment beats a label,
/// so `cpu.busiest.util_pct` is not read as CPU number "busiest".
pub fn lookup(key: &str) -> Option<&'static CatalogEntry> {
    CATALOG
        .iter()
        .filter(|e| pattern_matches(e.pattern, key))
        .min_by_key(|e| e.pattern.matches('<').count())
}

fn pattern_matches(pattern: &str, key: &str) -> bool {
    let mut p = pattern.split('.');
    let mut k = key.split('.');
    loop {
        match (p.next(), k.next()) {
            (None, None) => return true,
            (Some(ps), Some(ks)) => {
                let label = ps.starts_with('<') && ps.ends_with('>');
                if !(ks == ps || (label && !ks.is_empty())) {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_match_one_segment() {
        assert_eq!(
            lookup("disk.vdb.util_pct").unwrap().pattern,
            "disk.<dev>.util_pct"
        );
        assert_eq!(lookup("cpu.util_pct").unwrap().pattern, "cpu.util_pct");
        assert_eq!(
            lookup("disk.busiest.name").unwrap().pattern,
            "disk.busiest.name"
        );
        assert_eq!(
            lookup("bench.scale.256.tps").unwrap().pattern,
            "bench.scale.<threads>.tps"
        );
        assert!(lookup("disk.vdb.sdb.util_pct").is_none());
        assert!(lookup("nonsense").is_none());
    }

    #[test]
    fn specific_entries_come_before_label_patterns() {
        // `cpu.busiest.util_pct` must not be read as CPU number "busiest".
        assert_eq!(lookup("cpu.busiest.util_pct").unwrap().kind, Kind::Series);
        assert_eq!(lookup("cpu.busiest.util_pct").unwrap().tools, &["derived"]);
    }

    #[test]
    fn patterns_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for e in CATALOG {
            assert!(seen.insert(e.pattern), "duplicate {}", e.pattern);
        }
    }
}
