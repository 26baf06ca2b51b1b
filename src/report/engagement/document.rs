//! The engagement as a report document, decided once per language: its title, the
//! chain of runs as a table (and bars of the followed host's benchmark figures for formats that
//! draw), the latest run's target status, each run's configuration, then the runs
//! shown in full, each a part holding its hosts: the latest always, the earlier ones
//! with `--all`, else a sentence saying they are left out.

use super::chain_table::chain_grid;
use crate::compare::snapshot;
use crate::engagement::Engagement;
use crate::report::document::{
    Block, Cell, ChainCharts, ChartSource, Document, List, Part, Section, Subject, host, target,
};
use crate::report::i18n::labels::{self, Label, Lang};
use std::borrow::Cow;

/// `all`: every earlier run in full too.
pub fn document(e: &Engagement, lang: Lang, all: bool) -> Document<'_> {
    let l = |label: Label| label.text(lang);
    let mut intro: Vec<Section> = e
        .title
        .iter()
        .map(|title| Section {
            heading: None,
            block: Block::Paragraph(title.clone()),
        })
        .collect();
    intro.extend([
        Section {
            heading: Some(format!(
                "{} ({} {})",
                l(Label::Chain),
                l(Label::FollowedHost),
                e.host
            )),
            block: Block::Grid(chain_grid(&e.chain, &e.name, lang)),
        },
        Section {
            heading: None,
            block: Block::Charts(ChartSource::Chain(ChainCharts {
                runs: Cow::Owned(
                    e.chain
                        .iter()
                        .zip(&e.runs)
                        .map(|(link, run)| snapshot(&link.label, run))
                        .collect(),
                ),
                hosts: vec![e.host.clone()],
                name_hosts: false,
            })),
        },
    ]);
    if let Some(t) = e.chain.last().and_then(|r| r.target.as_ref()) {
        intro.push(Section {
            heading: None,
            block: Block::Target(target(t, lang)),
        });
    }
    if e.chain.iter().any(|run| run.configuration.is_some()) {
        intro.push(Section {
            heading: Some(l(Label::Configurations).to_string()),
            block: Block::List(List {
                numbered: true,
                items: e
                    .chain
                    .iter()
                    .map(|run| {
                        vec![
                            Cell::Code(run.label.clone()),
                            run.configuration
                                .as_deref()
                                .map_or(Cell::Dash, |c| Cell::Text(c.trim().to_string())),
                        ]
                    })
                    .collect(),
            }),
        });
    }
    let count = e.runs.len();
    if !all && count > 1 {
        intro.push(Section {
            heading: None,
            block: Block::Paragraph(l(Label::EarlierRunsHidden).to_string()),
        });
    }
    let shown = count
        .checked_sub(1)
        .into_iter()
        .chain((0..count.saturating_sub(1)).filter(|_| all));
    Document {
        lang,
        version: &e.perfsage_version,
        title: l(Label::EngagementTitle).to_string(),
        subject: Some(Subject {
            label: l(Label::EngagementTitle),
            code: e.name.clone(),
        }),
        footnote: Some(l(Label::EvidenceNote)),
        intro,
        parts: shown.map(|i| run(e, i, lang)).collect(),
    }
}

/// Run `i` of the chain with its hosts; only the latest run's hosts are listed in the
/// page's contents.
fn run(e: &Engagement, i: usize, lang: Lang) -> Part<'_> {
    let number = i + 1;
    let latest = number == e.runs.len();
    let label = &e.chain[i].label;
    let colon = labels::colon(lang);
    let heading = if latest {
        format!(
            "{}{colon}{} {number} ({label})",
            Label::CurrentState.text(lang),
            Label::Run.text(lang).to_lowercase(),
        )
    } else {
        format!("{} {number}{colon}{label}", Label::EarlierRun.text(lang))
    };
    let diagnosis = &e.runs[i];
    let anchor = format!("run-{number}");
    Part {
        heading,
        tags: Vec::new(),
        linked: false,
        contents: None,
        verdict: None,
        sections: vec![Section {
            heading: None,
            block: Block::Paragraph(format!(
                "{}{colon}{}",
                Label::DiagnosisOf.text(lang),
                diagnosis.bundle
            )),
        }],
        parts: diagnosis
            .hosts
            .iter()
            .enumerate()
            .map(|(h, host_diagnosis)| {
                let mut part = host(
                    diagnosis,
                    host_diagnosis,
                    format!("{anchor}-host-{}", h + 1),
                    lang,
                );
                if !latest {
                    part.contents = None;
                }
                part
            })
            .collect(),
        anchor,
    }
}
