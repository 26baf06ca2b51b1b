//! Network device, path and counter parsers against their real fixtures.

mod ethtool;
mod ethtool_channels;
mod ethtool_driver;
mod ethtool_features;
mod netstat_stats;
mod nstat;
mod ping;
mod proc_net_dev;
mod ss_info;
mod ss_summary;
