//! How much it takes to try a recommendation, as its rule declares it in
//! `recommendation.effort`. The ranking of next actions weighs a step's gain against
//! this, and lint requires every recommendation to declare one.

use serde::{Deserialize, Serialize};

/// From cheapest to most expensive; a rule writes the kebab-case name
/// (`effort: "restart"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effort {
    /// A comparison or a rerun: nothing on the system changes.
    Nothing,
    /// Takes effect on the running system.
    Online,
    /// A process, database or VM restart.
    Restart,
    /// A host reboot or kernel change.
    Reboot,
    /// BIOS or firmware access, then a reboot.
    Firmware,
    /// A rebuild of the software by its vendor or team, or an application change.
    Rebuild,
    /// Data moved or reformatted while the database is down.
    Downtime,
    /// Hardware changed.
    Hardware,
}

impl Effort {
    /// Every effort, cheapest first.
    pub const ALL: [Effort; 8] = [
        Effort::Nothing,
        Effort::Online,
        Effort::Restart,
        Effort::Reboot,
        Effort::Firmware,
        Effort::Rebuild,
        Effort::Downtime,
        Effort::Hardware,
    ];

    /// The name a rule writes.
    pub fn name(self) -> &'static str {
        match self {
            Effort::Nothing => "nothing",
            Effort::Online => "online",
            Effort::Restart => "restart",
            Effort::Reboot => "reboot",
            Effort::Firmware => "firmware",
            Effort::Rebuild => "rebuild",
            Effort::Downtime => "downtime",
            Effort::Hardware => "hardware",
        }
    }

    /// How many times harder than an online change it is to try.
    pub fn weight(self) -> f64 {
        match self {
            Effort::Nothing | Effort::Online => 1.0,
            Effort::Restart => 1.5,
            Effort::Reboot => 2.0,
            Effort::Firmware => 3.0,
            Effort::Rebuild => 4.0,
            Effort::Downtime => 5.0,
            Effort::Hardware => 6.0,
        }
    }
}
