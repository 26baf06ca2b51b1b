//! The comparison as a report says it, decided once per language: the chain of runs,
//! then per change (each consecutive pair, then first → last) and host the verdicts,
//! the benchmark gains, the recommended steps the change matched (best first, only the
//! best with its action), the key metrics side by side and the findings that went or
//! came. The table, Markdown and HTML exporters lay these parts out; none of them picks
//! a text or an order of its own.

use super::{after_value, before_value, delta, gain_line, match_action, match_sentence};
use crate::compare::{Change, Comparison, HostChange};
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::i18n::localize;
use crate::report::numbers::change_pct;
use crate::rules::{Finding, Resource};

pub struct CompareDocument<'c> {
    pub version: &'c str,
    pub chain: Vec<Run<'c>>,
    pub changes: Vec<ChangePart<'c>>,
}

/// A run of the chain: its label and where it was read from.
pub struct Run<'c> {
    pub label: &'c str,
    pub source: &'c str,
}

pub struct ChangePart<'c> {
    /// `before → after`, led by `Overall: ` for the chain's first → last.
    pub heading: String,
    /// The chain's first → last, after the consecutive pairs.
    pub overall: bool,
    pub hosts: Vec<HostPart<'c>>,
    /// Hosts only one side of the change has.
    pub unpaired: &'c [String],
}

pub struct HostPart<'c> {
    /// The host, `before → after` when it was renamed.
    pub name: String,
    /// `STORAGE limits throughput → No resource is saturated`, or one headline.
    pub verdict: String,
    pub resource_after: Resource,
    pub gains: Vec<GainLine>,
    /// "Matched step" for one change, "Matched steps" for the chain's overall one.
    pub matches_heading: &'static str,
    /// Best first; only the best carries its recommended action.
    pub matches: Vec<MatchLine<'c>>,
    pub metrics: Vec<MetricRow>,
    /// The findings that disappeared, then those that appeared; empty groups left out.
    pub findings: Vec<FindingGroup<'c>>,
}

pub struct GainLine {
    /// `oltp_read_write: 3,171 → 3,952 TPS, +24.6 %`, with the runs it spans.
    pub text: String,
    /// `+24.6 %`.
    pub change: String,
    pub improved: bool,
}

pub struct MatchLine<'c> {
    pub sentence: String,
    pub action: Option<&'c str>,
}

pub struct MetricRow {
    pub name: String,
    pub before: String,
    pub after: String,
    pub delta: String,
    /// Whether the change is good, bad or neither.
    pub good: Option<bool>,
}

pub struct FindingGroup<'c> {
    pub heading: &'static str,
    /// `gone` or `new`, for anchors.
    pub kind: &'static str,
    pub items: Vec<FindingItem<'c>>,
}

pub struct FindingItem<'c> {
    pub finding: &'c Finding,
    pub severity: &'static str,
    pub title: &'c str,
}

pub fn document<'c>(c: &'c Comparison, lang: Lang) -> CompareDocument<'c> {
    let mut changes: Vec<(&Change, bool)> = c.changes.iter().map(|ch| (ch, false)).collect();
    if let Some(overall) = &c.overall {
        changes.push((overall, true));
    }
    CompareDocument {
        version: &c.perfsage_version,
        chain: c
            .snapshots
            .iter()
            .map(|s| Run {
                label: &s.label,
                source: &s.source,
            })
            .collect(),
        changes: changes
            .into_iter()
            .map(|(change, overall)| ChangePart {
                heading: heading(c, change, overall, lang),
                overall,
                hosts: change
                    .hosts
                    .iter()
                    .map(|h| host(c, change, overall, h, lang))
                    .collect(),
                unpaired: &change.unpaired,
            })
            .collect(),
    }
}

fn heading(c: &Comparison, change: &Change, overall: bool, lang: Lang) -> String {
    let runs = format!(
        "{} → {}",
        c.snapshots[change.before].label, c.snapshots[change.after].label
    );
    if overall {
        format!("{}{}{runs}", Label::Overall.text(lang), labels::colon(lang))
    } else {
        runs
    }
}

fn host<'c>(
    c: &'c Comparison,
    change: &Change,
    overall: bool,
    h: &'c HostChange,
    lang: Lang,
) -> HostPart<'c> {
    let verdict = {
        let before = labels::verdict_headline(h.verdict_before.resource, lang);
        let after = labels::verdict_headline(h.verdict_after.resource, lang);
        if before == after {
            after
        } else {
            format!("{before} → {after}")
        }
    };
    let findings = [
        (Label::FindingsGone, "gone", &h.findings_gone),
        (Label::FindingsNew, "new", &h.findings_new),
    ]
    .into_iter()
    .filter(|(_, _, findings)| !findings.is_empty())
    .map(|(label, kind, findings)| FindingGroup {
        heading: label.text(lang),
        kind,
        items: findings
            .iter()
            .map(|f| FindingItem {
                finding: f,
                severity: labels::severity(f.severity, lang),
                title: localize::finding_title(f, lang),
            })
            .collect(),
    })
    .collect();
    HostPart {
        name: match &h.host_before {
            Some(before) => format!("{before} → {}", h.host),
            None => h.host.clone(),
        },
        verdict,
        resource_after: h.verdict_after.resource,
        gains: h
            .gains
            .iter()
            .map(|g| GainLine {
                text: gain_line(c, change, g, lang),
                change: change_pct(g.change_pct),
                improved: g.improved,
            })
            .collect(),
        matches_heading: if overall {
            Label::MatchedSteps.text(lang)
        } else {
            Label::MatchedStep.text(lang)
        },
        matches: h
            .matches
            .iter()
            .enumerate()
            .map(|(i, m)| MatchLine {
                sentence: match_sentence(m, lang),
                action: if i == 0 { match_action(m, lang) } else { None },
            })
            .collect(),
        metrics: h
            .metrics
            .iter()
            .map(|m| {
                let (delta, good) = delta(m, lang);
                MetricRow {
                    name: labels::metric_name(&m.key, lang),
                    before: before_value(c, m),
                    after: after_value(c, m),
                    delta,
                    good,
                }
            })
            .collect(),
        findings,
    }
}
