//! ethtool -i: a NIC's driver and firmware.

use super::Spec;
use crate::tools::catalog::entry;

pub const DRIVER: &str =
    "ethtool -i <interface> (in a transcript that shows the command, so the interface is known)";

pub static SPEC: Spec = Spec {
    id: "ethtool-driver",
    captures: &[DRIVER],
    facts: &[],
    catalog: &[
        entry!(
            "net.<if>.driver",
            None,
            Text,
            "NIC driver, e.g. hinic for the Huawei Hi1822 (<if> is the PCI address when the capture does not name the interface)",
            DRIVER
        ),
        entry!(
            "net.<if>.driver_version",
            None,
            Text,
            "NIC driver version",
            DRIVER
        ),
        entry!(
            "net.<if>.firmware_version",
            None,
            Text,
            "NIC firmware version (the tuning guide's known-good Hi1822 firmware is 2.4.1.0)",
            DRIVER
        ),
        entry!(
            "net.<if>.bus_info",
            None,
            Text,
            "PCI address of the NIC, e.g. 0000:03:00.0",
            DRIVER
        ),
    ],
    collectors: &[],
};
