//! A finding as the report tells it, in the report's language: severity, rule, title,
//! why, the evidence with its file:line, the recommendation with its commands, the
//! gain in the source case and the confidence. Built once; the terminal, Markdown and
//! HTML (and the comparison page, for findings that came or went) render the same block.

use crate::report::i18n::labels::Lang;
use crate::report::i18n::localize::{self, RecommendationText};
use crate::rules::{Finding, Severity};

pub struct FindingBlock<'a> {
    /// Its place in its list, from 1.
    pub number: usize,
    pub severity: Severity,
    pub rule: &'a str,
    pub title: &'a str,
    pub why: &'a str,
    pub evidence: Vec<Evidence>,
    pub recommendation: Option<Recommendation<'a>>,
    pub source: Option<SourceGain<'a>>,
    /// 0 to 1.
    pub confidence: f64,
}

/// A fact and its value as a statement, and where it was read.
pub struct Evidence {
    pub statement: String,
    pub location: String,
}

pub type Recommendation<'a> = RecommendationText<'a>;

/// What the step gained in the case the rule comes from.
pub struct SourceGain<'a> {
    pub gain: &'a str,
    pub case_id: &'a str,
    /// The source document's file name under `seeds/`.
    pub seed: &'a str,
}

pub fn finding(f: &Finding, number: usize, lang: Lang) -> FindingBlock<'_> {
    FindingBlock {
        number,
        severity: f.severity,
        rule: &f.rule,
        title: localize::finding_title(f, lang),
        why: localize::finding_summary(f, lang),
        evidence: f
            .evidence
            .iter()
            .map(|e| Evidence {
                statement: e.statement(),
                location: e.location(),
            })
            .collect(),
        recommendation: localize::recommendation(f, lang),
        source: f.source.as_ref().map(|s| SourceGain {
            gain: localize::source_gain(s, lang),
            case_id: &s.case_id,
            seed: &s.seed,
        }),
        confidence: f.confidence,
    }
}
