//! sysctl -a: kernel tunables.

use super::Spec;
use crate::parse::os::sysctl::Sysctl;

pub const ALL: &str =
    "sysctl -a (as root), or the settings snapshot script in docs/settings-snapshot.md";

pub static SPEC: Spec = Spec {
    id: "sysctl",
    parsers: &[&Sysctl],
    captures: &[ALL],
    facts: &[
        "sysctl.<name*>",
        "os.numa_balancing",
        "os.swappiness",
        "os.zone_reclaim_mode",
        "os.nr_hugepages",
        "os.dirty_ratio_pct",
        "os.dirty_background_ratio_pct",
    ],
    collectors: &[],
};
