//! perf top output saved as text: the hottest functions of the moment.

use super::{Spec, families};
use crate::parse::profile::perf_top::PerfTop;

pub static SPEC: Spec = Spec {
    id: "perf-top",
    parsers: &[&PerfTop],
    captures: &[],
    facts: &[families::HOTSPOTS, &["perf.event", "hotspot.<rank>.dso"]],
    catalog: &[],
    collectors: &[],
};
