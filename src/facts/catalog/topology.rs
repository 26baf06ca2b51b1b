//! CPU and NUMA topology beyond lscpu: /proc/cpuinfo, numactl --hardware, numastat.

use super::CatalogEntry;

pub static ENTRIES: &[CatalogEntry] = &[];
