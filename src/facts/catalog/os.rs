//! Operating-system settings: sysctl, /sys and /proc snapshots, file systems, kernel.

use super::CatalogEntry;

pub static ENTRIES: &[CatalogEntry] = &[];
