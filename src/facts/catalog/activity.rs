//! Activity over time from vmstat, sar, nmon and fio: run queue, memory use, paging, network throughput, benchmark I/O.

use super::CatalogEntry;

pub static ENTRIES: &[CatalogEntry] = &[];
