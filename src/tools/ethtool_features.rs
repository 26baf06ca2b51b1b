//! ethtool -k: a NIC's offloads.

use super::Spec;
use crate::parse::net::ethtool_features::EthtoolFeatures;

pub const OFFLOADS: &str = "ethtool -k <interface>";

pub static SPEC: Spec = Spec {
    id: "ethtool-features",
    parsers: &[&EthtoolFeatures],
    captures: &[OFFLOADS],
    facts: &[&[
        "net.<if>.tso",
        "net.<if>.gso",
        "net.<if>.gro",
        "net.<if>.lro",
        "net.<if>.tso_fixed",
        "net.<if>.gso_fixed",
        "net.<if>.gro_fixed",
        "net.<if>.lro_fixed",
    ]],
    collectors: &[],
};
