//! CPU hotspots from perf report, perf top, perf script and folded stacks.

use super::CatalogEntry;

pub static ENTRIES: &[CatalogEntry] = &[];
