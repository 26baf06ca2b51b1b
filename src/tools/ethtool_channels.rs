//! ethtool -l: a NIC's queues (channels), current and maximum.

use super::Spec;
use crate::tools::catalog::entry;

pub const QUEUES: &str = "ethtool -l <interface>";

pub static SPEC: Spec = Spec {
    id: "ethtool-channels",
    captures: &[QUEUES],
    facts: &[],
    catalog: &[
        entry!(
            "net.<if>.combined_max",
            Count,
            Number,
            "Most combined (RX+TX) queue channels the NIC supports",
            QUEUES
        ),
        entry!(
            "net.<if>.combined",
            Count,
            Number,
            "Combined (RX+TX) queue channels in use (the tuning guide sets 48 on the client, 12 on a 128-core server)",
            QUEUES
        ),
    ],
    collectors: &[],
};
