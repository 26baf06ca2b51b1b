//! Network devices, paths and counters: ethtool (settings, driver, features, channels),
//! ping, the kernel's interface counters (/proc/net/dev), and the TCP counters of
//! nstat, netstat -s, ss -s and ss -ti.

pub mod ethtool;
pub mod ethtool_channels;
pub mod ethtool_driver;
pub mod ethtool_features;
pub mod netstat_stats;
pub mod nstat;
pub mod ping;
pub mod proc_net_dev;
pub mod ss_info;
pub mod ss_summary;
mod tcp_counters;
