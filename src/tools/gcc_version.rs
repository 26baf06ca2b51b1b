//! gcc --version: the compiler on the host.

use super::Spec;
use crate::tools::catalog::entry;

pub const GCC_VERSION: &str = "gcc --version";

pub static SPEC: Spec = Spec {
    id: "gcc-version",
    captures: &[GCC_VERSION],
    facts: &[],
    catalog: &[
        entry!(
            "os.gcc_version",
            None,
            Text,
            "Version of the system's gcc",
            GCC_VERSION
        ),
        entry!(
            "os.gcc_major",
            None,
            Number,
            "Major version of the system's gcc",
            GCC_VERSION
        ),
    ],
    collectors: &[],
};
