//! BenchmarkSQL / jTPCC results and their configuration (props file).

use super::CatalogEntry;

pub static ENTRIES: &[CatalogEntry] = &[];
