//! Network interfaces and their settings: ethtool, /proc/interrupts, ping.

use super::CatalogEntry;
use crate::tools::{ethtool, ethtool_channels, ethtool_driver, ethtool_features, interrupts, ping};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "net.<if>.speed_mbps",
        MegabitsPerSecond,
        Number,
        "Negotiated link speed (absent when the driver reports none, as virtual NICs do)",
        ethtool::LINK
    ),
    entry!(
        "net.<if>.duplex",
        None,
        Text,
        "Link duplex: full or half",
        ethtool::LINK
    ),
    entry!(
        "net.<if>.link_up",
        None,
        Flag,
        "The interface has a link (Link detected: yes)",
        ethtool::LINK
    ),
    entry!(
        "net.<if>.driver",
        None,
        Text,
        "NIC driver, e.g. hinic for the Huawei Hi1822 (<if> is the PCI address when the capture does not name the interface)",
        ethtool_driver::DRIVER
    ),
    entry!(
        "net.<if>.driver_version",
        None,
        Text,
        "NIC driver version",
        ethtool_driver::DRIVER
    ),
    entry!(
        "net.<if>.firmware_version",
        None,
        Text,
        "NIC firmware version (the tuning guide's known-good Hi1822 firmware is 2.4.1.0)",
        ethtool_driver::DRIVER
    ),
    entry!(
        "net.<if>.bus_info",
        None,
        Text,
        "PCI address of the NIC, e.g. 0000:03:00.0",
        ethtool_driver::DRIVER
    ),
    entry!(
        "net.<if>.tso",
        None,
        Flag,
        "TCP segmentation offload is on",
        ethtool_features::OFFLOADS
    ),
    entry!(
        "net.<if>.gso",
        None,
        Flag,
        "Generic segmentation offload is on",
        ethtool_features::OFFLOADS
    ),
    entry!(
        "net.<if>.gro",
        None,
        Flag,
        "Generic receive offload is on",
        ethtool_features::OFFLOADS
    ),
    entry!(
        "net.<if>.lro",
        None,
        Flag,
        "Large receive offload is on",
        ethtool_features::OFFLOADS
    ),
    entry!(
        "net.<if>.tso_fixed",
        None,
        Flag,
        "The driver does not let TSO change ([fixed])",
        ethtool_features::OFFLOADS
    ),
    entry!(
        "net.<if>.gso_fixed",
        None,
        Flag,
        "The driver does not let GSO change ([fixed])",
        ethtool_features::OFFLOADS
    ),
    entry!(
        "net.<if>.gro_fixed",
        None,
        Flag,
        "The driver does not let GRO change ([fixed])",
        ethtool_features::OFFLOADS
    ),
    entry!(
        "net.<if>.lro_fixed",
        None,
        Flag,
        "The driver does not let LRO change ([fixed])",
        ethtool_features::OFFLOADS
    ),
    entry!(
        "net.<if>.combined_max",
        Count,
        Number,
        "Most combined (RX+TX) queue channels the NIC supports",
        ethtool_channels::QUEUES
    ),
    entry!(
        "net.<if>.combined",
        Count,
        Number,
        "Combined (RX+TX) queue channels in use (the tuning guide sets 48 on the client, 12 on a 128-core server)",
        ethtool_channels::QUEUES
    ),
    entry!(
        "irq.<device>.queues",
        Count,
        Number,
        "Queue interrupt vectors of a NIC or NVMe controller (<device>: handler name without its queue suffix, e.g. enp3s0 from enp3s0_qp0, nvme0 from nvme0q1)",
        interrupts::AFTER_LOAD
    ),
    entry!(
        "irq.<device>.interrupts",
        Count,
        Number,
        "Interrupts the device's queue vectors raised since boot",
        interrupts::AFTER_LOAD
    ),
    entry!(
        "irq.<device>.cpus",
        Count,
        Number,
        "CPUs that handled the device's queue interrupts (at least 1 % as many as its busiest CPU, so stray interrupts from boot do not count)",
        interrupts::AFTER_LOAD
    ),
    entry!(
        "irq.<device>.top_cpu",
        None,
        Number,
        "The CPU that handled most of the device's queue interrupts",
        interrupts::AFTER_LOAD
    ),
    entry!(
        "irq.<device>.top_cpu_share_pct",
        Percent,
        Number,
        "Share of the device's queue interrupts handled by its busiest CPU",
        interrupts::AFTER_LOAD
    ),
    entry!(
        "irq.<device>.bus_info",
        None,
        Text,
        "PCI address of the device, when the interrupt chip column shows it (x86 PCI-MSIX-0000:00:03.0); joins with net.<if>.bus_info",
        interrupts::AFTER_LOAD
    ),
    entry!(
        "net.ping.<target>.rtt_min_ms",
        Milliseconds,
        Number,
        "Smallest ping round-trip time to the target",
        ping::ROUND_TRIP
    ),
    entry!(
        "net.ping.<target>.rtt_avg_ms",
        Milliseconds,
        Number,
        "Average ping round-trip time to the target",
        ping::ROUND_TRIP
    ),
    entry!(
        "net.ping.<target>.rtt_max_ms",
        Milliseconds,
        Number,
        "Largest ping round-trip time to the target",
        ping::ROUND_TRIP
    ),
    entry!(
        "net.ping.<target>.rtt_mdev_ms",
        Milliseconds,
        Number,
        "Mean deviation of the ping round-trip times (iputils only)",
        ping::ROUND_TRIP
    ),
    entry!(
        "net.ping.<target>.loss_pct",
        Percent,
        Number,
        "Share of pings without a reply",
        ping::ROUND_TRIP
    ),
];
