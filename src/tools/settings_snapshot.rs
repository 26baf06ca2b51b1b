//! The settings snapshot (docs/settings-snapshot.md): THP, NUMA balancing, I/O
//! schedulers, governor, SMT, IOMMU and other /proc and /sys settings.

use super::collector::{Collector, Id, When};
use super::{Spec, families};
use crate::parse::os::settings_snapshot::SettingsSnapshot;

pub const UNDER_LOAD: &str =
    "the settings snapshot script in docs/settings-snapshot.md (while the load runs)";
pub const SCRIPT: &str = "the settings snapshot script in docs/settings-snapshot.md";
pub const OR_DMESG: &str = "the settings snapshot script in docs/settings-snapshot.md, or dmesg as root (the whole boot log: an excerpt only shows units that exist)";

pub static SPEC: Spec = Spec {
    id: "settings-snapshot",
    parsers: &[&SettingsSnapshot],
    captures: &[UNDER_LOAD, SCRIPT, OR_DMESG],
    facts: &[
        families::KERNEL_SETTINGS,
        families::IOMMU,
        &[
            "cpu.arch",
            "cpu.max_mhz",
            "cpu.governor",
            "cpu.<cpu>.governor",
            "cpu.cur_freq_min_mhz",
            "cpu.cur_freq_avg_mhz",
            "cpu.cur_freq_max_mhz",
            "cpu.smt_control",
            "cpu.smt_active",
            "disk.<dev>.scheduler",
            "host.name",
            "os.kernel",
            "os.thp.enabled",
            "os.thp.defrag",
            "os.page_size_kib",
            "os.irqbalance_active",
        ],
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
