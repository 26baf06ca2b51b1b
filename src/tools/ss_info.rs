//! ss -tin: round trip and retransmits per TCP connection.

use super::Spec;
use super::collector::{Collector, IPROUTE2, Id, When};
use crate::tools::catalog::entry;

pub const TCP_INFO: &str = "ss -tin (while the load runs; ss -tin dst <peer> for one peer)";

pub static SPEC: Spec = Spec {
    id: "ss-info",
    captures: &[TCP_INFO],
    facts: &[],
    catalog: &[
        entry!(
            "net.tcp.conn.count",
            Count,
            Number,
            "TCP connections ss -ti listed with their kernel state",
            TCP_INFO
        ),
        entry!(
            "net.tcp.conn.rtt_avg_ms",
            Milliseconds,
            Number,
            "Mean smoothed round trip of the listed TCP connections (ss -ti rtt:)",
            TCP_INFO
        ),
        entry!(
            "net.tcp.conn.rtt_max_ms",
            Milliseconds,
            Number,
            "Largest smoothed round trip among the listed TCP connections",
            TCP_INFO
        ),
        entry!(
            "net.tcp.conn.retrans",
            Count,
            Number,
            "Segments the listed TCP connections retransmitted over their lifetimes (ss -ti retrans:A/B, B summed)",
            TCP_INFO
        ),
        entry!(
            "net.tcp.conn.segments_out",
            Count,
            Number,
            "Segments the listed TCP connections sent over their lifetimes, retransmissions included (ss -ti segs_out:)",
            TCP_INFO
        ),
        entry!(
            "net.tcp.conn.retrans_pct",
            Percent,
            Number,
            "Retransmitted share of the segments the listed TCP connections sent over their lifetimes (not over the capture)",
            TCP_INFO
        ),
        entry!(
            "net.tcp.conn.most_retrans_peer",
            None,
            Text,
            "Peer address:port of the listed TCP connection that retransmitted most",
            TCP_INFO
        ),
    ],
    collectors: &[Collector {
        id: Id::TcpSockets,
        name: "ss-tcp",
        what: "round trip and retransmits of every TCP connection",
        when: When::UnderLoad,
        command: "ss -tin",
        files: &["ss_tcp.txt"],
        program: Some("ss"),
        package: Some(IPROUTE2),
        needs_root: false,
        needs_process: false,
    }],
};
