//! How much it takes to apply a recommendation, read from the `cost` text rules write
//! ("online change", "database restart", "BIOS access, reboot", "vendor rebuild, …").
//! The first effort word in the text decides, since rules name the main step first
//! and add side costs after it. The ranking of next actions weighs a step's gain
//! against this, and lint flags a cost text that names no effort.

use serde::{Deserialize, Serialize};

/// From cheapest to most expensive.
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
    /// A rebuild of the software by its vendor or team.
    Rebuild,
    /// Data moved or reformatted while the database is down.
    Downtime,
    /// Hardware changed.
    Hardware,
}

/// Words that name an effort, matched case-insensitively.
const WORDS: &[(&str, Effort)] = &[
    ("none", Effort::Nothing),
    ("comparison", Effort::Nothing),
    ("benchmark rerun", Effort::Nothing),
    ("online", Effort::Online),
    ("restart", Effort::Restart),
    ("reboot", Effort::Reboot),
    ("kernel change", Effort::Reboot),
    ("bios", Effort::Firmware),
    ("firmware", Effort::Firmware),
    ("rebuild", Effort::Rebuild),
    ("application change", Effort::Rebuild),
    ("downtime", Effort::Downtime),
    ("reformat", Effort::Downtime),
    ("hardware", Effort::Hardware),
];

impl Effort {
    /// The effort the cost text names first, if it names one.
    pub fn of_cost(cost: &str) -> Option<Effort> {
        let lower = cost.to_lowercase();
        WORDS
            .iter()
            .filter_map(|(word, effort)| lower.find(word).map(|at| (at, *effort)))
            .min_by_key(|(at, _)| *at)
            .map(|(_, effort)| effort)
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

    /// The words a cost text may use, for error messages.
    pub fn words() -> impl Iterator<Item = &'static str> {
        WORDS.iter().map(|(word, _)| *word)
    }
}
