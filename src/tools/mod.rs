//! One spec per tool perfsage reads: its id (the name facts cite as their source and
//! its parsers return as `tool()`), the commands a consultant runs to capture it, the
//! catalog entries of the facts only it gives, the shared facts it gives too, and the
//! collectors `perfsage capture` runs for it. The collector table, the fact catalog
//! (`catalog`) and its tools column, `capture --check` and "capture next" are all taken
//! from here, so a tool's knowledge lives in one file. The specs come first in the
//! input pipeline: parsers (`crate::parse`) name their spec; no spec names a parser.
//!
//! Adding a tool: a spec file here listed in `SPECS` (its own facts' catalog entries in
//! `catalog`, the patterns of facts other sources give too in `facts`), a parser under
//! `src/parse/<domain>/` listed in `parse::registry`, a fixture and a test.

use crate::tools::catalog::CatalogEntry;

pub mod catalog;
pub mod collector;
pub mod families;

pub mod benchmarksql;
pub mod benchmarksql_props;
pub mod build_info;
pub mod cgroup;
pub mod cpuinfo;
pub mod df;
pub mod dm_ini;
pub mod dmesg;
pub mod dmidecode;
pub mod ethtool;
pub mod ethtool_channels;
pub mod ethtool_driver;
pub mod ethtool_features;
pub mod fio;
pub mod folded;
pub mod free;
pub mod gcc_version;
pub mod interrupts;
pub mod iostat;
pub mod loadavg;
pub mod lscpu;
pub mod meminfo;
pub mod mounts;
pub mod mpstat;
pub mod my_cnf;
pub mod mysql_error_log;
pub mod netstat_s;
pub mod nmon;
pub mod nstat;
pub mod numactl;
pub mod numastat;
pub mod perf_annotate;
pub mod perf_report;
pub mod perf_script;
pub mod perf_stat;
pub mod perf_top;
pub mod pidstat;
pub mod ping;
pub mod postgresql_conf;
pub mod postgresql_log;
pub mod proc_net_dev;
pub mod proc_samples;
pub mod proc_status;
pub mod proc_vmstat;
pub mod psi;
pub mod sadf;
pub mod sar;
pub mod scaling_table;
pub mod settings_snapshot;
pub mod ss_info;
pub mod ss_summary;
pub mod sysbench;
pub mod sysctl;
pub mod top;
pub mod uname;
pub mod uptime;
pub mod vmstat;
pub mod xfs_info;

pub use collector::Collector;

/// What perfsage knows about one tool.
pub struct Spec {
    /// The tool's name in provenance, the catalog and reports (`mpstat`, `perf-report`).
    pub id: &'static str,
    /// The commands that capture its output, as the fact catalog cites them.
    pub captures: &'static [&'static str],
    /// The patterns of catalog entries other sources give too that its parsers emit,
    /// in groups (`families` holds the groups several tools share; the entries live
    /// in the catalog's domain files).
    pub facts: &'static [&'static [&'static str]],
    /// The catalog entries of the facts only this tool gives. With `facts`, what
    /// `facts --catalog` lists the tool under; a test holds every fact a fixture
    /// yields to these.
    pub catalog: &'static [CatalogEntry],
    /// What `perfsage capture` runs for it (none when it cannot be run unattended).
    pub collectors: &'static [Collector],
}

impl Spec {
    /// Every catalog pattern the tool supplies.
    pub fn supplies(&self) -> impl Iterator<Item = &'static str> {
        self.facts
            .iter()
            .flat_map(|group| group.iter().copied())
            .chain(self.catalog.iter().map(|e| e.pattern))
    }
}

/// Every tool, in the order parsers break ties when two recognise the same file.
static SPECS: &[&Spec] = &[
    // Benchmarks.
    &sysbench::SPEC,
    &scaling_table::SPEC,
    &benchmarksql::SPEC,
    &benchmarksql_props::SPEC,
    // sysstat and friends.
    &mpstat::SPEC,
    &pidstat::SPEC,
    &top::SPEC,
    &iostat::SPEC,
    // (sysstat's stand-in: perfsage capture's own /proc samples.)
    &proc_samples::SPEC,
    &vmstat::SPEC,
    &sar::SPEC,
    &sadf::SPEC,
    &nmon::SPEC,
    &fio::SPEC,
    // CPU topology, NUMA, memory.
    &lscpu::SPEC,
    &cpuinfo::SPEC,
    &numactl::SPEC,
    &numastat::SPEC,
    &dmidecode::SPEC,
    &meminfo::SPEC,
    &free::SPEC,
    // Operating system and network settings and counters.
    &sysctl::SPEC,
    &settings_snapshot::SPEC,
    &xfs_info::SPEC,
    &mounts::SPEC,
    &df::SPEC,
    &uname::SPEC,
    &dmesg::SPEC,
    &psi::SPEC,
    &proc_vmstat::SPEC,
    &cgroup::SPEC,
    &uptime::SPEC,
    &loadavg::SPEC,
    &ethtool::SPEC,
    &ethtool_driver::SPEC,
    &ethtool_features::SPEC,
    &ethtool_channels::SPEC,
    &interrupts::SPEC,
    &ping::SPEC,
    &proc_net_dev::SPEC,
    &nstat::SPEC,
    &netstat_s::SPEC,
    &ss_summary::SPEC,
    &ss_info::SPEC,
    // Processes and builds.
    &proc_status::SPEC,
    &build_info::SPEC,
    &gcc_version::SPEC,
    // Profiles.
    &perf_report::SPEC,
    &perf_top::SPEC,
    &perf_script::SPEC,
    &folded::SPEC,
    &perf_stat::SPEC,
    &perf_annotate::SPEC,
    // Database configuration and server logs.
    &dm_ini::SPEC,
    &postgresql_conf::SPEC,
    &my_cnf::SPEC,
    &postgresql_log::SPEC,
    &mysql_error_log::SPEC,
];

/// Every tool's spec.
pub fn specs() -> &'static [&'static Spec] {
    SPECS
}

/// The spec of the tool named `id`, if perfsage reads it.
pub fn spec(id: &str) -> Option<&'static Spec> {
    SPECS.iter().copied().find(|s| s.id == id)
}
