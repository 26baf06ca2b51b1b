//! Rules: Rhai scripts that read facts and return findings. One engine factory with
//! limits always on, each rule compiled once, helpers registered from Rust, and every
//! failure of a rule contained to that rule.

pub mod api;
pub mod cpu_clock;
pub mod effort;
pub mod engine;
pub mod evaluate;
pub mod finding;
pub mod finding_spec;
pub mod hotspot_api;
pub mod line_comments;
pub mod loader;
pub mod message;
pub mod meta_literal;
pub mod prelude;
pub mod process_api;
pub mod rule_ast;
pub mod rule_meta;
pub mod threshold;
pub mod value_api;

pub use evaluate::{Outcome, RuleError, RuleResult};
pub use finding::{Evidence, Finding, Recommendation, Resource, Severity, Source};
pub use loader::{Rule, RuleSet};
pub use rule_meta::RuleMeta;
