//! Resource activity over time: sysstat (mpstat, iostat, sar, vmstat, pidstat), top, nmon,
//! fio, and perfsage capture's own /proc samples.

pub mod fio;
pub mod iostat;
pub mod mpstat;
pub mod nmon;
pub mod pidstat;
pub mod proc_samples;
pub mod sar;
mod sysstat_header;
mod time_of_day;
pub mod top;
pub mod vmstat;
mod whole_row;
