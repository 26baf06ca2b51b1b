//! ethtool -k: a NIC's offloads.

use super::Spec;
use crate::tools::catalog::entry;

pub const OFFLOADS: &str = "ethtool -k <interface>";

pub static SPEC: Spec = Spec {
    id: "ethtool-features",
    captures: &[OFFLOADS],
    facts: &[],
    catalog: &[
        entry!(
            "net.<if>.tso",
            None,
            Flag,
            "TCP segmentation offload is on",
            OFFLOADS
        ),
        entry!(
            "net.<if>.gso",
            None,
            Flag,
            "Generic segmentation offload is on",
            OFFLOADS
        ),
        entry!(
            "net.<if>.gro",
            None,
            Flag,
            "Generic receive offload is on",
            OFFLOADS
        ),
        entry!(
            "net.<if>.lro",
            None,
            Flag,
            "Large receive offload is on",
            OFFLOADS
        ),
        entry!(
            "net.<if>.tso_fixed",
            None,
            Flag,
            "The driver does not let TSO change ([fixed])",
            OFFLOADS
        ),
        entry!(
            "net.<if>.gso_fixed",
            None,
            Flag,
            "The driver does not let GSO change ([fixed])",
            OFFLOADS
        ),
        entry!(
            "net.<if>.gro_fixed",
            None,
            Flag,
            "The driver does not let GRO change ([fixed])",
            OFFLOADS
        ),
        entry!(
            "net.<if>.lro_fixed",
            None,
            Flag,
            "The driver does not let LRO change ([fixed])",
            OFFLOADS
        ),
    ],
    collectors: &[],
};
