//! Parser tests: each real fixture against the facts it must yield (values worked out
//! from the fixture by hand), plus empty, garbage and truncated input.

mod reading;

// Benchmarks.
mod scaling_table;
mod sysbench;
// (BenchmarkSQL.)

// sysstat and friends.
mod iostat;
mod mpstat;
// (vmstat, sar, nmon, fio.)
mod fio;
mod nmon;
mod sar;
mod vmstat;

// CPU topology, NUMA, memory.
mod lscpu;
// (cpuinfo, numactl, numastat, dmidecode, meminfo, free.)

// Operating system and network settings.
// (sysctl, settings snapshot, xfs_info, mount, uname, ethtool, interrupts, ping.)

// Profiles.
// (perf report / top / script, folded stacks.)

// Database configuration.
// (dm.ini, postgresql.conf, my.cnf.)
