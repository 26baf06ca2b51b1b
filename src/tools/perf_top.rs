//! perf top output saved as text: the hottest functions of the moment.

use super::Spec;
use crate::parse::profile::perf_top::PerfTop;

pub static SPEC: Spec = Spec {
    id: "perf-top",
    parsers: &[&PerfTop],
    captures: &[],
    facts: &[
        "perf.event",
        "hotspot.count",
        "hotspot.<rank>.symbol",
        "hotspot.<rank>.dso",
        "hotspot.<rank>.kernel",
        "hotspot.<rank>.self_pct",
        "hotspot.<rank>.total_pct",
    ],
    collectors: &[],
};
