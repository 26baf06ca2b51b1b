//! The ranked next actions of a host as the rows every report prints: the action in
//! the report's language, the gain its source case measured (or the severity that
//! stands in for it), and the effort. One place decides these texts so the table,
//! Markdown and HTML reports cannot disagree about what to try first.

use super::labels::{self, Label, Lang};
use super::localize;
use crate::diagnosis::HostDiagnosis;
use crate::diagnosis::RankedAction;
use crate::facts::value::format_number;
use crate::rules::Finding;

pub struct NextActionRow<'a> {
    pub rank: usize,
    pub rule: &'a str,
    pub action: &'a str,
    /// "+68 % (dm8-kunpeng-sysbench)", or the severity when no case measured a gain.
    pub gain: String,
    /// The effort in words, or "—" when the rule's cost names none.
    pub effort: String,
}

pub fn rows(host: &HostDiagnosis, lang: Lang) -> Vec<NextActionRow<'_>> {
    host.next_actions
        .iter()
        .map(|a| {
            let finding = finding_of(host, &a.rule);
            NextActionRow {
                rank: a.rank,
                rule: &a.rule,
                action: finding
                    .and_then(|f| localize::recommendation(f, lang))
                    .map_or(a.action.as_str(), |r| r.action),
                gain: gain(a, finding, lang),
                effort: a
                    .effort
                    .map_or_else(|| "—".to_string(), |e| labels::effort(e, lang).to_string()),
            }
        })
        .collect()
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
    match finding.and_then(|f| f.source.as_ref()) {
        Some(source) => format!("{measured} ({})", source.case_id),
        None => measured,
    }
}
