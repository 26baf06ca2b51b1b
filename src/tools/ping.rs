//! ping: round trip between the application and the database host.

use super::Spec;
use crate::parse::net::ping::Ping;

pub const ROUND_TRIP: &str =
    "ping -c 20 <database host> from the application / load-generator host";

pub static SPEC: Spec = Spec {
    id: "ping",
    parsers: &[&Ping],
    captures: &[ROUND_TRIP],
    facts: &[&[
        "net.ping.<target>.rtt_min_ms",
        "net.ping.<target>.rtt_avg_ms",
        "net.ping.<target>.rtt_max_ms",
        "net.ping.<target>.rtt_mdev_ms",
        "net.ping.<target>.loss_pct",
    ]],
    collectors: &[],
};
