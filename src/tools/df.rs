//! df -h and df -i: space and inodes used per file system.

use super::collector::{COREUTILS, Collector, Id, When};
use super::{Spec, families};
use crate::parse::os::df::Df;

pub const SPACE_AND_INODES: &str = "df -h; df -i (both tables may share one file)";
pub const INODES: &str = "df -i";

pub static SPEC: Spec = Spec {
    id: "df",
    parsers: &[&Df],
    captures: &[SPACE_AND_INODES, INODES],
    facts: &[
        families::FILESYSTEM_USAGE,
        &[
            "fs.<dev>.type",
            "fs.<dev>.mount_point",
            "fs.<dev>.size_kib",
            "fs.<dev>.avail_kib",
            "fs.<dev>.inodes",
        ],
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
