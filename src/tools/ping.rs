//! ping: round trip between the application and the database host.

use super::Spec;
use crate::tools::catalog::entry;

pub const ROUND_TRIP: &str =
    "ping -c 20 <database host> from the application / load-generator host";

pub static SPEC: Spec = Spec {
    id: "ping",
    captures: &[ROUND_TRIP],
    facts: &[],
    catalog: &[
        entry!(
            "net.ping.<target>.rtt_min_ms",
            Milliseconds,
            Number,
            "Smallest ping round-trip time to the target",
            ROUND_TRIP
        ),
        entry!(
            "net.ping.<target>.rtt_avg_ms",
            Milliseconds,
            Number,
            "Average ping round-trip time to the target",
            ROUND_TRIP
        ),
        entry!(
            "net.ping.<target>.rtt_max_ms",
            Milliseconds,
            Number,
            "Largest ping round-trip time to the target",
            ROUND_TRIP
        ),
        entry!(
            "net.ping.<target>.rtt_mdev_ms",
            Milliseconds,
            Number,
            "Mean deviation of the ping round-trip times (iputils only)",
            ROUND_TRIP
        ),
        entry!(
            "net.ping.<target>.loss_pct",
            Percent,
            Number,
            "Share of pings without a reply",
            ROUND_TRIP
        ),
    ],
    collectors: &[],
};
