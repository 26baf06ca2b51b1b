//! nstat (iproute2): TCP and IP counters such as retransmits and listen-queue
//! overflows.

use super::collector::{Collector, IPROUTE2, Id, When};
use super::{Spec, families};

pub const SINCE_BOOT: &str =
    "nstat -az (since boot), or nstat -n before and nstat after the load (its change)";
pub const TWO_SNAPSHOTS: &str =
    "for i in 1 2; do date +%s; nstat -saz; sleep 60; done (two timed snapshots around the load)";

/// The kernel's network counters, as nstat and netstat -s both give them.
pub const FACTS: &[&[&str]] = &[
    families::TCP_SEGMENTS,
    &[
        "net.tcp.listen_overflows_per_s",
        "net.tcp.listen_drops_per_s",
        "net.tcp.syncookies_sent_per_s",
        "net.tcp.syncookies_received_per_s",
        "net.tcp.syncookies_failed_per_s",
        "net.tcp.timeouts_per_s",
        "net.tcp.fast_retrans_per_s",
        "net.tcp.active_opens",
        "net.tcp.passive_opens",
        "net.tcp.segments_in",
        "net.tcp.segments_out",
        "net.tcp.attempt_fails",
        "net.tcp.established_resets",
        "net.tcp.retrans",
        "net.tcp.segments_in_errors",
        "net.tcp.resets_out",
        "net.tcp.listen_overflows",
        "net.tcp.listen_drops",
        "net.tcp.syncookies_sent",
        "net.tcp.syncookies_received",
        "net.tcp.syncookies_failed",
        "net.tcp.timeouts",
        "net.tcp.fast_retrans",
    ],
];

pub static SPEC: Spec = Spec {
    id: "nstat",
    captures: &[SINCE_BOOT, TWO_SNAPSHOTS],
    facts: FACTS,
    catalog: &[],
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
