//! Units of fact values. Keys carry their unit as a suffix (`_pct`, `_ms`); the enum
//! makes the unit explicit in JSON and reports.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unit {
    #[serde(rename = "%")]
    Percent,
    #[serde(rename = "ms")]
    Milliseconds,
    #[serde(rename = "s")]
    Seconds,
    #[serde(rename = "min")]
    Minutes,
    #[serde(rename = "/s")]
    PerSecond,
    #[serde(rename = "/min")]
    PerMinute,
    #[serde(rename = "kB/s")]
    KilobytesPerSecond,
    #[serde(rename = "count")]
    Count,
    #[serde(rename = "threads")]
    Threads,
    #[serde(rename = "ratio")]
    Ratio,
    #[serde(rename = "MHz")]
    Megahertz,
    #[serde(rename = "MT/s")]
    MegatransfersPerSecond,
    #[serde(rename = "KiB")]
    Kibibytes,
    #[serde(rename = "MiB")]
    Mebibytes,
    #[serde(rename = "GiB")]
    Gibibytes,
    #[serde(rename = "Mb/s")]
    MegabitsPerSecond,
    #[serde(rename = "")]
    None,
}

impl Unit {
    pub fn symbol(self) -> &'static str {
        match self {
            Unit::Percent => "%",
            Unit::Milliseconds => "ms",
            Unit::Seconds => "s",
            Unit::Minutes => "min",
            Unit::PerSecond => "/s",
            Unit::PerMinute => "/min",
            Unit::KilobytesPerSecond => "kB/s",
            Unit::Count => "count",
            Unit::Threads => "threads",
            Unit::Ratio => "ratio",
            Unit::Megahertz => "MHz",
            Unit::MegatransfersPerSecond => "MT/s",
            Unit::Kibibytes => "KiB",
            Unit::Mebibytes => "MiB",
            Unit::Gibibytes => "GiB",
            Unit::MegabitsPerSecond => "Mb/s",
            Unit::None => "",
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}
