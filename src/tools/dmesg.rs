//! The kernel log (dmesg, journalctl -k): OOM kills, I/O errors, hung tasks, lockups,
//! NIC and hardware errors.

use super::collector::{Collector, Id, UTIL_LINUX, When};
use super::{Spec, families};
use crate::parse::os::dmesg::Dmesg;

pub const WHOLE_LOG: &str = "dmesg --time-format iso (as root; dmesg, dmesg -T or journalctl -k -b also do, but only ISO times with a zone can be placed in the capture window), saved right after the load ran, the whole log and not a grep";

pub static SPEC: Spec = Spec {
    id: "dmesg",
    parsers: &[&Dmesg],
    captures: &[WHOLE_LOG],
    facts: &[
        families::IOMMU,
        &[
            "os.kernel",
            "os.kernel_log_span",
            "os.kernel_errors_outside_capture",
            "os.kernel_error_kinds_outside_capture",
            "mem.oom_kills",
            "mem.oom_killed",
            "mem.oom_memcg_kills",
            "mem.oom_cgroups",
            "mem.ecc_corrected_errors",
            "mem.ecc_uncorrected_errors",
            "disk.kernel_errors",
            "disk.<dev>.kernel_errors",
            "disk.<dev>.kernel_error_kinds",
            "os.hung_tasks",
            "os.hung_task_names",
            "os.soft_lockups",
            "os.hard_lockups",
            "os.machine_check_lines",
            "net.tx_timeouts",
            "net.tx_timeout_devices",
            "net.conntrack_table_full",
            "net.syn_flood_warnings",
            "net.syn_flood_ports",
            "net.link_down_events",
            "net.link_down_devices",
        ],
    ],
    collectors: &[Collector {
        id: Id::Dmesg,
        name: "dmesg",
        what: "the kernel log: OOM kills, I/O errors, hung tasks, lockups, NIC and hardware errors",
        when: When::AtEnd,
        command: "dmesg --time-format iso",
        files: &["dmesg.txt"],
        program: Some("dmesg"),
        package: Some(UTIL_LINUX),
        needs_root: false,
        needs_process: false,
    }],
};
