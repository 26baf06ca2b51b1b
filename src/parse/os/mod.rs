//! Operating-system settings and state: sysctl, settings snapshots, file systems,
//! mounts, uname, the kernel log, /proc/interrupts, the load average, pressure stalls,
//! cgroup control files, /proc/vmstat's memory event counters.

pub mod cgroup;
mod cgroup_bare;
mod cgroup_files;
pub mod df;
pub mod dmesg;
pub mod interrupts;
mod iommu_messages;
mod kernel_error_tally;
mod kernel_errors;
pub mod load_average;
pub mod mounts;
mod pressure_tracks;
pub mod proc_vmstat;
pub mod psi;
pub mod settings_snapshot;
pub(crate) mod snapshot_clock;
pub(crate) mod snapshot_time;
pub mod sysctl;
pub mod uname;
pub mod xfs_info;
