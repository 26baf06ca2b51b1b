//! How the software was built: the compiler named in the binary and recorded switches,
//! and the system compiler.

use super::CatalogEntry;
use crate::tools::{build_info, gcc_version};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "build.gcc_version",
        None,
        Text,
        "Newest GCC that compiled objects of the binary",
        build_info::READELF
    ),
    entry!(
        "build.gcc_major",
        None,
        Number,
        "Major version of build.gcc_version",
        build_info::READELF
    ),
    entry!(
        "build.compile_flags",
        None,
        Text,
        "Compiler switches recorded in the binary",
        build_info::READELF
    ),
    entry!(
        "build.binary",
        None,
        Text,
        "The binary readelf looked at",
        build_info::READELF
    ),
    entry!(
        "os.gcc_version",
        None,
        Text,
        "Version of the system's gcc",
        gcc_version::GCC_VERSION
    ),
    entry!(
        "os.gcc_major",
        None,
        Number,
        "Major version of the system's gcc",
        gcc_version::GCC_VERSION
    ),
];
