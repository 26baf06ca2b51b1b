//! df -h and df -i: space and inodes used per file system.

use super::collector::{COREUTILS, Collector, Id, When};
use super::{Spec, families};
use crate::tools::catalog::entry;

pub const SPACE_AND_INODES: &str = "df -h; df -i (both tables may share one file)";
pub const INODES: &str = "df -i";

pub static SPEC: Spec = Spec {
    id: "df",
    captures: &[SPACE_AND_INODES, INODES],
    facts: &[
        families::FILESYSTEM_USAGE,
        &["fs.<dev>.type", "fs.<dev>.mount_point"],
    ],
    catalog: &[
        entry!(
            "fs.<dev>.size_kib",
            Kibibytes,
            Number,
            "Size of the file system (df's Size or its blocks × block size; human sizes read as powers of 1024)",
            SPACE_AND_INODES
        ),
        entry!(
            "fs.<dev>.avail_kib",
            Kibibytes,
            Number,
            "Space still free for ordinary users (df's Avail)",
            SPACE_AND_INODES
        ),
        entry!(
            "fs.<dev>.inodes",
            Count,
            Number,
            "Inodes of the file system (df -i Inodes)",
            INODES
        ),
    ],
    collectors: &[Collector {
        id: Id::Df,
        name: "df",
        what: "space and inodes used per file system",
        when: When::AtStart,
        command: "df -h; df -i",
        files: &["df.txt"],
        program: Some("df"),
        package: Some(COREUTILS),
        needs_root: false,
        needs_process: false,
    }],
};
