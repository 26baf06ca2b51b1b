//! Operating-system settings and state parsers against their real fixtures.

mod dmesg;
mod interrupts;
mod mounts;
mod settings_snapshot;
mod sysctl;
mod uname;
mod xfs_info;
