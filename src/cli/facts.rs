//! `perfsage facts`: what perfsage read from a bundle, with provenance.

use super::{emit, table_width, target};
use crate::bundle::read::read_host;
use crate::report::facts_listing;
use clap::ValueEnum;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    Table,
    Json,
}

/// List every fact read from a bundle with its unit and source file:line, and the
/// files that were not recognised.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  perfsage facts cases/greatdb-vm-cluster\n  perfsage facts ./captures --format json | jq '.hosts[0].facts[] | select(.key | startswith(\"disk.\"))'"
)]
pub struct Args {
    /// A bundle (folder or .tar.gz) or a case folder.
    pub bundle: PathBuf,
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    for bundle in target::bundles(&args.bundle)? {
        let hosts: Vec<_> = bundle.hosts.iter().map(read_host).collect();
        let bytes = match args.format {
            Format::Table => facts_listing::table(&bundle.source, &hosts, table_width())?,
            Format::Json => facts_listing::json(&bundle.source, &hosts)?,
        };
        emit(&bytes)?;
    }
    Ok(ExitCode::SUCCESS)
}
