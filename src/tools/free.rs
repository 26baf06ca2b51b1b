//! free (procps): memory and swap totals and use.

use super::{Spec, families};
use crate::parse::topology::free::Free;

pub static SPEC: Spec = Spec {
    id: "free",
    parsers: &[&Free],
    captures: &[],
    facts: &[
        families::MEMORY_TOTALS,
        &["mem.free_kib", "mem.available_kib"],
    ],
    catalog: &[],
    collectors: &[],
};
