//! What a rule says when it fires: a finding with severity, confidence, the evidence
//! (facts with their file:line) and what to do about it.

use super::effort::Effort;
use crate::facts::{Unit, Value};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Low,
    Medium,
    High,
    Critical,
}

impl FromStr for Severity {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "info" => Severity::Info,
            "low" => Severity::Low,
            "medium" => Severity::Medium,
            "high" => Severity::High,
            "critical" => Severity::Critical,
            other => {
                return Err(format!(
                    "unknown severity {other:?} (expected info, low, medium, high or critical)"
                ));
            }
        })
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Info => "info",
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
            Severity::Critical => "critical",
        })
    }
}

/// The resource a bottleneck finding points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resource {
    Cpu,
    Storage,
    Memory,
    Network,
    Lock,
    LoadGenerator,
    None,
    Unknown,
    /// The host's role is not to deliver the throughput (a hypervisor, a load generator
    /// without CPU figures): no bottleneck verdict is due.
    NotJudged,
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Resource::Cpu => "cpu",
            Resource::Storage => "storage",
            Resource::Memory => "memory",
            Resource::Network => "network",
            Resource::Lock => "lock",
            Resource::LoadGenerator => "load-generator",
            Resource::None => "none",
            Resource::Unknown => "unknown",
            Resource::NotJudged => "not-judged",
        })
    }
}

/// The case a rule's knowledge comes from, and what the step gained there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// File name of the source document under `seeds/`.
    pub seed: String,
    /// The replayable case in `cases/`.
    pub case_id: String,
    /// The gain as the document reported it, e.g. "+27 % TPS (3107 → 3952 at 256 threads)".
    pub gain: String,
    /// The gain's text in Chinese, for reports in `--lang zh`; the English one stands
    /// in when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gain_zh: Option<String>,
    /// The same gain as a number, for ranking; absent when the document gave none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gain_pct: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recommendation {
    pub action: String,
    #[serde(default)]
    pub commands: Vec<String>,
    pub verify: String,
    pub rollback: String,
    /// A cheaper or less intrusive way to the same end, if the case names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternative: Option<String>,
    /// What applying it costs, in words for the reader.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
    /// What it takes to try, for ranking; a finding's own recommendation without one
    /// takes META's. Reports show it in the ranked next actions, not here.
    #[serde(default, skip_serializing)]
    pub effort: Option<Effort>,
}

/// One fact a finding rests on, with where it was read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evidence {
    pub key: String,
    pub value: Value,
    pub unit: Unit,
    pub file: String,
    pub line: u64,
    pub line_end: u64,
    pub tool: String,
}

impl Evidence {
    /// `file:line` or `file:first-last`.
    pub fn location(&self) -> String {
        if self.line_end > self.line {
            format!("{}:{}-{}", self.file, self.line, self.line_end)
        } else {
            format!("{}:{}", self.file, self.line)
        }
    }

    /// `key = value unit`.
    pub fn statement(&self) -> String {
        let unit = match self.unit {
            Unit::None | Unit::Count => String::new(),
            unit => format!(" {unit}"),
        };
        format!("{} = {}{unit}", self.key, self.value)
    }
}

/// The Chinese texts of a recommendation, each optional: a missing one falls back to
/// the English text when the report is rendered in Chinese. Commands are not
/// translated.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecommendationZh {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verify: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rollback: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternative: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
}

/// The Chinese texts a finding carries next to its English ones: the rule's title and
/// recommendation from `META.zh`, the summary and the finding's own recommendation
/// from the messages it said (`META.texts`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FindingZh {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommendation: Option<RecommendationZh>,
}

impl FindingZh {
    /// `None` when there is no Chinese text at all, so the JSON stays lean.
    pub fn non_empty(self) -> Option<FindingZh> {
        (self != FindingZh::default()).then_some(self)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub rule: String,
    pub title: String,
    pub layer: String,
    pub step: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<Resource>,
    pub severity: Severity,
    pub confidence: f64,
    pub summary: String,
    pub evidence: Vec<Evidence>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommendation: Option<Recommendation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
    /// Chinese texts, when the rule has them; the report picks the language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zh: Option<FindingZh>,
}
