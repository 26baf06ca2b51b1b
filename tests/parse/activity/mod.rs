//! Resource-activity parsers (sysstat, nmon, fio, /proc samples) against their real fixtures.

mod fio;
mod iostat;
mod iostat_forms;
mod mpstat;
mod nmon;
mod pidstat;
mod proc_samples;
mod sadf;
mod sar;
mod sysstat_json;
mod top;
mod vmstat;
mod vmstat_disk;
