//! ethtool <interface>: NIC link speed, duplex and link state.

use super::Spec;
use super::collector::{Collector, ETHTOOL, Id, When};
use crate::tools::catalog::entry;

pub const LINK: &str = "ethtool <interface>";

pub static SPEC: Spec = Spec {
    id: "ethtool",
    captures: &[LINK],
    facts: &[],
    catalog: &[
        entry!(
            "net.<if>.speed_mbps",
            MegabitsPerSecond,
            Number,
            "Negotiated link speed (absent when the driver reports none, as virtual NICs do)",
            LINK
        ),
        entry!(
            "net.<if>.duplex",
            None,
            Text,
            "Link duplex: full or half",
            LINK
        ),
        entry!(
            "net.<if>.link_up",
            None,
            Flag,
            "The interface has a link (Link detected: yes)",
            LINK
        ),
    ],
    collectors: &[Collector {
        id: Id::Ethtool,
        name: "ethtool",
        what: "NIC link, driver, offloads and queues, per physical interface",
        when: When::AtStart,
        command: "ethtool <if>; ethtool -i <if>; ethtool -k <if>; ethtool -l <if>",
        files: &["ethtool.txt"],
        program: Some("ethtool"),
        package: Some(ETHTOOL),
        needs_root: false,
        needs_process: false,
    }],
};
