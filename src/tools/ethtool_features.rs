//! ethtool -k: a NIC's offloads.

use super::Spec;
use crate::parse::net::ethtool_features::EthtoolFeatures;

pub const OFFLOADS: &str = "ethtool -k <interface>";

pub static SPEC: Spec = Spec {
    id: "ethtool-features",
    parsers: &[&EthtoolFeatures],
    captures: &[OFFLOADS],
    collectors: &[],
};
