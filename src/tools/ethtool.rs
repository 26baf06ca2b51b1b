//! ethtool <interface>: NIC link speed, duplex and link state.

use super::Spec;
use super::collector::{Collector, ETHTOOL, Id, When};
use crate::parse::net::ethtool::Ethtool;

pub const LINK: &str = "ethtool <interface>";

pub static SPEC: Spec = Spec {
    id: "ethtool",
    parsers: &[&Ethtool],
    captures: &[LINK],
    facts: &[&["net.<if>.speed_mbps", "net.<if>.duplex", "net.<if>.link_up"]],
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
