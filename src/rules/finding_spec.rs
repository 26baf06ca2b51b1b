//! What a rule's `evaluate()` may put in a finding map, and how its texts become the
//! finding's English and Chinese ones. Each text (the summary and a recommendation's
//! action, verify, rollback, alternative and cost) is either plain English, or the
//! messages the rule said (`say(…)`, one or a list), which `META.texts` words in both
//! languages at once. A plain text has no Chinese: the Chinese report shows it as it is.

use super::effort::Effort;
use super::finding::{Recommendation, RecommendationZh};
use super::message::{Messages, Said, render};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FindingSpec {
    pub severity: String,
    #[serde(default)]
    pub confidence: Option<f64>,
    summary: Wording,
    /// Fact keys; by default every fact the rule read.
    #[serde(default)]
    pub evidence: Option<Vec<String>>,
    /// Replaces the recommendation from META, e.g. to put measured values in commands.
    #[serde(default)]
    recommendation: Option<RecommendationSpec>,
    /// The resource this finding puts in the verdict, for a rule without
    /// `META.resource` whose worst findings still decide it (a file system full now).
    #[serde(default)]
    pub resource: Option<String>,
}

/// Keys earlier rule sets used for Chinese given beside plain English; a finding that
/// still has one is told what replaced it instead of being read half-translated.
pub const RETIRED_KEYS: [&str; 2] = ["summary_zh", "recommendation_zh"];

/// Why a finding map with a retired key is refused.
pub fn retired(key: &str) -> String {
    format!(
        "finding: `{key}` is no longer read: declare the text's English and Chinese templates once in META.texts and return say(…) for it (`texts` in rules/README.md)"
    )
}

/// A text of the finding: plain English, or said messages.
#[derive(Deserialize)]
#[serde(untagged)]
enum Wording {
    Text(String),
    Said(Vec<Said>),
    One(Said),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecommendationSpec {
    action: Wording,
    #[serde(default)]
    commands: Vec<String>,
    verify: Wording,
    rollback: Wording,
    #[serde(default)]
    alternative: Option<Wording>,
    #[serde(default)]
    cost: Option<Wording>,
    #[serde(default)]
    effort: Option<Effort>,
}

/// The finding's texts in both languages.
pub struct FindingTexts {
    pub summary: String,
    pub summary_zh: Option<String>,
    pub recommendation: Option<Recommendation>,
    pub recommendation_zh: Option<RecommendationZh>,
}

impl Wording {
    /// The English text and, for said messages, the Chinese one.
    fn render(self, field: &str, texts: &Messages) -> Result<(String, Option<String>), String> {
        let said = match self {
            Wording::Text(text) => return Ok((text, None)),
            Wording::Said(said) => said,
            Wording::One(one) => vec![one],
        };
        let (en, zh) = render(&said, texts).map_err(|e| format!("finding: {field}: {e}"))?;
        Ok((en, Some(zh)))
    }
}

impl FindingSpec {
    /// The finding's texts in both languages (the other fields are taken first).
    pub fn texts(self, messages: &Messages) -> Result<FindingTexts, String> {
        let (summary, summary_zh) = self.summary.render("summary", messages)?;
        let (recommendation, recommendation_zh) = match self.recommendation {
            None => (None, None),
            Some(spec) => {
                let (en, zh) = spec.render(messages)?;
                (Some(en), zh)
            }
        };
        Ok(FindingTexts {
            summary,
            summary_zh,
            recommendation,
            recommendation_zh,
        })
    }
}

impl RecommendationSpec {
    /// The recommendation, and the Chinese of its said texts.
    fn render(
        self,
        messages: &Messages,
    ) -> Result<(Recommendation, Option<RecommendationZh>), String> {
        let field = |name: &str, wording: Wording| {
            wording.render(&format!("recommendation.{name}"), messages)
        };
        let optional = |name: &str, wording: Option<Wording>| match wording {
            Some(wording) => field(name, wording).map(|(en, zh)| (Some(en), zh)),
            None => Ok((None, None)),
        };
        let (action, action_zh) = field("action", self.action)?;
        let (verify, verify_zh) = field("verify", self.verify)?;
        let (rollback, rollback_zh) = field("rollback", self.rollback)?;
        let (alternative, alternative_zh) = optional("alternative", self.alternative)?;
        let (cost, cost_zh) = optional("cost", self.cost)?;
        let zh = RecommendationZh {
            action: action_zh,
            verify: verify_zh,
            rollback: rollback_zh,
            alternative: alternative_zh,
            cost: cost_zh,
        };
        let recommendation = Recommendation {
            action,
            commands: self.commands,
            verify,
            rollback,
            alternative,
            cost,
            effort: self.effort,
        };
        Ok((
            recommendation,
            (zh != RecommendationZh::default()).then_some(zh),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::message::MessageTexts;

    fn messages() -> Messages {
        let mut texts = Messages::new();
        for (id, en, zh) in [
            ("busy", "{disk} is busy", "{disk} 繁忙"),
            ("raise", "Raise {name}", "提高 {name}"),
        ] {
            texts.insert(
                id.into(),
                MessageTexts {
                    en: en.into(),
                    zh: zh.into(),
                },
            );
        }
        texts
    }

    fn texts_of(finding: serde_json::Value) -> Result<FindingTexts, String> {
        let spec: FindingSpec = serde_json::from_value(finding).map_err(|e| e.to_string())?;
        spec.texts(&messages())
    }

    #[test]
    fn said_recommendation_fields_give_both_languages_and_plain_ones_english_only() {
        let texts = texts_of(serde_json::json!({
            "severity": "high",
            "summary": {"say": "busy", "with": {"disk": "vdb"}},
            "recommendation": {
                "action": [{"say": "raise", "with": {"name": "nr_requests"}}],
                "verify": "iostat -x",
                "rollback": "write it back",
            },
        }))
        .unwrap();
        assert_eq!(texts.summary, "vdb is busy");
        assert_eq!(texts.summary_zh.as_deref(), Some("vdb 繁忙"));
        let en = texts.recommendation.unwrap();
        assert_eq!(en.action, "Raise nr_requests");
        assert_eq!(en.verify, "iostat -x");
        let zh = texts.recommendation_zh.unwrap();
        assert_eq!(zh.action.as_deref(), Some("提高 nr_requests"));
        assert_eq!(zh.verify, None, "a plain text falls back to English");
        let plain = texts_of(serde_json::json!({"severity": "low", "summary": "plain"})).unwrap();
        assert_eq!(plain.summary_zh, None);
    }
}
