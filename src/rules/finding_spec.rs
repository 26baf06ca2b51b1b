//! What a rule's `evaluate()` may put in a finding map, and how its texts become the
//! finding's English and Chinese ones. Each text (the summary and a recommendation's
//! action, verify, rollback, alternative and cost) is either plain English, with the
//! Chinese in `summary_zh` / `recommendation_zh` beside it, or the messages the rule
//! said (`say(…)`, one or a list), which `META.texts` words in both languages at once.

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
    /// The summary in Chinese, for reports in Chinese, when `summary` is plain text.
    #[serde(default)]
    summary_zh: Option<String>,
    /// Fact keys; by default every fact the rule read.
    #[serde(default)]
    pub evidence: Option<Vec<String>>,
    /// Replaces the recommendation from META, e.g. to put measured values in commands.
    #[serde(default)]
    recommendation: Option<RecommendationSpec>,
    /// The Chinese of that recommendation's plain-text fields (commands are not
    /// translated).
    #[serde(default)]
    recommendation_zh: Option<RecommendationZh>,
    /// The resource this finding puts in the verdict, for a rule without
    /// `META.resource` whose worst findings still decide it (a file system full now).
    #[serde(default)]
    pub resource: Option<String>,
}

/// A text of the finding: English (its Chinese given beside it), or said messages.
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
        let (summary, said_zh) = self.summary.render("summary", messages)?;
        let summary_zh = merge("summary", said_zh, self.summary_zh)?;
        let (recommendation, recommendation_zh) = match self.recommendation {
            None if self.recommendation_zh.is_some() => {
                return Err(
                    "finding: recommendation_zh translates nothing: the finding has no recommendation of its own"
                        .into(),
                );
            }
            None => (None, None),
            Some(spec) => {
                let (en, zh) = spec.render(self.recommendation_zh, messages)?;
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
    /// The recommendation, and its Chinese texts from said messages and from the
    /// `recommendation_zh` given beside it.
    fn render(
        self,
        given: Option<RecommendationZh>,
        messages: &Messages,
    ) -> Result<(Recommendation, Option<RecommendationZh>), String> {
        let given = given.unwrap_or_default();
        let field = |name: &str, wording: Wording, zh: Option<String>| {
            let (en, said_zh) = wording.render(&format!("recommendation.{name}"), messages)?;
            Ok::<_, String>((en, merge(&format!("recommendation.{name}"), said_zh, zh)?))
        };
        let optional = |name: &str, wording: Option<Wording>, zh: Option<String>| match wording {
            Some(wording) => field(name, wording, zh).map(|(en, zh)| (Some(en), zh)),
            None if zh.is_some() => Err(format!(
                "finding: recommendation_zh.{name} translates nothing: the recommendation has no {name}"
            )),
            None => Ok((None, None)),
        };
        let (action, action_zh) = field("action", self.action, given.action)?;
        let (verify, verify_zh) = field("verify", self.verify, given.verify)?;
        let (rollback, rollback_zh) = field("rollback", self.rollback, given.rollback)?;
        let (alternative, alternative_zh) =
            optional("alternative", self.alternative, given.alternative)?;
        let (cost, cost_zh) = optional("cost", self.cost, given.cost)?;
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

/// One text's Chinese: from the said messages or given beside the English, not both.
fn merge(
    field: &str,
    said: Option<String>,
    given: Option<String>,
) -> Result<Option<String>, String> {
    match (said, given) {
        (Some(_), Some(_)) => Err(format!(
            "finding: {field} is said in both languages by META.texts; drop its Chinese text given beside it"
        )),
        (said, given) => Ok(said.or(given)),
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
    fn said_recommendation_fields_give_both_languages_and_plain_ones_take_their_zh() {
        let texts = texts_of(serde_json::json!({
            "severity": "high",
            "summary": {"say": "busy", "with": {"disk": "vdb"}},
            "recommendation": {
                "action": [{"say": "raise", "with": {"name": "nr_requests"}}],
                "verify": "iostat -x",
                "rollback": "write it back",
            },
            "recommendation_zh": {"verify": "看 iostat"},
        }))
        .unwrap();
        assert_eq!(texts.summary, "vdb is busy");
        assert_eq!(texts.summary_zh.as_deref(), Some("vdb 繁忙"));
        let en = texts.recommendation.unwrap();
        assert_eq!(en.action, "Raise nr_requests");
        let zh = texts.recommendation_zh.unwrap();
        assert_eq!(zh.action.as_deref(), Some("提高 nr_requests"));
        assert_eq!(zh.verify.as_deref(), Some("看 iostat"));
        assert_eq!(zh.rollback, None, "falls back to English");
    }

    #[test]
    fn a_text_said_and_translated_beside_it_is_an_error() {
        let both = texts_of(serde_json::json!({
            "severity": "low",
            "summary": "plain",
            "recommendation": {
                "action": {"say": "raise", "with": {"name": "x"}},
                "verify": "v",
                "rollback": "r",
            },
            "recommendation_zh": {"action": "提高"},
        }));
        assert!(both.err().unwrap().contains("recommendation.action"));
        let nothing = texts_of(serde_json::json!({
            "severity": "low",
            "summary": "plain",
            "recommendation": {"action": "a", "verify": "v", "rollback": "r"},
            "recommendation_zh": {"cost": "在线"},
        }));
        assert!(nothing.err().unwrap().contains("recommendation_zh.cost"));
        let summary = texts_of(serde_json::json!({
            "severity": "low",
            "summary": [{"say": "busy", "with": {"disk": "a"}}],
            "summary_zh": "繁忙",
        }));
        assert!(summary.err().unwrap().contains("summary is said"));
    }
}
