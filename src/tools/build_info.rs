//! readelf -p .comment of a binary: the compiler and flags it was built with.

use super::Spec;
use crate::tools::catalog::entry;

pub const READELF: &str = "readelf -p .comment <database binary> (and readelf -p .GCC.command.line <binary> when built with -frecord-gcc-switches)";

pub static SPEC: Spec = Spec {
    id: "build-info",
    captures: &[READELF],
    facts: &[],
    catalog: &[
        entry!(
            "build.gcc_version",
            None,
            Text,
            "Newest GCC that compiled objects of the binary",
            READELF
        ),
        entry!(
            "build.gcc_major",
            None,
            Number,
            "Major version of build.gcc_version",
            READELF
        ),
        entry!(
            "build.compile_flags",
            None,
            Text,
            "Compiler switches recorded in the binary",
            READELF
        ),
        entry!(
            "build.binary",
            None,
            Text,
            "The binary readelf looked at",
            READELF
        ),
    ],
    collectors: &[],
};
