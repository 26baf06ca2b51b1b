//! mount or /proc/mounts: which device and file system each directory lives on.

use super::Spec;
use crate::parse::os::mounts::Mounts;

pub const MOUNT: &str = "mount (or cat /proc/mounts)";

pub static SPEC: Spec = Spec {
    id: "mounts",
    parsers: &[&Mounts],
    captures: &[MOUNT],
    facts: &[&["fs.<dev>.type", "fs.<dev>.mount_point", "fs.<dev>.options"]],
    collectors: &[],
};
