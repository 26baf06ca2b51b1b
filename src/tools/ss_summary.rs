//! ss -s: sockets in use and TCP states.

use super::Spec;
use super::collector::{Collector, IPROUTE2, Id, When};
use crate::parse::net::ss_summary::SsSummary;

pub const SUMMARY: &str = "ss -s (while the load runs)";

pub static SPEC: Spec = Spec {
    id: "ss-summary",
    parsers: &[&SsSummary],
    captures: &[SUMMARY],
    facts: &[&[
        "net.sockets.total",
        "net.sockets.tcp_timewait",
        "net.sockets.tcp_allocated",
        "net.sockets.tcp_estab",
        "net.sockets.tcp_closed",
        "net.sockets.tcp_orphaned",
    ]],
    collectors: &[Collector {
        id: Id::SocketSummary,
        name: "ss-summary",
        what: "sockets in use and TCP states (TIME-WAIT, orphans)",
        when: When::StartAndEnd,
        command: "date +%s; ss -s",
        files: &["ss_summary.txt"],
        program: Some("ss"),
        package: Some(IPROUTE2),
        needs_root: false,
        needs_process: false,
    }],
};
