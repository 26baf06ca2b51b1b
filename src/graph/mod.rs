//! The methodology graph: steps that narrow the search for the bottleneck, joined by
//! edges whose Rhai guards look at facts and fired rules. Loaded from
//! `rules/methodology.yaml`, validated, walked per host, exported as DOT or Mermaid.

pub mod export;
pub mod load;
pub mod model;
pub mod walk;

pub use load::Methodology;
pub use walk::{SkipReason, SkippedStep, VisitedStep, Walk};
