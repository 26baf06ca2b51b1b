//! Network devices and paths: ethtool (settings, driver, features, channels) and ping.

pub mod ethtool;
pub mod ethtool_channels;
pub mod ethtool_driver;
pub mod ethtool_features;
pub mod ping;
