//! Operating-system settings and state: sysctl, settings snapshots, file systems,
//! mounts, uname, the kernel log, /proc/interrupts.

pub mod dmesg;
pub mod interrupts;
mod iommu_messages;
pub mod mounts;
pub mod settings_snapshot;
pub mod sysctl;
pub mod uname;
pub mod xfs_info;
