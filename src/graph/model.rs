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

use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MethodologyFile {
    pub root: String,
    pub steps: Vec<StepSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepSpec {
    pub id: String,
    /// The question the step answers.
    pub title: String,
    /// What to capture when this step is reached but its facts are missing, or what
    /// to look at next when the step is a leaf.
    #[serde(default)]
    pub capture: Vec<String>,
    #[serde(default)]
    pub next: Vec<EdgeSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeSpec {
    pub to: String,
    /// A Rhai expression over facts and `fired(rule_id)`; absent means always.
    #[serde(default = "always")]
    pub when: String,
}

fn always() -> String {
    "true".into()
}
