//! `perfsage explain`: why a rule fired or not, or why a step was taken or not.

use super::{bundle_or_case, emit, json_documents};
use crate::explain::{Subject, explain, render_text};
use crate::knowledge::KnowledgeBase;
use clap::ValueEnum;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// Explain a rule or a methodology step on a bundle: every fact the rule or guard
/// checked, the value it saw with its file:line, and why it fired or not (or why the
/// step was taken or not).
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  perfsage explain storage.disk_saturated cases/greatdb-vm-cluster\n  perfsage explain storage fixtures/bundles/disk-bound\n  perfsage explain memory.db_host_swappiness ./captures --rules ../acme-rules --host db1\n\nExit status: 0 success; 2 bad input (an unknown rule or step, a bundle that cannot be read)."
)]
pub struct Args {
    /// A rule id (`storage.disk_saturated`) or a methodology step id (`storage`).
    pub id: String,
    /// A bundle (folder or .tar.gz of captures) or a case folder.
    pub bundle: PathBuf,
    /// Only this host of a multi-host bundle.
    #[arg(long)]
    pub host: Option<String>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    #[command(flatten)]
    pub read: bundle_or_case::ReadArgs,
}

pub fn run(args: Args, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let kb = KnowledgeBase::load(rule_dirs)?;
    let subject = Subject::resolve(&kb, &args.id).map_err(anyhow::Error::msg)?;
    let mut documents = Vec::new();
    for bundle in bundle_or_case::bundles(&args.bundle, args.read.options())? {
        let explanation =
            explain(&kb, &bundle, &subject, args.host.as_deref()).map_err(anyhow::Error::msg)?;
        match args.format {
            Format::Text => emit(render_text(&explanation).as_bytes())?,
            Format::Json => documents.push(explanation),
        }
    }
    if !documents.is_empty() {
        emit(&json_documents::join(&documents)?)?;
    }
    Ok(ExitCode::SUCCESS)
}
