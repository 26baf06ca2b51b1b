//! The kernel log (dmesg, journalctl -k) and what it says went wrong: the USE
//! method's *errors* checks for memory (the OOM killer), storage (I/O errors,
//! timeouts, resets), the network (transmit timeouts, conntrack, SYN floods, links)
//! and the hardware (machine checks, ECC), plus hung tasks and lockups. Counted over
//! the last boot in the log, or only inside the capture window when bundle.yaml
//! records one and the log's times name their zone; zero only from a whole boot log
//! (see src/parse/os/kernel_error_tally.rs).

use super::collector::{Collector, Id, UTIL_LINUX, When};
use super::{Spec, families};
use crate::tools::catalog::entry;

pub const WHOLE_LOG: &str = "dmesg --time-format iso (as root; dmesg, dmesg -T or journalctl -k -b also do, but only ISO times with a zone can be placed in the capture window), saved right after the load ran, the whole log and not a grep";

pub static SPEC: Spec = Spec {
    id: "dmesg",
    captures: &[WHOLE_LOG],
    facts: &[families::IOMMU, &["os.kernel"]],
    catalog: &[
        entry!(
            "os.kernel_log_span",
            None,
            Text,
            "The time the kernel log covers, first to last stamp (seconds after boot, or the date as printed); the error counts are over this span, or over the capture window it then names",
            WHOLE_LOG
        ),
        entry!(
            "os.kernel_errors_outside_capture",
            Count,
            Number,
            "Kernel errors of any class stamped before or after the capture window (bundle.yaml capture.started/ended), left out of the counts; context only",
            WHOLE_LOG
        ),
        entry!(
            "os.kernel_error_kinds_outside_capture",
            None,
            Text,
            "What the kernel errors outside the capture window were, by class (2 OOM kills, 1 hung task)",
            WHOLE_LOG
        ),
        entry!(
            "mem.oom_kills",
            Count,
            Number,
            "Processes the OOM killer killed (Out of memory / Memory cgroup out of memory: Killed process …, oom-kill: lines)",
            WHOLE_LOG
        ),
        entry!(
            "mem.oom_killed",
            None,
            Text,
            "The processes the OOM killer killed, with how often: python3 (5), mysqld (1)",
            WHOLE_LOG
        ),
        entry!(
            "mem.oom_memcg_kills",
            Count,
            Number,
            "OOM kills forced by a memory cgroup's limit (CONSTRAINT_MEMCG: a container or service limit, not the host's RAM)",
            WHOLE_LOG
        ),
        entry!(
            "mem.oom_cgroups",
            None,
            Text,
            "The memory cgroups whose limit forced OOM kills (oom_memcg=), with how often",
            WHOLE_LOG
        ),
        entry!(
            "mem.ecc_corrected_errors",
            Count,
            Number,
            "Corrected memory errors EDAC reported (EDAC MCn: <n> CE …)",
            WHOLE_LOG
        ),
        entry!(
            "mem.ecc_uncorrected_errors",
            Count,
            Number,
            "Uncorrected memory errors EDAC reported (EDAC MCn: <n> UE …)",
            WHOLE_LOG
        ),
        entry!(
            "disk.kernel_errors",
            Count,
            Number,
            "Storage error messages of all devices: I/O errors, command timeouts, link and controller resets, file-system errors",
            WHOLE_LOG
        ),
        entry!(
            "disk.<dev>.kernel_errors",
            Count,
            Number,
            "Storage error messages naming this device (sda, nvme0, ata1, dm-0 as the kernel names it)",
            WHOLE_LOG
        ),
        entry!(
            "disk.<dev>.kernel_error_kinds",
            None,
            Text,
            "What the device's error messages were: 3 I/O errors, 1 reset",
            WHOLE_LOG
        ),
        entry!(
            "os.hung_tasks",
            Count,
            Number,
            "Hung-task reports: INFO: task <comm>:<pid> blocked for more than N seconds",
            WHOLE_LOG
        ),
        entry!(
            "os.hung_task_names",
            None,
            Text,
            "The tasks reported hung, with how often",
            WHOLE_LOG
        ),
        entry!(
            "os.soft_lockups",
            Count,
            Number,
            "Soft lockups: a CPU stuck in the kernel without scheduling (watchdog: BUG: soft lockup - CPU#n stuck for Ns!)",
            WHOLE_LOG
        ),
        entry!(
            "os.hard_lockups",
            Count,
            Number,
            "Hard lockups: a CPU not taking interrupts (Watchdog detected hard LOCKUP on cpu n)",
            WHOLE_LOG
        ),
        entry!(
            "os.machine_check_lines",
            Count,
            Number,
            "Log lines of machine-check hardware errors (mce: [Hardware Error]: …; one event prints several)",
            WHOLE_LOG
        ),
        entry!(
            "net.tx_timeouts",
            Count,
            Number,
            "NIC transmit queue timeouts (NETDEV WATCHDOG: … transmit queue n timed out)",
            WHOLE_LOG
        ),
        entry!(
            "net.tx_timeout_devices",
            None,
            Text,
            "The interfaces whose transmit queues timed out, with how often",
            WHOLE_LOG
        ),
        entry!(
            "net.conntrack_table_full",
            Count,
            Number,
            "Messages that the connection-tracking table was full and packets were dropped (nf_conntrack: table full, dropping packet; rate-limited, so each stands for more drops)",
            WHOLE_LOG
        ),
        entry!(
            "net.syn_flood_warnings",
            Count,
            Number,
            "Possible SYN flooding warnings: a listen queue overflowed and SYN cookies were sent",
            WHOLE_LOG
        ),
        entry!(
            "net.syn_flood_ports",
            None,
            Text,
            "The ports named in SYN flooding warnings, with how often",
            WHOLE_LOG
        ),
        entry!(
            "net.link_down_events",
            Count,
            Number,
            "NIC Link is Down messages",
            WHOLE_LOG
        ),
        entry!(
            "net.link_down_devices",
            None,
            Text,
            "The interfaces whose link went down, with how often",
            WHOLE_LOG
        ),
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
