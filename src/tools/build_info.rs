//! readelf -p .comment of a binary: the compiler and flags it was built with.

use super::Spec;
use crate::parse::process::build_info::BuildInfo;

pub const READELF: &str = "readelf -p .comment <database binary> (and readelf -p .GCC.command.line <binary> when built with -frecord-gcc-switches)";

pub static SPEC: Spec = Spec {
    id: "build-info",
    parsers: &[&BuildInfo],
    captures: &[READELF],
    facts: &[&[
        "build.gcc_version",
        "build.gcc_major",
        "build.compile_flags",
        "build.binary",
    ]],
    collectors: &[],
};
