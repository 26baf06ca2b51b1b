//! The ranked next actions of a host as the rows every report prints: the action in
//! the report's language, the gain its source case measured (or the severity that
//! stands in for it), and the effort. One place decides these texts so the table,
//! Markdown and HTML reports cannot disagree about what to try first.

use super::labels::{self, Label, Lang};
use super::localize;
use crate::diagnosis::HostDiagnosis;
use crate::diagnosis::RankedAction;
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
        .map(|a| NextActionRow {
            rank: a.rank,
            rule: &a.rule,
            action: finding_of(host, &a.rule)
                .and_then(|f| localize::recommendation(f, lang))
                .map_or(a.action.as_str(), |r| r.action),
            gain: gain(host, a, lang),
            effort: a
                .effort
                .map_or_else(|| "—".to_string(), |e| labels::effort(e, lang).to_string()),
        })
        .collect()
}

fn finding_of<'a>(host: &'a HostDiagnosis, rule: &str) -> Option<&'a Finding> {
    host.findings
        .iter()
        .chain(&host.off_path_findings)
        .find(|f| f.rule == rule)
}

fn gain(host: &HostDiagnosis, a: &RankedAction, lang: Lang) -> String {
    let case = finding_of(host, &a.rule)
        .and_then(|f| f.source.as_ref())
        .map(|s| s.case_id.as_str());
    let percent = |pct: f64| {
        if pct.fract() == 0.0 {
            format!("{pct:+.0} %")
        } else {
            format!("{pct:+.1} %")
        }
    };
    match (a.gain_pct, case) {
        (Some(pct), Some(case)) => format!("{} ({case})", percent(pct)),
        (Some(pct), None) => percent(pct),
        (None, _) => format!(
            "{}{}{}",
            Label::NoMeasuredGain.text(lang),
            labels::colon(lang),
            labels::severity(a.severity, lang)
        ),
    }
}
