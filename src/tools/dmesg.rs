//! The kernel log (dmesg, journalctl -k): OOM kills, I/O errors, hung tasks, lockups,
//! NIC and hardware errors.

use super::Spec;
use super::collector::{Collector, Id, UTIL_LINUX, When};
use crate::parse::os::dmesg::Dmesg;

pub const WHOLE_LOG: &str = "dmesg --time-format iso (as root; dmesg, dmesg -T or journalctl -k -b also do, but only ISO times with a zone can be placed in the capture window), saved right after the load ran, the whole log and not a grep";

pub static SPEC: Spec = Spec {
    id: "dmesg",
    parsers: &[&Dmesg],
    captures: &[WHOLE_LOG],
    collectors: &[Collector {
        id: Id::Dmesg,
        name: "dmesg",
        what: "the kernel log: OOM kills, I/O errors, hung tasks, lockups, NIC and hardware errors",
        when: When::AtEnd,
        command: "dmesg --time-format iso",
        files: &["dmesg.txt"],
        program: Some("dmesg"),
        package: Some(UTIL_LINUX),
        needs_root: false,
        needs_process: false,
    }],
};
