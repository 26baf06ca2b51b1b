//! Network interfaces and their settings: ethtool, /proc/interrupts, ping.

use super::CatalogEntry;

pub static ENTRIES: &[CatalogEntry] = &[];
