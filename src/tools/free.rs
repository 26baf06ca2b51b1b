//! free (procps): memory and swap totals and use.

use super::{Spec, families};

pub static SPEC: Spec = Spec {
    id: "free",
    captures: &[],
    facts: &[
        families::MEMORY_TOTALS,
        &["mem.free_kib", "mem.available_kib"],
    ],
    catalog: &[],
    collectors: &[],
};
