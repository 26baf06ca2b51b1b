//! Network device and path parsers against their real fixtures.

mod ethtool;
mod ethtool_channels;
mod ethtool_driver;
mod ethtool_features;
mod ping;
