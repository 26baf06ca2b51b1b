//! sar (sysstat) text reports: CPU, memory, paging, disks, network interfaces and TCP.

use super::collector::{Collector, Id, SYSSTAT, When};
use super::{Spec, families};

pub const MEMORY: &str = "sar -r 10 (while the load runs)";
pub const INTERFACES: &str = "sar -n DEV 10 (while the load runs)";
pub const TCP: &str = "sar -n TCP,ETCP 1 60 (while the load runs)";
pub const INTERFACE_ERRORS: &str = "sar -n EDEV 1 60 (while the load runs), or for i in 1 2; do date +%s; cat /proc/net/dev; sleep 60; done";
pub const SOCKETS: &str = "sar -n SOCK 1 60 (while the load runs)";
pub const PAGING: &str = "sar -B -W 10 (while the load runs)";

pub const DISKS: &str = "sar -d -p 10 (while the load runs)";

/// What sar's text gives, and sadf's exports of the same data.
pub const FACTS: &[&[&str]] = &[
    families::SYSSTAT_HEADER,
    families::DISK_BUSY,
    families::CPU_BUSY,
    families::CPU_INTERRUPTS,
    families::DISK_THROUGHPUT,
    families::VMSTAT_FIGURES,
    families::PAGING,
    families::PRESSURE,
    families::NETWORK_THROUGHPUT,
    families::NETWORK_ERRORS,
    families::TCP_SEGMENTS,
    families::FILESYSTEM_USAGE,
    &[
        "mem.free_kib",
        "mem.available_kib",
        "mem.dirty_kib",
        "mem.used_pct",
        "mem.commit_pct",
        "sys.intr_per_s",
        "net.<if>.ifutil_pct",
        "cpu.util_pct",
        "cpu.<cpu>.util_pct",
        "cpu.<cpu>.soft_pct",
        "net.sockets.total",
        "net.sockets.tcp",
        "net.sockets.udp",
        "net.sockets.raw",
        "net.sockets.ip_fragments",
        "net.sockets.tcp_timewait",
        "mem.vmeff_pct",
    ],
];

pub static SPEC: Spec = Spec {
    id: "sar",
    captures: &[
        MEMORY,
        INTERFACES,
        TCP,
        INTERFACE_ERRORS,
        SOCKETS,
        PAGING,
        DISKS,
    ],
    facts: FACTS,
    catalog: &[],
    collectors: &[Collector {
        id: Id::Sar,
        name: "sar",
        what: "network interface traffic and errors, TCP segments and retransmits, paging and swapping",
        when: When::Throughout,
        command: "sar -n DEV,EDEV,TCP,ETCP -B -W <interval>",
        files: &["sar.txt"],
        program: Some("sar"),
        package: Some(SYSSTAT),
        needs_root: false,
        needs_process: false,
    }],
};
