//! `perfsage diagnose` over an engagement: a case folder with several bundles, or the
//! bundles given with `--chain` in the order given (`--each DIR`: its sub-folders in
//! name order). Every run is diagnosed; one report tells the chain and shows the
//! latest run in full, written to exactly the file `-o` names.

use super::bundle_or_case::{self, name_of};
use super::fleet_run::FleetArgs;
use super::progress_bar::ReadingBar;
use super::report_args::{Format, ReportArgs};
use crate::bundle::host_facts::read_bundle_with_progress;
use crate::bundle::{Bundle, ReadOptions};
use crate::cases::Case;
use crate::diagnosis::diagnose;
use crate::engagement::{self, Engagement, Run};
use crate::error::InputError;
use crate::knowledge::KnowledgeBase;
use crate::report::engagement::document::document;
use crate::report::redact::Redactor;
use crate::rules::Severity;
use std::path::{Path, PathBuf};

/// The runs of an engagement, not yet diagnosed.
pub struct EngagementInput {
    pub name: String,
    pub title: Option<String>,
    /// (label, configuration, bundle) in chain order.
    pub runs: Vec<(String, Option<String>, Bundle)>,
}

/// Whether `paths` name one case folder that holds several bundles.
pub fn is_case_chain(paths: &[PathBuf]) -> bool {
    match paths {
        [one] => Case::is_case(one) && Case::load(one).is_ok_and(|c| c.bundles.len() > 1),
        _ => false,
    }
}

/// The runs: a case's bundles with its descriptions, or each path's bundles in order.
pub fn gather(
    paths: &[PathBuf],
    fleet: &FleetArgs,
    options: ReadOptions,
) -> anyhow::Result<EngagementInput> {
    if let [one] = paths
        && fleet.each.is_none()
        && fleet.from.is_none()
        && Case::is_case(one)
    {
        let case = Case::load(one)?;
        let mut runs = Vec::new();
        for (label, bundle) in bundle_or_case::labelled_bundles(one, options)? {
            let description = case
                .bundles
                .iter()
                .find(|b| b.id == label)
                .map(|b| b.description.clone());
            runs.push((label, description, bundle));
        }
        return Ok(EngagementInput {
            name: case.id.clone(),
            title: Some(case.title.clone()),
            runs,
        });
    }
    let items = fleet.items(paths)?;
    let mut runs = Vec::new();
    for path in &items {
        for (label, bundle) in bundle_or_case::labelled_bundles(path, options)? {
            let notes = bundle.hosts.iter().find_map(|h| h.meta.notes.clone());
            runs.push((label, notes, bundle));
        }
    }
    if runs.len() < 2 {
        return Err(InputError::new(
            items[0].display().to_string(),
            "is one run; a chain needs at least two bundles, in the order they were captured",
        )
        .into());
    }
    Ok(EngagementInput {
        name: chain_name(fleet.each.as_deref(), &items),
        title: None,
        runs,
    })
}

/// `--each DIR`'s name, else the folder the first run is in, else `chain`.
fn chain_name(each: Option<&Path>, items: &[PathBuf]) -> String {
    each.map(name_of)
        .or_else(|| {
            items
                .first()
                .and_then(|p| p.canonicalize().ok())
                .and_then(|p| p.parent().map(name_of))
        })
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "chain".into())
}

/// Diagnoses every run and writes the engagement report; returns whether the latest
/// run has a finding at or above `fail_on`.
pub fn run(
    input: EngagementInput,
    kb: &KnowledgeBase,
    format: Format,
    report: &ReportArgs,
    all: bool,
    fail_on: Option<Severity>,
) -> anyhow::Result<bool> {
    let progress = ReadingBar::new();
    let runs: Vec<Run> = input
        .runs
        .into_iter()
        .map(|(label, configuration, bundle)| Run {
            label,
            configuration,
            diagnosis: diagnose(read_bundle_with_progress(&bundle, &progress), kb),
        })
        .collect();
    drop(progress);
    let rule = |id: &str| kb.rules.rules.iter().map(|r| &r.meta).find(|m| m.id == id);
    let mut engagement = engagement::build(input.name, input.title, runs, &rule);
    let alarming = fail_on.is_some_and(|threshold| {
        engagement.runs.last().is_some_and(|latest| {
            latest
                .hosts
                .iter()
                .flat_map(|h| h.findings.iter().chain(&h.off_path_findings))
                .any(|f| f.severity >= threshold)
        })
    });
    if report.redact {
        let mut redactor = Redactor::new(report.redact_key.as_deref().unwrap_or(""));
        for d in &engagement.runs {
            redactor.learn_hosts(d);
        }
        engagement = redactor.apply(&engagement)?;
    }
    let bytes = render(&engagement, format, report, all)?;
    report.write(report.file(), &bytes)?;
    Ok(alarming)
}

fn render(
    e: &Engagement,
    format: Format,
    report: &ReportArgs,
    all: bool,
) -> anyhow::Result<Vec<u8>> {
    match (report.layout(format), format) {
        (Some(layout), _) => Ok(layout.render(&document(e, report.lang, all))),
        (None, Format::Jsonl) => anyhow::bail!(
            "an engagement is one report: use --format json for one document with every run"
        ),
        (None, _) => {
            let mut bytes = serde_json::to_vec_pretty(e)?;
            bytes.push(b'\n');
            Ok(bytes)
        }
    }
}
