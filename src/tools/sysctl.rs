//! sysctl -a: kernel tunables.

use super::{Spec, families};

pub const ALL: &str =
    "sysctl -a (as root), or the settings snapshot script in docs/settings-snapshot.md";

pub static SPEC: Spec = Spec {
    id: "sysctl",
    captures: &[ALL],
    facts: &[families::KERNEL_SETTINGS],
    catalog: &[],
    collectors: &[],
};
