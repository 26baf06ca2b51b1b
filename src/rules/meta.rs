//! The metadata map every rule file declares as `const META = #{ … }`: identity,
//! where it sits in the methodology, what it needs, where its knowledge comes from
//! and what to do when it fires.

use super::finding::{Recommendation, Resource, Source};
use serde::{Deserialize, Serialize};

/// Layers a rule may belong to, from firmware up to the benchmark itself.
pub const LAYERS: &[&str] = &[
    "bios",
    "os",
    "memory",
    "virtualization",
    "storage",
    "network",
    "compile",
    "runtime",
    "database",
    "application",
    "deployment",
    "resource",
    "benchmark",
];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleMeta {
    /// `<layer>.<name>`, lower snake case.
    pub id: String,
    pub title: String,
    pub layer: String,
    /// The methodology step the rule answers to.
    pub step: String,
    /// Facts the rule cannot do without; when one is missing the rule is not evaluated.
    #[serde(default)]
    pub needs: Vec<String>,
    /// Set on rules that identify which resource limits throughput.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<Resource>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommendation: Option<Recommendation>,
    /// Set on a rule in an extra rule directory (`--rules DIR`) that deliberately
    /// replaces a rule of the same id loaded before it; without it an id clash is an
    /// error.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub overrides: bool,
}

/// One thing wrong with a rule's metadata, and the field it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetaProblem {
    pub field: &'static str,
    pub message: String,
}

impl RuleMeta {
    /// Problems with the metadata that serde cannot see.
    pub fn problems(&self) -> Vec<MetaProblem> {
        let mut problems = Vec::new();
        let mut problem = |field: &'static str, message: String| {
            problems.push(MetaProblem { field, message });
        };
        if !is_rule_id(&self.id) {
            problem(
                "id",
                format!(
                    "id {:?} must be `<layer>.<name>` in lower snake case",
                    self.id
                ),
            );
        }
        if !LAYERS.contains(&self.layer.as_str()) {
            problem(
                "layer",
                format!("layer {:?} is not one of {}", self.layer, LAYERS.join(", ")),
            );
        } else if !self.id.starts_with(&format!("{}.", self.layer)) {
            problem(
                "id",
                format!(
                    "id {:?} must start with its layer {:?}",
                    self.id, self.layer
                ),
            );
        }
        if self.title.trim().is_empty() {
            problem("title", "title is empty".into());
        }
        problems
    }
}

/// Whether `id` is `<layer>.<name>` in lower snake case (at least two segments).
pub fn is_rule_id(id: &str) -> bool {
    let mut parts = id.split('.');
    let valid = |p: &str| {
        p.starts_with(|c: char| c.is_ascii_lowercase())
            && p.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    };
    parts.clone().count() >= 2 && parts.all(valid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_are_checked() {
        assert!(is_rule_id("storage.disk_saturated"));
        assert!(!is_rule_id("storage"));
        assert!(!is_rule_id("Storage.Disk"));
        assert!(!is_rule_id("storage..x"));
    }
}
