//! CPU, NUMA and memory hardware: lscpu, /proc/cpuinfo, numactl, numastat, dmidecode,
//! /proc/meminfo, free.

pub mod cpuinfo;
pub mod dmidecode;
pub mod free;
pub mod lscpu;
pub mod meminfo;
pub mod numactl;
pub mod numastat;
