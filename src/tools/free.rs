//! free (procps): memory and swap totals and use.

use super::Spec;
use crate::parse::topology::free::Free;

pub static SPEC: Spec = Spec {
    id: "free",
    parsers: &[&Free],
    captures: &[],
    facts: &[
        "mem.free_kib",
        "mem.available_kib",
        "mem.total_kib",
        "mem.swap_total_kib",
        "mem.swap_used_kib",
    ],
    collectors: &[],
};
