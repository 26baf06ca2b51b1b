//! Processes and how their binaries were built: /proc/<pid>/status, readelf build
//! notes, gcc --version.

pub mod build_info;
pub mod gcc_version;
pub mod proc_status;
