//! The ranked next actions of a host as the rows every report prints: what to do
//! (the finding's title, the action and its first command, in the report's language;
//! the rule id after them), the gain expected (measured in case chains, else in the
//! source case, else the severity that stands in for it), and the effort. One place decides these texts so the table,
//! Markdown and HTML reports cannot disagree about what to try first.

use super::labels::{self, Label, Lang};
use super::localize;
use crate::diagnosis::HostDiagnosis;
use crate::diagnosis::RankedAction;
use crate::facts::value::format_number;
use crate::rules::Finding;

pub struct NextActionRow<'a> {
    pub rank: usize,
    /// The finding's title: what the action is about, in a few words.
    pub title: &'a str,
    pub action: &'a str,
    /// The first command of the recommendation, when it gives one.
    pub command: Option<&'a str>,
    pub rule: &'a str,
    /// "+68 % (dm8-kunpeng-sysbench)", "+24.6 % (measured: greatdb-vm-cluster)" when case
    /// chains measured it, or the severity when no case measured a gain.
    pub gain: String,
    /// The effort in words, or "—" when the rule's cost names none.
    pub effort: String,
}

pub fn rows(host: &HostDiagnosis, lang: Lang) -> Vec<NextActionRow<'_>> {
    host.next_actions
        .iter()
        .map(|a| {
            let finding = finding_of(host, &a.rule);
            let recommendation = finding.and_then(|f| localize::recommendation(f, lang));
            NextActionRow {
                rank: a.rank,
                title: finding.map_or(a.rule.as_str(), |f| localize::finding_title(f, lang)),
                action: recommendation
                    .as_ref()
                    .map_or(a.action.as_str(), |r| r.action),
                command: recommendation
                    .as_ref()
                    .and_then(|r| r.commands.first())
                    .map(String::as_str),
                rule: &a.rule,
                gain: gain(a, finding, lang),
                effort: a
                    .effort
                    .map_or_else(|| "—".to_string(), |e| labels::effort(e, lang).to_string()),
            }
        })
        .collect()
}

/// The heading over the rows: optional steps once the host meets its target.
pub fn heading(host: &HostDiagnosis) -> Label {
    if host.target.as_ref().is_some_and(|t| t.met) {
        Label::NextActionsOptional
    } else {
        Label::NextActions
    }
}

fn finding_of<'a>(host: &'a HostDiagnosis, rule: &str) -> Option<&'a Finding> {
    host.findings
        .iter()
        .chain(&host.off_path_findings)
        .find(|f| f.rule == rule)
}

fn gain(a: &RankedAction, finding: Option<&Finding>, lang: Lang) -> String {
    let Some(pct) = a.gain_pct else {
        return format!(
            "{}{}{}",
            Label::NoMeasuredGain.text(lang),
            labels::colon(lang),
            labels::severity(a.severity, lang)
        );
    };
    let sign = if pct >= 0.0 { "+" } else { "" };
    let measured = format!("{sign}{} %", format_number(pct));
    if !a.measured_in.is_empty() {
        return format!(
            "{measured} ({}{}{})",
            Label::MeasuredGain.text(lang),
            labels::colon(lang),
            a.measured_in.join(", ")
        );
    }
    match finding.and_then(|f| f.source.as_ref()) {
        Some(source) => format!("{measured} ({})", source.case_id),
        None => measured,
    }
}
