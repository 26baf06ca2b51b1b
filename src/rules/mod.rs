//! Rules: Rhai scripts that read facts and return findings. One engine factory with
//! limits always on, each rule compiled once, helpers registered from Rust, and every
//! failure of a rule contained to that rule.

pub mod api;
pub mod doc;
pub mod effort;
pub mod engine;
pub mod evaluate;
pub mod fact_keys;
pub mod fact_refs;
pub mod finding;
pub mod hotspot_api;
pub mod lint;
pub mod loader;
pub mod meta;
pub mod rule_tests;
pub mod scaffold;
pub mod value_api;

pub use evaluate::{Outcome, RuleError, RuleResult};
pub use finding::{Evidence, Finding, Recommendation, Resource, Severity, Source};
pub use loader::{Rule, RuleSet};
pub use meta::RuleMeta;
