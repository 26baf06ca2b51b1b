//! The comparison as a report document, decided once per language: the chain of runs
//! (a list, and bars of each host's benchmark figures for formats that draw), then a
//! part per change (each consecutive pair, then first → last) holding a part per host:
//! the verdicts, the benchmark gains, the recommended steps the change matched (best
//! first, only the best with its action), the key metrics side by side and the
//! findings that went or came (each in full in the run's own report).

use super::{after_value, before_value, delta, gain_line, match_action, match_sentence};
use crate::compare::{Change, Comparison, HostChange};
use crate::report::document::{
    Block, Cell, ChainCharts, ChartSource, Column, Document, Gain, Grid, List, Part, Section,
    Subject, VerdictLine,
};
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::i18n::localize;
use crate::report::numbers::change_pct;
use std::borrow::Cow;

pub fn document(c: &Comparison, lang: Lang) -> Document<'_> {
    let mut changes: Vec<(&Change, bool)> = c.changes.iter().map(|ch| (ch, false)).collect();
    if let Some(overall) = &c.overall {
        changes.push((overall, true));
    }
    let chain = List {
        numbered: true,
        items: c
            .snapshots
            .iter()
            .map(|s| vec![Cell::Strong(s.label.clone()), Cell::Code(s.source.clone())])
            .collect(),
    };
    let charted_hosts = c
        .snapshots
        .last()
        .map(|s| s.hosts.iter().map(|h| h.host.clone()).collect())
        .unwrap_or_default();
    Document {
        lang,
        version: &c.perfsage_version,
        title: Label::CompareTitle.text(lang).to_string(),
        subject: Some(Subject {
            label: Label::Chain.text(lang),
            code: c
                .snapshots
                .iter()
                .map(|s| s.label.as_str())
                .collect::<Vec<_>>()
                .join(" → "),
        }),
        footnote: None,
        intro: vec![
            Section {
                heading: Some(Label::Chain.text(lang).to_string()),
                block: Block::List(chain),
            },
            Section {
                heading: None,
                block: Block::Charts(ChartSource::Chain(ChainCharts {
                    runs: Cow::Borrowed(&c.snapshots),
                    hosts: charted_hosts,
                    name_hosts: true,
                })),
            },
        ],
        parts: changes
            .into_iter()
            .enumerate()
            .map(|(i, (change, overall))| {
                let anchor = format!("change-{}", i + 1);
                let heading = heading(c, change, overall, lang);
                Part {
                    heading: heading.clone(),
                    tags: Vec::new(),
                    linked: false,
                    contents: Some(heading),
                    verdict: None,
                    sections: change
                        .unpaired
                        .iter()
                        .map(|host| Section {
                            heading: None,
                            block: Block::Paragraph(format!("{} {host}", Label::OnlyIn.text(lang))),
                        })
                        .collect(),
                    parts: change
                        .hosts
                        .iter()
                        .enumerate()
                        .map(|(h, host_change)| {
                            let anchor = format!("{anchor}-{}", h + 1);
                            host(c, change, overall, host_change, anchor, lang)
                        })
                        .collect(),
                    anchor,
                }
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
    anchor: String,
    lang: Lang,
) -> Part<'c> {
    let headline = {
        let before = labels::verdict_headline(h.verdict_before.resource, lang);
        let after = labels::verdict_headline(h.verdict_after.resource, lang);
        if before == after {
            after
        } else {
            format!("{before} → {after}")
        }
    };
    let section = |heading: Label, block: Block<'c>| Section {
        heading: Some(heading.text(lang).to_string()),
        block,
    };
    let mut sections = Vec::new();
    if !h.gains.is_empty() {
        sections.push(section(
            Label::BenchmarkGain,
            Block::Gains(
                h.gains
                    .iter()
                    .map(|g| Gain {
                        text: gain_line(c, change, g, lang),
                        change: change_pct(g.change_pct),
                        improved: g.improved,
                    })
                    .collect(),
            ),
        ));
    }
    let matched = if h.matches.is_empty() {
        Block::Paragraph(Label::NoMatchedStep.text(lang).to_string())
    } else {
        Block::List(List {
            numbered: false,
            items: h
                .matches
                .iter()
                .enumerate()
                .map(|(i, m)| match (i, match_action(m, lang)) {
                    (0, Some(action)) => vec![
                        Cell::Strong(match_sentence(m, lang)),
                        Cell::Text(action.to_string()),
                    ],
                    (0, None) => vec![Cell::Strong(match_sentence(m, lang))],
                    _ => vec![Cell::Text(match_sentence(m, lang))],
                })
                .collect(),
        })
    };
    sections.push(section(
        if overall {
            Label::MatchedSteps
        } else {
            Label::MatchedStep
        },
        matched,
    ));
    let l = |label: Label| label.text(lang);
    sections.push(section(
        Label::KeyMetrics,
        Block::Grid(Grid {
            columns: vec![
                Column::text(l(Label::Metric)),
                Column::number(l(Label::Before)),
                Column::number(l(Label::After)),
                Column::number(l(Label::Change)),
            ],
            rows: h
                .metrics
                .iter()
                .map(|m| {
                    let (text, good) = delta(m, lang);
                    vec![
                        Cell::Text(labels::metric_name(&m.key, lang)),
                        Cell::Text(before_value(c, m)),
                        Cell::Text(after_value(c, m)),
                        Cell::Delta { text, good },
                    ]
                })
                .collect(),
        }),
    ));
    for (heading, findings) in [
        (Label::FindingsGone, &h.findings_gone),
        (Label::FindingsNew, &h.findings_new),
    ] {
        if !findings.is_empty() {
            sections.push(section(
                heading,
                Block::Grid(Grid {
                    columns: vec![
                        Column::text(l(Label::Severity)),
                        Column::text(l(Label::Rule)),
                        Column::text(l(Label::Finding)),
                    ],
                    rows: findings
                        .iter()
                        .map(|f| {
                            vec![
                                Cell::Text(labels::severity(f.severity, lang).to_string()),
                                Cell::Code(f.rule.clone()),
                                Cell::Text(localize::finding_title(f, lang).to_string()),
                            ]
                        })
                        .collect(),
                }),
            ));
        }
    }
    Part {
        anchor,
        heading: format!(
            "{} {}",
            Label::Host.text(lang),
            match &h.host_before {
                Some(before) => format!("{before} → {}", h.host),
                None => h.host.clone(),
            }
        ),
        tags: Vec::new(),
        linked: false,
        contents: None,
        verdict: Some(VerdictLine {
            resource: h.verdict_after.resource,
            headline,
            confidence: None,
            summary: None,
        }),
        sections,
        parts: Vec::new(),
    }
}
