//! `perfsage compare`: runs of the same system before and after tuning steps, side by
//! side. Each input is a bundle, a case folder (its bundles in order) or a JSON report
//! saved by `perfsage diagnose --format json`; more than two make a chain.

use super::bundle_or_case;
use super::progress_bar::ReadingBar;
use super::report_args::{Format, ReportArgs};
use crate::bundle::host_facts::read_bundle_with_progress;
use crate::compare::compare;
use crate::diagnosis::{Diagnosis, diagnose, schema_upgrade};
use crate::error::InputError;
use crate::knowledge::KnowledgeBase;
use crate::report::compare::{document::document, json};
use crate::report::redact::Redactor;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Compare runs before and after tuning: key metrics with their changes, the benchmark
/// gain, findings that disappeared or appeared, and which recommended step the change
/// matches.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  perfsage compare before/ after/\n  perfsage compare cases/dm8-kunpeng-sysbench -o chain.html\n  perfsage compare baseline.json bios.json lse.json --format md --lang zh\n\nExit status: 0 success; 2 bad input or usage."
)]
pub struct Args {
    /// Bundles, case folders or saved JSON reports, oldest first (at least two runs).
    #[arg(required = true, value_name = "RUN")]
    pub runs: Vec<PathBuf>,
    #[command(flatten)]
    pub report: ReportArgs,
    #[command(flatten)]
    pub read: bundle_or_case::ReadArgs,
}

enum Input {
    Bundle(crate::bundle::Bundle),
    Report(Box<Diagnosis>),
}

pub fn run(args: Args, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let mut inputs: Vec<(String, Input)> = Vec::new();
    for path in &args.runs {
        if is_json_report(path) {
            inputs.push((
                bundle_or_case::name_of(path),
                Input::Report(Box::new(load_report(path)?)),
            ));
        } else {
            for (label, bundle) in bundle_or_case::labelled_bundles(path, args.read.options())? {
                inputs.push((label, Input::Bundle(bundle)));
            }
        }
    }
    if inputs.len() < 2 {
        return Err(InputError::new(
            args.runs[0].display().to_string(),
            "is one run; compare needs at least two (bundles, case bundles or JSON reports)",
        )
        .into());
    }
    let kb = KnowledgeBase::load(rule_dirs)?;
    let progress = ReadingBar::new();
    let mut runs: Vec<(String, Diagnosis)> = Vec::new();
    for (label, input) in inputs {
        let diagnosis = match input {
            Input::Bundle(bundle) => diagnose(read_bundle_with_progress(&bundle, &progress), &kb),
            Input::Report(d) => *d,
        };
        runs.push((unique(&runs, label), diagnosis));
    }
    drop(progress);
    let mut comparison = compare(&runs);
    if args.report.redact {
        let mut redactor = Redactor::new(args.report.redact_key.as_deref().unwrap_or(""));
        for (_, d) in &runs {
            redactor.learn_hosts(d);
        }
        comparison = redactor.apply(&comparison)?;
    }
    let format = args.report.format()?;
    let bytes = match (args.report.layout(format), format) {
        (Some(layout), _) => layout.render(&document(&comparison, args.report.lang)),
        (None, Format::Jsonl) => anyhow::bail!(
            "jsonl is for many bundles diagnosed at once; compare writes one report: use --format json"
        ),
        (None, _) => json::serialize(&comparison)?,
    };
    args.report.write(args.report.file(), &bytes)?;
    Ok(ExitCode::SUCCESS)
}

/// A label not used by an earlier run (`after`, `after#2` …).
fn unique(runs: &[(String, Diagnosis)], label: String) -> String {
    let taken = |l: &str| runs.iter().any(|(r, _)| r == l);
    if !taken(&label) {
        return label;
    }
    (2..)
        .map(|n| format!("{label}#{n}"))
        .find(|l| !taken(l))
        .unwrap_or(label)
}

fn is_json_report(path: &Path) -> bool {
    path.is_file()
        && path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// A diagnosis saved as JSON by this or an earlier perfsage.
fn load_report(path: &Path) -> anyhow::Result<Diagnosis> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| InputError::new(&name, e.to_string()))?;
    let value: serde_json::Value = serde_json::from_slice(&bytes).map_err(|e| {
        InputError::at_line(&name, Some(e.line()), format!("not a JSON report: {e}"))
    })?;
    if value["kind"] == "comparison" {
        return Err(InputError::new(
            &name,
            "is a comparison; compare the diagnosis reports or bundles it was made from",
        )
        .into());
    }
    schema_upgrade::read(value).map_err(|e| InputError::new(&name, e).into())
}
