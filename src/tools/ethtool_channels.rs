//! ethtool -l: a NIC's queues (channels), current and maximum.

use super::Spec;
use crate::parse::net::ethtool_channels::EthtoolChannels;

pub const QUEUES: &str = "ethtool -l <interface>";

pub static SPEC: Spec = Spec {
    id: "ethtool-channels",
    parsers: &[&EthtoolChannels],
    captures: &[QUEUES],
    facts: &[&["net.<if>.combined_max", "net.<if>.combined"]],
    collectors: &[],
};
