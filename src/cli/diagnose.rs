//! `perfsage diagnose`: the main job.

use super::fleet_run::{FleetArgs, FleetRun};
use super::progress_bar::ReadingBar;
use super::report_args::{Format, ReportArgs, file_for};
use super::{bundle_or_case, table_width};
use crate::diagnosis::{Diagnosis, diagnose_with_progress};
use crate::error::InputError;
use crate::knowledge::KnowledgeBase;
use crate::report::Exporter;
use crate::report::html::Html;
use crate::report::json::Json;
use crate::report::markdown::Markdown;
use crate::report::redact::Redactor;
use crate::report::table::TableReport;
use crate::rules::Severity;
use clap::ValueEnum;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FailOn {
    Info,
    Low,
    Medium,
    High,
    Critical,
}

impl From<FailOn> for Severity {
    fn from(f: FailOn) -> Severity {
        match f {
            FailOn::Info => Severity::Info,
            FailOn::Low => Severity::Low,
            FailOn::Medium => Severity::Medium,
            FailOn::High => Severity::High,
            FailOn::Critical => Severity::Critical,
        }
    }
}

/// Diagnose a bundle: which resource limits throughput, the methodology steps taken,
/// each finding with its evidence, and what to try next.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  perfsage diagnose cases/greatdb-vm-cluster\n  perfsage diagnose ./captures -o report.html\n  perfsage diagnose ./captures --format md --lang zh --redact > report.md\n  perfsage diagnose ./captures --format json -o report.json\n  perfsage diagnose bundle.tar.gz --fail-on high\n  perfsage diagnose --rules ../acme-rules ./captures\n\nA case with several bundles gives one report per bundle: to standard output for table\nand md, to FILE.<bundle>.html / .json with -o for html and json.\n\nMany bundles (a fleet):\n  perfsage diagnose --each /data/fleet --format jsonl > fleet.jsonl\n  perfsage diagnose --from hosts.txt -j 2 -o fleet.html\n  find /data -name '*.tar.gz' | perfsage diagnose --from - --format md > fleet.md\nThey give one JSON report per line in input order, or one fleet summary (md, html);\na bundle that cannot be read is reported and the run goes on.\n\nExit status: 0 success; 1 a finding at or above --fail-on; 2 bad input or usage (for a\nfleet: any bundle that could not be diagnosed)."
)]
pub struct Args {
    /// A bundle (folder or .tar.gz of captures, sub-folders are hosts) or a case folder;
    /// several make a fleet (see --each, --from).
    #[arg(required_unless_present_any = ["each", "from"])]
    pub bundles: Vec<PathBuf>,
    #[command(flatten)]
    pub fleet: FleetArgs,
    /// Bundles diagnosed at once, for many bundles [default: every CPU].
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub report: ReportArgs,
    #[command(flatten)]
    pub read: bundle_or_case::ReadArgs,
    /// Exit with status 1 when a finding of this severity or worse exists.
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
}

pub fn run(args: Args, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let format = args.report.format()?;
    if args.fleet.is_fleet(&args.bundles, format == Format::Jsonl) {
        return FleetRun {
            paths: args.bundles.clone(),
            fleet: &args.fleet,
            jobs: args.jobs,
            report: &args.report,
            read: args.read.options(),
            fail_on: args.fail_on.map(Severity::from),
            rule_dirs,
        }
        .run();
    }
    let path = &args.bundles[0];
    // Never dropped: the process ends after this one report, and freeing the compiled
    // rules took a tenth of a small bundle's run.
    let kb = std::mem::ManuallyDrop::new(KnowledgeBase::load(rule_dirs)?);
    let bundles = bundle_or_case::labelled_bundles(path, args.read.options())?;
    let one_document = matches!(format, Format::Html | Format::Json);
    if one_document && bundles.len() > 1 && args.report.file().is_none() {
        return Err(InputError::new(
            path.display().to_string(),
            format!(
                "holds {} bundles and an {} report holds one: give -o FILE (one file per bundle) or one bundle's folder",
                bundles.len(),
                format.extension().to_uppercase()
            ),
        )
        .into());
    }
    let progress = ReadingBar::new();
    let mut failed = false;
    // (file, bytes): written once everything is read, after the bar is gone.
    let mut outputs: Vec<(Option<PathBuf>, Vec<u8>)> = Vec::new();
    for (label, bundle) in &bundles {
        let mut diagnosis = diagnose_with_progress(bundle, &kb, &progress);
        if let Some(threshold) = args.fail_on {
            let threshold = Severity::from(threshold);
            failed |= diagnosis
                .hosts
                .iter()
                .flat_map(|h| h.findings.iter().chain(&h.off_path_findings))
                .any(|f| f.severity >= threshold);
        }
        if args.report.redact {
            let mut redactor = Redactor::new(args.report.redact_key.as_deref().unwrap_or(""));
            redactor.learn_hosts(&diagnosis);
            diagnosis = redactor.apply(&diagnosis)?;
        }
        let bytes = render(&diagnosis, format, &args.report)?;
        let file = args.report.file().map(|path| {
            if one_document && bundles.len() > 1 {
                file_for(path, label, format)
            } else {
                path.to_path_buf()
            }
        });
        match outputs.last_mut() {
            Some((last, text)) if *last == file => text.extend_from_slice(&bytes),
            _ => outputs.push((file, bytes)),
        }
    }
    drop(progress);
    let per_bundle = outputs.len() > 1 && outputs.iter().all(|(f, _)| f.is_some());
    for (file, bytes) in outputs {
        args.report.write(file.as_deref(), &bytes)?;
        if let Some(path) = file.filter(|_| per_bundle) {
            eprintln!("wrote {}", path.display());
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn render(diagnosis: &Diagnosis, format: Format, args: &ReportArgs) -> anyhow::Result<Vec<u8>> {
    let lang = args.lang;
    match format {
        Format::Table => TableReport {
            width: if args.file().is_some() {
                120
            } else {
                table_width()
            },
            lang,
        }
        .serialize(diagnosis),
        Format::Md => Markdown { lang }.serialize(diagnosis),
        Format::Html => Html { lang }.serialize(diagnosis),
        Format::Json => Json.serialize(diagnosis),
        Format::Jsonl => anyhow::bail!("jsonl is written by the fleet run, one line per bundle"),
    }
}
