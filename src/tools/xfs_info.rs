//! xfs_info: an XFS file system's block and sector sizes.

use super::Spec;
use crate::tools::catalog::entry;

pub const EACH_DATABASE_FS: &str = "xfs_info <mount point> for each database file system";

pub static SPEC: Spec = Spec {
    id: "xfs-info",
    captures: &[EACH_DATABASE_FS],
    facts: &[&["fs.<dev>.type"]],
    catalog: &[entry!(
        "fs.<dev>.block_size_kib",
        Kibibytes,
        Number,
        "XFS data block size (bsize= of the data section); the tuning guide matches it to the 8 KB database page",
        EACH_DATABASE_FS
    )],
    collectors: &[],
};
