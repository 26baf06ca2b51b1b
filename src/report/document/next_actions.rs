//! The ranked next actions of a host as the table every report prints: what to do
//! (the finding's title, the action and its first command, in the report's language;
//! the rule id after them), the gain expected (measured in case chains, else in the
//! source case, else the severity that stands in for it), and the effort. Decided here
//! once, so the table, Markdown and HTML reports cannot disagree about what to try first.

use super::{ActionCell, Cell, Column, Grid};
use crate::diagnosis::HostDiagnosis;
use crate::diagnosis::RankedAction;
use crate::facts::value::format_number;
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::i18n::localize;
use crate::rules::Finding;

/// The host's ranked actions; no rows when it has none.
pub fn grid(host: &HostDiagnosis, lang: Lang) -> Grid {
    let rows = host
        .next_actions
        .iter()
        .map(|a| {
            let finding = finding_of(host, &a.rule);
            let recommendation = finding.and_then(|f| localize::recommendation(f, lang));
            let action = ActionCell {
                title: finding
                    .map_or(a.rule.as_str(), |f| localize::finding_title(f, lang))
                    .to_string(),
                action: recommendation
                    .as_ref()
                    .map_or(a.action.as_str(), |r| r.action)
                    .to_string(),
                command: recommendation
                    .as_ref()
                    .and_then(|r| r.commands.first())
                    .cloned(),
                rule: a.rule.clone(),
            };
            let effort = a.effort.map_or(Cell::Dash, |e| {
                Cell::Text(labels::effort(e, lang).to_string())
            });
            vec![
                Cell::Number(a.rank),
                Cell::Action(action),
                Cell::Text(gain(a, finding, lang)),
                effort,
            ]
        })
        .collect();
    Grid {
        columns: vec![
            Column::number("#"),
            Column::text(Label::Action.text(lang)),
            Column::text(Label::GainExpected.text(lang)),
            Column::text(Label::EffortColumn.text(lang)),
        ],
        rows,
    }
}

/// The heading over the table: optional steps once the host meets its target.
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
