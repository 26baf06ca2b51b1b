//! Database configuration parameters (dm.ini, postgresql.conf, my.cnf) as db.param.<name>.

use super::CatalogEntry;

pub static ENTRIES: &[CatalogEntry] = &[];
