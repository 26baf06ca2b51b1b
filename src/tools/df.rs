//! df -h and df -i: space and inodes used per file system.

use super::Spec;
use super::collector::{COREUTILS, Collector, Id, When};
use crate::parse::os::df::Df;

pub const SPACE_AND_INODES: &str = "df -h; df -i (both tables may share one file)";
pub const INODES: &str = "df -i";

pub static SPEC: Spec = Spec {
    id: "df",
    parsers: &[&Df],
    captures: &[SPACE_AND_INODES, INODES],
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
