//! Parser tests: each real fixture against the facts it must yield (values worked out
//! from the fixture by hand), plus empty, garbage and truncated input.

mod reading;

// Benchmarks.
mod scaling_table;
mod sysbench;
// (BenchmarkSQL.)
mod benchmarksql;
mod benchmarksql_props;

// sysstat and friends.
mod iostat;
mod mpstat;
// (vmstat, sar, nmon, fio.)
mod fio;
mod nmon;
mod proc_samples;
mod sar;
mod vmstat;

// CPU topology, NUMA, memory.
mod cpuinfo;
mod dmidecode;
mod free;
mod lscpu;
mod meminfo;
mod numactl;
mod numastat;

// Operating system and network settings.
// (sysctl, settings snapshot, xfs_info, mount, uname, dmesg, ethtool, interrupts, ping.)
mod dmesg;
mod ethtool;
mod ethtool_channels;
mod ethtool_driver;
mod ethtool_features;
mod interrupts;
mod mounts;
mod ping;
mod settings_snapshot;
mod sysctl;
mod uname;
mod xfs_info;

// Processes and builds.
mod build_info;
mod proc_status;

// Profiles.
// (perf report / top / script, folded stacks.)
mod folded;
mod perf_report;
mod perf_script;
mod perf_top;

// Database configuration.
// (dm.ini, postgresql.conf, my.cnf.)
mod dm_ini;
mod my_cnf;
mod postgresql_conf;
