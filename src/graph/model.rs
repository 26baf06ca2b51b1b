//! The YAML form of the methodology graph, as consultants write it.
//!
//! ```yaml
//! root: cpu
//! steps:
//!   - id: cpu
//!     title: Is the CPU the limit?
//!     next:
//!       - to: storage
//!         when: '!fired("resource.cpu_saturated")'
//! ```
//!
//! A rule directory given with `--rules` may add to the built-in methodology with a
//! file without `root`: new steps, steps marked `overrides: true` that replace one of
//! the same id, and `edges` that lead from existing steps to the new ones.
//!
//! ```yaml
//! steps:
//!   - id: numa-placement
//!     title: Is memory on the node that uses it?
//!     capture: [numastat -p <pid>]
//! edges:
//!   - from: virtualization
//!     to: numa-placement
//!     when: fired("virtualization.acme_numa")
//! ```

use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MethodologyFile {
    /// The first step of every walk; only a complete methodology names it.
    #[serde(default)]
    pub root: Option<String>,
    #[serde(default)]
    pub steps: Vec<StepSpec>,
    /// Edges added from steps defined in an earlier file.
    #[serde(default)]
    pub edges: Vec<EdgeAddition>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepSpec {
    pub id: String,
    /// The question the step answers.
    pub title: String,
    /// The same question in Chinese, for reports in Chinese.
    #[serde(default)]
    pub title_zh: Option<String>,
    /// What to capture when this step is reached but its facts are missing, or what
    /// to look at next when the step is a leaf.
    #[serde(default)]
    pub capture: Vec<String>,
    #[serde(default)]
    pub next: Vec<EdgeSpec>,
    /// Replaces a step of the same id from an earlier file (title, capture and edges).
    #[serde(default)]
    pub overrides: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeSpec {
    pub to: String,
    /// A Rhai expression over facts and `fired(rule_id)`; absent means always.
    #[serde(default = "always")]
    pub when: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeAddition {
    pub from: String,
    pub to: String,
    #[serde(default = "always")]
    pub when: String,
}

fn always() -> String {
    "true".into()
}
