//! `perfsage diagnose`: the main job.

use super::fleet_run::{FleetArgs, FleetRun};
use super::progress_bar::ReadingBar;
use super::report_args::{Format, ReportArgs};
use super::{bundle_or_case, engagement_run};
use crate::bundle::host_facts::read_bundle_with_progress;
use crate::diagnosis::{Diagnosis, diagnose};
use crate::error::InputError;
use crate::knowledge::KnowledgeBase;
use crate::report::document::document;
use crate::report::json;
use crate::report::redact::Redactor;
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
    after_help = "Examples:\n  perfsage diagnose cases/greatdb-vm-cluster\n  perfsage diagnose ./captures -o report.html\n  perfsage diagnose ./captures --format md --lang zh --redact > report.md\n  perfsage diagnose ./captures --format json -o report.json\n  perfsage diagnose bundle.tar.gz --fail-on high\n  perfsage diagnose --rules ../acme-rules ./captures\n\nAn engagement (a case with several bundles, or bundles in capture order with --chain):\n  perfsage diagnose cases/dm8-kunpeng-sysbench -o engagement.html\n  perfsage diagnose --chain baseline/ bigger-buffers/ pinned-client/\n  perfsage diagnose --chain --each ./runs --all --format md\nThe report opens with the chain (each run's verdict, throughput, the change applied and\nits gain against the expected one), then shows the latest run in full; --all shows every\nrun. --format json writes one document holding the chain and every run's report.\n\nMany bundles (a fleet):\n  perfsage diagnose --each /data/fleet --format jsonl > fleet.jsonl\n  perfsage diagnose --from hosts.txt -j 2 -o fleet.html\n  find /data -name '*.tar.gz' | perfsage diagnose --from - --format md > fleet.md\nThey give one JSON report per line in input order, or one fleet summary (md, html);\na bundle that cannot be read is reported and the run goes on.\n\nExit status: 0 success; 1 a finding at or above --fail-on; 2 bad input or usage (for a\nfleet: any bundle that could not be diagnosed)."
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
    /// Exit with status 1 when a finding of this severity or worse exists (in an
    /// engagement: in its latest run).
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
    /// The bundles (or --each DIR's sub-folders in name order) are one engagement's
    /// runs, oldest first: report them as a chain instead of a fleet.
    #[arg(long)]
    pub chain: bool,
    /// In an engagement report, every run in full, not only the latest.
    #[arg(long)]
    pub all: bool,
}

pub fn run(args: Args, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let format = args.report.format()?;
    if args.chain || engagement_run::is_case_chain(&args.bundles) {
        let input = engagement_run::gather(&args.bundles, &args.fleet, args.read.options())?;
        let kb = std::mem::ManuallyDrop::new(KnowledgeBase::load(rule_dirs)?);
        let alarming = engagement_run::run(
            input,
            &kb,
            format,
            &args.report,
            args.all,
            args.fail_on.map(Severity::from),
        )?;
        return Ok(if alarming {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        });
    }
    if args.all {
        anyhow::bail!("--all is for an engagement (a case with several bundles, or --chain)");
    }
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
    let bundle = bundle_or_case::labelled_bundles(path, args.read.options())?
        .into_iter()
        .map(|(_, b)| b)
        .next()
        .ok_or_else(|| InputError::new(path.display().to_string(), "holds no bundle"))?;
    let progress = ReadingBar::new();
    let mut diagnosis = diagnose(read_bundle_with_progress(&bundle, &progress), &kb);
    drop(progress);
    let failed = args.fail_on.is_some_and(|threshold| {
        let threshold = Severity::from(threshold);
        diagnosis
            .hosts
            .iter()
            .flat_map(|h| h.findings.iter().chain(&h.off_path_findings))
            .any(|f| f.severity >= threshold)
    });
    if args.report.redact {
        let mut redactor = Redactor::new(args.report.redact_key.as_deref().unwrap_or(""));
        redactor.learn_hosts(&diagnosis);
        diagnosis = redactor.apply(&diagnosis)?;
    }
    let bytes = render(&diagnosis, format, &args.report)?;
    args.report.write(args.report.file(), &bytes)?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn render(diagnosis: &Diagnosis, format: Format, args: &ReportArgs) -> anyhow::Result<Vec<u8>> {
    match (args.layout(format), format) {
        (Some(layout), _) => Ok(layout.render(&document(diagnosis, args.lang))),
        (None, Format::Jsonl) => {
            anyhow::bail!("jsonl is written by the fleet run, one line per bundle")
        }
        (None, _) => json::serialize(diagnosis),
    }
}
