//! The engagement as a report says it, decided once per language: the chain of runs as
//! rows, the target status of the latest run, each run's configuration, and the runs
//! to show in full with their headings (the latest always, the earlier ones with
//! `--all`, else a note that they are hidden). The table, Markdown and HTML exporters
//! lay these parts out.

use super::rows::{ChainRow, rows};
use crate::diagnosis::Diagnosis;
use crate::engagement::Engagement;
use crate::report::document::{Target, target};
use crate::report::i18n::labels::{self, Label, Lang};

pub struct EngagementDocument<'e> {
    pub version: &'e str,
    pub name: &'e str,
    pub title: Option<&'e str>,
    /// The host whose figures the chain follows.
    pub host: &'e str,
    pub rows: Vec<ChainRow>,
    /// The latest run's target status.
    pub target: Option<Target>,
    /// Each run's configuration, when the case or the bundle describes it.
    pub configurations: Vec<Configuration<'e>>,
    /// The runs shown in full: the latest, then the earlier ones in chain order.
    pub runs: Vec<RunPart<'e>>,
    /// Earlier runs exist but are not shown (without `--all`).
    pub earlier_hidden: bool,
}

pub struct Configuration<'e> {
    pub number: usize,
    pub label: &'e str,
    pub text: Option<&'e str>,
}

pub struct RunPart<'e> {
    pub number: usize,
    /// `Current state: run 3 (vm-48c-pinned-raw-disk)`, `Earlier run 1: vm-64c-…`.
    pub heading: String,
    pub latest: bool,
    pub diagnosis: &'e Diagnosis,
}

/// `all`: every earlier run in full too. HTML folds the earlier runs and shows them
/// all, open only with `all`, so it asks for them either way.
pub fn document(e: &Engagement, lang: Lang, all: bool) -> EngagementDocument<'_> {
    let pairs: Vec<_> = e.runs.iter().zip(&e.chain).collect();
    let count = pairs.len();
    let shown = count
        .checked_sub(1)
        .into_iter()
        .chain((0..count.saturating_sub(1)).filter(|_| all));
    let runs = shown
        .map(|i| (i, pairs[i]))
        .map(|(i, (diagnosis, link))| {
            let number = i + 1;
            let latest = number == count;
            let colon = labels::colon(lang);
            let heading = if latest {
                format!(
                    "{}{colon}{} {number} ({})",
                    Label::CurrentState.text(lang),
                    Label::Run.text(lang).to_lowercase(),
                    link.label
                )
            } else {
                format!(
                    "{} {number}{colon}{}",
                    Label::EarlierRun.text(lang),
                    link.label
                )
            };
            RunPart {
                number,
                heading,
                latest,
                diagnosis,
            }
        })
        .collect();
    EngagementDocument {
        version: &e.perfsage_version,
        name: &e.name,
        title: e.title.as_deref(),
        host: &e.host,
        rows: rows(&e.chain, &e.name, lang),
        target: e
            .chain
            .last()
            .and_then(|r| r.target.as_ref())
            .map(|t| target(t, lang)),
        configurations: e
            .chain
            .iter()
            .enumerate()
            .map(|(i, run)| Configuration {
                number: i + 1,
                label: &run.label,
                text: run.configuration.as_deref().map(str::trim),
            })
            .collect(),
        runs,
        earlier_hidden: !all && count > 1,
    }
}
