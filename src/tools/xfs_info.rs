//! xfs_info: an XFS file system's block and sector sizes.

use super::Spec;
use crate::parse::os::xfs_info::XfsInfo;

pub const EACH_DATABASE_FS: &str = "xfs_info <mount point> for each database file system";

pub static SPEC: Spec = Spec {
    id: "xfs-info",
    parsers: &[&XfsInfo],
    captures: &[EACH_DATABASE_FS],
    facts: &[&["fs.<dev>.type", "fs.<dev>.block_size_kib"]],
    collectors: &[],
};
