//! Operating-system settings and state parsers against their real fixtures.

mod cgroup;
mod df;
mod dmesg;
mod interrupts;
mod kernel_errors;
mod load_average;
mod mounts;
mod proc_vmstat;
mod psi;
mod settings_snapshot;
mod sysctl;
mod uname;
mod xfs_info;
