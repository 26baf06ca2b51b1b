//! ethtool -i: a NIC's driver and firmware.

use super::Spec;
use crate::parse::net::ethtool_driver::EthtoolDriver;

pub const DRIVER: &str =
    "ethtool -i <interface> (in a transcript that shows the command, so the interface is known)";

pub static SPEC: Spec = Spec {
    id: "ethtool-driver",
    parsers: &[&EthtoolDriver],
    captures: &[DRIVER],
    facts: &[&[
        "net.<if>.driver",
        "net.<if>.driver_version",
        "net.<if>.firmware_version",
        "net.<if>.bus_info",
    ]],
    collectors: &[],
};
