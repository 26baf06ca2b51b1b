//! Memory inventory and state: DIMMs (dmidecode), /proc/meminfo, free.

use super::CatalogEntry;

pub static ENTRIES: &[CatalogEntry] = &[];
