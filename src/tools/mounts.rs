//! mount or /proc/mounts: which device and file system each directory lives on.

use super::Spec;
use crate::tools::catalog::entry;

pub const MOUNT: &str = "mount (or cat /proc/mounts)";

pub static SPEC: Spec = Spec {
    id: "mounts",
    captures: &[MOUNT],
    facts: &[&["fs.<dev>.type", "fs.<dev>.mount_point"]],
    catalog: &[entry!(
        "fs.<dev>.options",
        None,
        Text,
        "Mount options of the device, e.g. rw,noatime,inode64",
        MOUNT
    )],
    collectors: &[],
};
