//! Every parser perfsage has, in the order that breaks ties when two recognise the same
//! file: benchmarks first, then sysstat and its stand-ins, topology, the OS and network,
//! processes, profiles, database configuration and logs. Each parser names its tool
//! (`tool()`), whose spec in `crate::tools` holds the rest of what perfsage knows about
//! it; adding a tool is its spec, its parser listed here, a fixture and a test.

use super::CaptureParser;
use super::{activity, bench, dbconf, dblog, net, os, process, profile, topology};

/// The parsers, in tie-breaking order.
static PARSERS: &[&dyn CaptureParser] = &[
    // Benchmarks.
    &bench::sysbench::Sysbench,
    &bench::scaling_table::ScalingTable,
    &bench::benchmarksql::Benchmarksql,
    &bench::benchmarksql_props::BenchmarksqlProps,
    // sysstat and friends.
    &activity::mpstat::Mpstat,
    &activity::sysstat_json::MpstatJson,
    &activity::pidstat::Pidstat,
    &activity::top::Top,
    &activity::iostat::Iostat,
    &activity::sysstat_json::IostatJson,
    // (sysstat's stand-in: perfsage capture's own /proc samples.)
    &activity::proc_samples::ProcSamples,
    &activity::vmstat::Vmstat,
    &activity::vmstat_disk::VmstatDisk,
    &activity::sar::Sar,
    &activity::sadf_json::SadfJson,
    &activity::sadf_csv::SadfCsv,
    &activity::nmon::Nmon,
    &activity::fio::Fio,
    // CPU topology, NUMA, memory.
    &topology::lscpu::Lscpu,
    &topology::cpuinfo::Cpuinfo,
    &topology::numactl::Numactl,
    &topology::numastat::Numastat,
    &topology::dmidecode::Dmidecode,
    &topology::meminfo::Meminfo,
    &topology::free::Free,
    // Operating system and network settings and counters.
    &os::sysctl::Sysctl,
    &os::settings_snapshot::SettingsSnapshot,
    &os::xfs_info::XfsInfo,
    &os::mounts::Mounts,
    &os::df::Df,
    &os::uname::Uname,
    &os::dmesg::Dmesg,
    &os::psi::Psi,
    &os::proc_vmstat::ProcVmstat,
    &os::cgroup::Cgroup,
    &os::load_average::Uptime,
    &os::load_average::Loadavg,
    &net::ethtool::Ethtool,
    &net::ethtool_driver::EthtoolDriver,
    &net::ethtool_features::EthtoolFeatures,
    &net::ethtool_channels::EthtoolChannels,
    &os::interrupts::Interrupts,
    &net::ping::Ping,
    &net::proc_net_dev::ProcNetDev,
    &net::nstat::Nstat,
    &net::netstat_stats::NetstatStats,
    &net::ss_summary::SsSummary,
    &net::ss_info::SsInfo,
    // Processes and builds.
    &process::proc_status::ProcStatus,
    &process::build_info::BuildInfo,
    &process::gcc_version::GccVersion,
    // Profiles.
    &profile::perf_report::PerfReport,
    &profile::perf_top::PerfTop,
    &profile::perf_script::PerfScript,
    &profile::folded::Folded,
    &profile::perf_stat::PerfStat,
    &profile::perf_annotate::PerfAnnotate,
    // Database configuration and server logs.
    &dbconf::dm_ini::DmIni,
    &dbconf::postgresql_conf::PostgresqlConf,
    &dbconf::my_cnf::MyCnf,
    &dblog::postgresql_log::PostgresqlLog,
    &dblog::mysql_error_log::MysqlErrorLog,
];

/// Every parser perfsage has, in the order ties are broken.
pub fn parsers() -> &'static [&'static dyn CaptureParser] {
    PARSERS
}
