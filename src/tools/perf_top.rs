//! perf top output saved as text: the hottest functions of the moment.

use super::{Spec, families};

pub static SPEC: Spec = Spec {
    id: "perf-top",
    captures: &[],
    facts: &[families::HOTSPOTS, &["perf.event", "hotspot.<rank>.dso"]],
    catalog: &[],
    collectors: &[],
};
