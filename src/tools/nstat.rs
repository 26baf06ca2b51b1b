//! nstat (iproute2): TCP and IP counters such as retransmits and listen-queue
//! overflows.

use super::Spec;
use super::collector::{Collector, IPROUTE2, Id, When};
use crate::parse::net::nstat::Nstat;

pub const SINCE_BOOT: &str =
    "nstat -az (since boot), or nstat -n before and nstat after the load (its change)";
pub const TWO_SNAPSHOTS: &str =
    "for i in 1 2; do date +%s; nstat -saz; sleep 60; done (two timed snapshots around the load)";

pub static SPEC: Spec = Spec {
    id: "nstat",
    parsers: &[&Nstat],
    captures: &[SINCE_BOOT, TWO_SNAPSHOTS],
    collectors: &[Collector {
        id: Id::Nstat,
        name: "nstat",
        what: "TCP and IP counters: segments, retransmits, listen-queue overflows, SYN cookies",
        when: When::StartAndEnd,
        command: "date +%s; nstat -asz",
        files: &["nstat.txt"],
        program: Some("nstat"),
        package: Some(IPROUTE2),
        needs_root: false,
        needs_process: false,
    }],
};
