//! `perfsage facts`: what perfsage read from a bundle, with provenance; or, with
//! `--catalog`, every fact perfsage knows how to read.

use super::{bundle_or_case, emit, json_documents, table_width};
use crate::bundle::host_facts::read_bundle;
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
/// files that were not recognised; or the catalog of all facts perfsage knows.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  perfsage facts cases/greatdb-vm-cluster\n  perfsage facts ./captures --format json | jq '.hosts[0].facts[] | select(.key | startswith(\"disk.\"))'\n  perfsage facts --catalog"
)]
pub struct Args {
    /// A bundle (folder or .tar.gz) or a case folder.
    #[arg(required_unless_present = "catalog")]
    pub bundle: Option<PathBuf>,
    /// List every fact key with its unit, meaning, supplying tools and how to capture it.
    #[arg(long, conflicts_with = "bundle")]
    pub catalog: bool,
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    #[command(flatten)]
    pub read: bundle_or_case::ReadArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Some(path) = args.bundle else {
        let bytes = match args.format {
            Format::Table => facts_listing::catalog_table(table_width())?,
            Format::Json => facts_listing::catalog_json()?,
        };
        emit(&bytes)?;
        return Ok(ExitCode::SUCCESS);
    };
    let bundles = bundle_or_case::bundles(&path, args.read.options())?;
    match args.format {
        Format::Table => {
            for bundle in &bundles {
                let hosts = read_bundle(bundle);
                emit(&facts_listing::table(
                    &bundle.source,
                    &hosts,
                    table_width(),
                )?)?;
            }
        }
        Format::Json => {
            let read: Vec<_> = bundles.iter().map(|b| (b, read_bundle(b))).collect();
            let documents: Vec<_> = read
                .iter()
                .map(|(bundle, hosts)| facts_listing::document(&bundle.source, hosts))
                .collect();
            emit(&json_documents::join(&documents)?)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
