//! CPU, NUMA and memory hardware parsers against their real fixtures.

mod cpuinfo;
mod dmidecode;
mod free;
mod lscpu;
mod meminfo;
mod numactl;
mod numastat;
