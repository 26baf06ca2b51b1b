//! gcc --version: the compiler on the host.

use super::Spec;
use crate::parse::process::gcc_version::GccVersion;

pub const GCC_VERSION: &str = "gcc --version";

pub static SPEC: Spec = Spec {
    id: "gcc-version",
    parsers: &[&GccVersion],
    captures: &[GCC_VERSION],
    facts: &[&["os.gcc_version", "os.gcc_major"]],
    collectors: &[],
};
