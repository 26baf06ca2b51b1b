//! ss -tin: round trip and retransmits per TCP connection.

use super::Spec;
use super::collector::{Collector, IPROUTE2, Id, When};
use crate::parse::net::ss_info::SsInfo;

pub const TCP_INFO: &str = "ss -tin (while the load runs; ss -tin dst <peer> for one peer)";

pub static SPEC: Spec = Spec {
    id: "ss-info",
    parsers: &[&SsInfo],
    captures: &[TCP_INFO],
    facts: &[&[
        "net.tcp.conn.count",
        "net.tcp.conn.rtt_avg_ms",
        "net.tcp.conn.rtt_max_ms",
        "net.tcp.conn.retrans",
        "net.tcp.conn.segments_out",
        "net.tcp.conn.retrans_pct",
        "net.tcp.conn.most_retrans_peer",
    ]],
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
