//! The settings snapshot (docs/settings-snapshot.md): THP, NUMA balancing, I/O
//! schedulers, governor, SMT, IOMMU and other /proc and /sys settings.

use super::collector::{Collector, Id, When};
use super::{Spec, families};
use crate::tools::catalog::entry;

pub const UNDER_LOAD: &str =
    "the settings snapshot script in docs/settings-snapshot.md (while the load runs)";
pub const SCRIPT: &str = "the settings snapshot script in docs/settings-snapshot.md";
pub const OR_DMESG: &str = "the settings snapshot script in docs/settings-snapshot.md, or dmesg as root (the whole boot log: an excerpt only shows units that exist)";

pub static SPEC: Spec = Spec {
    id: "settings-snapshot",
    captures: &[UNDER_LOAD, SCRIPT, OR_DMESG],
    facts: &[
        families::KERNEL_SETTINGS,
        families::IOMMU,
        &["cpu.arch", "cpu.max_mhz", "host.name", "os.kernel"],
    ],
    catalog: &[
        entry!(
            "os.thp.enabled",
            None,
            Text,
            "Transparent huge pages mode: always, madvise or never",
            SCRIPT
        ),
        entry!(
            "os.thp.defrag",
            None,
            Text,
            "Transparent huge page defrag mode: always, defer, defer+madvise, madvise or never",
            SCRIPT
        ),
        entry!(
            "os.page_size_kib",
            Kibibytes,
            Number,
            "Kernel page size (getconf PAGESIZE): 4 or 64 on aarch64",
            SCRIPT
        ),
        entry!(
            "os.irqbalance_active",
            None,
            Flag,
            "The irqbalance service is running (systemctl is-active irqbalance)",
            SCRIPT
        ),
        entry!(
            "disk.<dev>.scheduler",
            None,
            Text,
            "Block I/O scheduler in use (none, mq-deadline, kyber, bfq; NVMe wants none)",
            "the settings snapshot script in docs/settings-snapshot.md"
        ),
        entry!(
            "cpu.governor",
            None,
            Text,
            "cpufreq scaling governor of every CPU (performance, ondemand, …), or mixed when they differ",
            UNDER_LOAD
        ),
        entry!(
            "cpu.<cpu>.governor",
            None,
            Text,
            "cpufreq scaling governor of one CPU (given only when CPUs differ)",
            UNDER_LOAD
        ),
        entry!(
            "cpu.cur_freq_min_mhz",
            Megahertz,
            Number,
            "Lowest current CPU frequency (scaling_cur_freq) when the snapshot was taken",
            UNDER_LOAD
        ),
        entry!(
            "cpu.cur_freq_avg_mhz",
            Megahertz,
            Number,
            "Average current CPU frequency (scaling_cur_freq) over the CPUs",
            UNDER_LOAD
        ),
        entry!(
            "cpu.cur_freq_max_mhz",
            Megahertz,
            Number,
            "Highest current CPU frequency (scaling_cur_freq) when the snapshot was taken",
            UNDER_LOAD
        ),
        entry!(
            "cpu.smt_control",
            None,
            Text,
            "SMT control state: on, off, forceoff, notsupported or notimplemented",
            UNDER_LOAD
        ),
        entry!(
            "cpu.smt_active",
            None,
            Flag,
            "Sibling hardware threads are online (SMT in use)",
            UNDER_LOAD
        ),
    ],
    collectors: &[Collector {
        id: Id::Settings,
        name: "settings",
        what: "OS settings snapshot (THP, NUMA balancing, schedulers, governor, SMT, IOMMU)",
        when: When::UnderLoad,
        command: "the settings snapshot of docs/settings-snapshot.md",
        files: &["settings.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    }],
};
