//! The report document of a diagnosis: decides, once for every format, which
//! sections a host has and in what order, and picks each text in the report's language
//! (fixed words from `labels`, rule and methodology texts through `localize`).

use super::next_actions;
use super::{
    Block, Cell, ChartSource, Column, Conflict, Document, Grid, HostCharts, Metric, Note, Part,
    PathStep, Section, Subject, Target, VerdictLine, finding,
};
use crate::diagnosis::{Diagnosis, HostDiagnosis, TargetStatus};
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::i18n::{localize, verdict_words};
use crate::report::numbers::with_unit;
use crate::rules::Finding;

pub fn document(d: &Diagnosis, lang: Lang) -> Document<'_> {
    Document {
        lang,
        version: &d.perfsage_version,
        title: Label::ReportTitle.text(lang).to_string(),
        subject: Some(Subject {
            label: Label::DiagnosisOf.text(lang),
            code: d.bundle.clone(),
        }),
        footnote: Some(Label::EvidenceNote.text(lang)),
        intro: Vec::new(),
        parts: d
            .hosts
            .iter()
            .enumerate()
            .map(|(i, h)| host(d, h, format!("host-{}", i + 1), lang))
            .collect(),
    }
}

/// One host of a diagnosis as a part whose anchor is `anchor` (the engagement report
/// builds the hosts of each run under the run's own anchors).
pub fn host<'a>(d: &'a Diagnosis, h: &'a HostDiagnosis, anchor: String, lang: Lang) -> Part<'a> {
    let section = |heading: Label, block: Block<'a>| Section {
        heading: Some(heading.text(lang).to_string()),
        block,
    };
    let mut sections = Vec::new();
    if let Some(t) = &h.target {
        sections.push(Section {
            heading: None,
            block: Block::Target(target(t, lang)),
        });
    }
    if !h.key_metrics.is_empty() {
        sections.push(section(Label::KeyMetrics, Block::Metrics(metrics(h, lang))));
    }
    let actions = next_actions::grid(h, lang);
    if !actions.rows.is_empty() {
        sections.push(section(next_actions::heading(h), Block::Grid(actions)));
    }
    sections.push(section(
        Label::Charts,
        Block::Charts(ChartSource::Host(HostCharts {
            host: &h.host,
            charts: &h.charts,
            methodology: &d.methodology,
            steps: &h.steps,
        })),
    ));
    sections.push(section(Label::StepsTaken, Block::Path(path(d, h, lang))));
    for (heading, list) in [
        (Label::Findings, &h.findings),
        (Label::OffPathFindings, &h.off_path_findings),
    ] {
        if !list.is_empty() {
            sections.push(section(heading, Block::Findings(findings(list, lang))));
        }
    }
    if !h.skipped_steps.is_empty() {
        sections.push(section(
            Label::StepsNotTaken,
            Block::Grid(skipped_grid(d, h, lang)),
        ));
    }
    if !h.rule_errors.is_empty() {
        let notes = h
            .rule_errors
            .iter()
            .map(|e| Note {
                subject: e.rule.clone(),
                text: e.to_string(),
            })
            .collect();
        sections.push(section(Label::RuleErrors, Block::Notes(notes)));
    }
    if !h.capture_next.is_empty() {
        sections.push(section(
            Label::CaptureNext,
            Block::Grid(capture_next_grid(h, lang)),
        ));
    }
    if !h.fact_conflicts.is_empty() {
        let conflicts = h
            .fact_conflicts
            .iter()
            .map(|c| Conflict {
                key: c.key.clone(),
                kept: c.kept.to_string(),
                ignored: c.ignored.to_string(),
                ignored_value: c.ignored_value.clone(),
            })
            .collect();
        sections.push(section(Label::FactConflicts, Block::Conflicts(conflicts)));
    }
    sections.push(section(
        Label::Captures,
        Block::Grid(captures_grid(h, lang)),
    ));
    let headline = labels::verdict_headline(h.bottleneck.resource, lang);
    Part {
        anchor,
        heading: format!("{} {}", Label::Host.text(lang), h.host),
        tags: h
            .role
            .iter()
            .chain(&h.platform)
            .map(String::as_str)
            .collect(),
        linked: false,
        contents: Some(format!("{} — {headline}", h.host)),
        verdict: Some(VerdictLine {
            resource: h.bottleneck.resource,
            headline,
            confidence: Some(h.bottleneck.confidence),
            summary: Some(verdict_words::verdict_summary(&h.bottleneck, lang)),
        }),
        sections,
        parts: Vec::new(),
    }
}

pub fn target(t: &TargetStatus, lang: Lang) -> Target {
    Target {
        met: t.met,
        summary: verdict_words::target_summary(t, lang),
    }
}

fn metrics(h: &HostDiagnosis, lang: Lang) -> Vec<Metric> {
    h.key_metrics
        .iter()
        .map(|m| {
            let value = with_unit(m.value, m.unit);
            let (number, unit) = value.split_once(' ').unwrap_or((&value, ""));
            Metric {
                name: labels::metric_name(&m.key, lang),
                number: number.to_string(),
                unit: unit.to_string(),
                source: m.provenance.to_string(),
            }
        })
        .collect()
}

fn path<'a>(d: &'a Diagnosis, h: &'a HostDiagnosis, lang: Lang) -> Vec<PathStep<'a>> {
    h.steps
        .iter()
        .map(|step| PathStep {
            id: &step.visit.step,
            question: localize::step_title(
                &d.methodology,
                &step.visit.step,
                &step.visit.title,
                lang,
            ),
            via: match (&step.visit.from, &step.visit.when) {
                (Some(from), Some(when)) => Some((from.as_str(), when.as_str())),
                _ => None,
            },
            findings: &step.findings,
        })
        .collect()
}

fn findings(list: &[Finding], lang: Lang) -> Vec<super::FindingBlock<'_>> {
    list.iter()
        .enumerate()
        .map(|(i, f)| finding(f, i + 1, lang))
        .collect()
}

fn skipped_grid(d: &Diagnosis, h: &HostDiagnosis, lang: Lang) -> Grid {
    let rows = h
        .skipped_steps
        .iter()
        .map(|step| {
            vec![
                Cell::Code(step.step.clone()),
                Cell::Text(
                    localize::step_title(&d.methodology, &step.step, &step.title, lang).to_string(),
                ),
                Cell::Lines(
                    step.reasons
                        .iter()
                        .map(|r| localize::skipped_reason(r, lang))
                        .collect(),
                ),
            ]
        })
        .collect();
    Grid {
        columns: vec![
            Column::text(Label::Step.text(lang)),
            Column::text(Label::Question.text(lang)),
            Column::text(Label::WhyNot.text(lang)),
        ],
        rows,
    }
}

fn capture_next_grid(h: &HostDiagnosis, lang: Lang) -> Grid {
    let rows = h
        .capture_next
        .iter()
        .map(|hint| {
            vec![
                Cell::Code(localize::capture_hint(&hint.capture, lang)),
                if hint.facts.is_empty() {
                    Cell::Dash
                } else {
                    Cell::Codes(hint.facts.clone())
                },
                Cell::Codes(
                    hint.needed_by
                        .iter()
                        .map(|n| localize::needed_by(n, lang))
                        .collect(),
                ),
            ]
        })
        .collect();
    Grid {
        columns: vec![
            Column::text(Label::Capture.text(lang)),
            Column::text(Label::Supplies.text(lang)),
            Column::text(Label::NeededBy.text(lang)),
        ],
        rows,
    }
}

fn captures_grid(h: &HostDiagnosis, lang: Lang) -> Grid {
    let rows = h
        .captures
        .iter()
        .map(|capture| {
            vec![
                Cell::Code(capture.location()),
                capture
                    .tool
                    .as_ref()
                    .map_or(Cell::Dash, |t| Cell::Program(t.clone())),
                Cell::Lines(localize::capture_result(capture, lang)),
            ]
        })
        .collect();
    Grid {
        columns: vec![
            Column::text(Label::File.text(lang)),
            Column::text(Label::Tool.text(lang)),
            Column::text(Label::Result.text(lang)),
        ],
        rows,
    }
}
