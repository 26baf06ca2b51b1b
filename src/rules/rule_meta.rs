//! The metadata map every rule file declares as `const META = #{ … }`: identity,
//! where it sits in the methodology, what it needs, where its knowledge comes from
//! and what to do when it fires.

use super::finding::{Recommendation, RecommendationZh, Resource, Severity, Source};
use super::message::Messages;
use super::threshold::{Thresholds, is_threshold_name};
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
    /// Rules whose findings are this rule's symptoms (see [`Explains`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explains: Option<Explains>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommendation: Option<Recommendation>,
    /// The figures the rule decides by, by name; `threshold("name")` reads them.
    #[serde(default, skip_serializing_if = "Thresholds::is_empty")]
    pub thresholds: Thresholds,
    /// Set on a rule in an extra rule directory (`--rules DIR`) that deliberately
    /// replaces a rule of the same id loaded before it; without it an id clash is an
    /// error.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub overrides: bool,
    /// Chinese title and recommendation texts for reports in Chinese.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zh: Option<RuleZh>,
    /// The messages `say()` picks for a finding's summary, in English and Chinese.
    #[serde(default, skip_serializing_if = "Messages::is_empty")]
    pub texts: Messages,
}

/// `explains: #{ symptoms: [rule ids], resource: "…", from: "high" }`: when a finding
/// of one of `symptoms` decides the verdict and this rule fired at `from` severity or
/// above, the verdict names this rule's finding as the cause, with `resource` (else the
/// finding's own), and quotes theirs as its symptoms.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Explains {
    pub symptoms: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<Resource>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Severity>,
}

/// `zh: #{ title: "…", recommendation: #{ action: "…", verify: "…", … } }`: the rule's
/// texts in Chinese. Every field is optional; a report in Chinese falls back to the
/// English text for each one missing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleZh {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommendation: Option<RecommendationZh>,
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
        for (name, threshold) in &self.thresholds {
            if !is_threshold_name(name) {
                problem(
                    "thresholds",
                    format!("threshold name {name:?} must be lower snake case"),
                );
            }
            if !threshold.value.is_finite() {
                problem(
                    "thresholds",
                    format!("threshold {name:?} has no finite value"),
                );
            }
        }
        if let Some(explains) = &self.explains {
            if explains.symptoms.is_empty() {
                problem("explains", "explains.symptoms is empty".into());
            }
            for symptom in &explains.symptoms {
                if !is_rule_id(symptom) || *symptom == self.id {
                    problem(
                        "explains",
                        format!("explains.symptoms {symptom:?}: expected the id of another rule"),
                    );
                }
            }
            if explains.resource.is_none() && self.resource.is_none() {
                problem(
                    "explains",
                    "explains needs a resource: set explains.resource or META.resource".into(),
                );
            }
        }
        if let Some(zh) = &self.zh {
            problems.extend(zh_problems(zh, self.recommendation.as_ref()));
        }
        for message in super::message::problems(&self.texts) {
            problems.push(MetaProblem {
                field: "texts",
                message,
            });
        }
        if self
            .source
            .as_ref()
            .and_then(|s| s.gain_zh.as_ref())
            .is_some_and(|text| text.trim().is_empty())
        {
            problems.push(MetaProblem {
                field: "gain_zh",
                message: "source.gain_zh is empty".into(),
            });
        }
        problems
    }
}

/// A Chinese text must be non-empty and translate an English text that exists.
fn zh_problems(zh: &RuleZh, english: Option<&Recommendation>) -> Vec<MetaProblem> {
    let mut problems = Vec::new();
    let mut check = |field: &str, text: Option<&String>, has_english: bool| {
        let Some(text) = text else { return };
        if text.trim().is_empty() {
            problems.push(MetaProblem {
                field: "zh",
                message: format!("zh.{field} is empty"),
            });
        } else if !has_english {
            problems.push(MetaProblem {
                field: "zh",
                message: format!("zh.{field} translates nothing: the rule has no English {field}"),
            });
        }
    };
    check("title", zh.title.as_ref(), true);
    let Some(rec) = &zh.recommendation else {
        return problems;
    };
    let has = english.is_some();
    check("recommendation.action", rec.action.as_ref(), has);
    check("recommendation.verify", rec.verify.as_ref(), has);
    check("recommendation.rollback", rec.rollback.as_ref(), has);
    check(
        "recommendation.alternative",
        rec.alternative.as_ref(),
        english.is_some_and(|r| r.alternative.is_some()),
    );
    check(
        "recommendation.cost",
        rec.cost.as_ref(),
        english.is_some_and(|r| r.cost.is_some()),
    );
    problems
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
    fn chinese_texts_must_translate_something() {
        let english = Recommendation {
            action: "Do it.".into(),
            commands: vec![],
            verify: "Check.".into(),
            rollback: "Undo.".into(),
            alternative: None,
            cost: None,
            effort: None,
        };
        let zh = |title: &str, alternative: Option<&str>| RuleZh {
            title: Some(title.into()),
            recommendation: Some(RecommendationZh {
                action: Some("去做。".into()),
                alternative: alternative.map(str::to_string),
                ..RecommendationZh::default()
            }),
        };
        let messages = |problems: Vec<MetaProblem>| -> Vec<String> {
            problems.into_iter().map(|p| p.message).collect()
        };
        assert!(zh_problems(&zh("标题", None), Some(&english)).is_empty());
        assert_eq!(
            messages(zh_problems(&zh(" ", Some("另一种办法")), Some(&english))),
            [
                "zh.title is empty",
                "zh.recommendation.alternative translates nothing: the rule has no English recommendation.alternative"
            ]
        );
        assert_eq!(
            messages(zh_problems(&zh("标题", None), None)),
            [
                "zh.recommendation.action translates nothing: the rule has no English recommendation.action"
            ]
        );
    }

    #[test]
    fn an_empty_chinese_gain_is_a_problem_a_missing_one_is_not() {
        let meta = |gain_zh: Option<&str>| RuleMeta {
            id: "storage.x".into(),
            title: "X".into(),
            layer: "storage".into(),
            step: "storage".into(),
            needs: vec!["cpu.count".into()],
            resource: None,
            explains: None,
            source: Some(Source {
                seed: "s.txt".into(),
                case_id: "c".into(),
                gain: "+5 % TPS".into(),
                gain_zh: gain_zh.map(str::to_string),
                gain_pct: Some(5.0),
            }),
            recommendation: None,
            thresholds: Thresholds::new(),
            overrides: false,
            zh: None,
            texts: Default::default(),
        };
        assert!(meta(None).problems().is_empty());
        assert!(meta(Some("TPS +5 %")).problems().is_empty());
        let problems = meta(Some(" ")).problems();
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].message, "source.gain_zh is empty");
    }

    #[test]
    fn rule_ids_are_checked() {
        assert!(is_rule_id("storage.disk_saturated"));
        assert!(!is_rule_id("storage"));
        assert!(!is_rule_id("Storage.Disk"));
        assert!(!is_rule_id("storage..x"));
    }
}
