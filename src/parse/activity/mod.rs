//! Resource activity over time: sysstat (mpstat, iostat, sar and its sadf -j/-d exports,
//! iostat and mpstat -o JSON, vmstat and vmstat -d, pidstat), top, nmon,
//! fio, and perfsage capture's own /proc samples.

pub mod fio;
mod human_value;
pub mod iostat;
pub mod mpstat;
pub mod nmon;
pub mod pidstat;
pub mod proc_samples;
pub mod sadf_csv;
pub mod sadf_json;
mod sadf_json_names;
mod sadf_series;
pub mod sar;
mod sysstat_header;
pub mod sysstat_json;
mod time_of_day;
pub mod top;
pub mod vmstat;
pub mod vmstat_disk;
mod whole_row;
