//! `perfsage diagnose`: the main job.

use super::{emit, table_width, target};
use crate::diagnosis::diagnose;
use crate::knowledge::KnowledgeBase;
use crate::report::Exporter;
use crate::report::json::Json;
use crate::report::table::TableReport;
use crate::rules::Severity;
use clap::ValueEnum;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    Table,
    Json,
}

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
    after_help = "Examples:\n  perfsage diagnose cases/greatdb-vm-cluster\n  perfsage diagnose ./captures --format json\n  perfsage diagnose bundle.tar.gz --fail-on high\n  perfsage diagnose --rules ../acme-rules ./captures\n\nExit status: 0 success; 1 a finding at or above --fail-on; 2 bad input or usage."
)]
pub struct Args {
    /// A bundle (folder or .tar.gz of captures, sub-folders are hosts) or a case folder.
    pub bundle: PathBuf,
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Exit with status 1 when a finding of this severity or worse exists.
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
}

pub fn run(args: Args, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let kb = KnowledgeBase::load(rule_dirs)?;
    let mut failed = false;
    for bundle in target::bundles(&args.bundle)? {
        let diagnosis = diagnose(&bundle, &kb);
        let bytes = match args.format {
            Format::Table => TableReport {
                width: table_width(),
            }
            .serialize(&diagnosis)?,
            Format::Json => Json.serialize(&diagnosis)?,
        };
        emit(&bytes)?;
        if let Some(threshold) = args.fail_on {
            let threshold = Severity::from(threshold);
            failed |= diagnosis
                .hosts
                .iter()
                .flat_map(|h| h.findings.iter().chain(&h.off_path_findings))
                .any(|f| f.severity >= threshold);
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
