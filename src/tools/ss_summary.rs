//! ss -s: sockets in use and TCP states.

use super::Spec;
use super::collector::{Collector, IPROUTE2, Id, When};
use crate::tools::catalog::entry;

pub const SUMMARY: &str = "ss -s (while the load runs)";

pub static SPEC: Spec = Spec {
    id: "ss-summary",
    captures: &[SUMMARY],
    facts: &[&["net.sockets.total", "net.sockets.tcp_timewait"]],
    catalog: &[
        entry!(
            "net.sockets.tcp_allocated",
            Count,
            Series,
            "TCP sockets allocated, closed ones not yet freed included (ss -s TCP: N, /proc/net/sockstat alloc)",
            SUMMARY
        ),
        entry!(
            "net.sockets.tcp_estab",
            Count,
            Series,
            "TCP connections established (ss -s estab)",
            SUMMARY
        ),
        entry!(
            "net.sockets.tcp_closed",
            Count,
            Series,
            "TCP sockets allocated but closed (ss -s closed)",
            SUMMARY
        ),
        entry!(
            "net.sockets.tcp_orphaned",
            Count,
            Series,
            "TCP sockets no process holds any more, still sending or closing (ss -s orphaned)",
            SUMMARY
        ),
    ],
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
