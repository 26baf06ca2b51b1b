//! Cases: solved engagements kept as bundles plus the diagnosis they must produce.
//! They are the rule base's regression suite: `perfsage cases verify` replays each
//! bundle and reports every difference from `expected.yaml`.

pub mod case_file;
pub mod expected;
pub mod measured_gains;
pub mod new_case;
pub mod verify;

pub use case_file::{Case, CaseBundle};
