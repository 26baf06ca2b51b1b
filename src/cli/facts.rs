//! `perfsage facts`: what perfsage read from a bundle, with provenance; or, with
//! `--catalog`, every fact perfsage knows how to read.

use super::fleet_run::FleetArgs;
use super::{bundle_or_case, emit, json_documents, table_width};
use crate::bundle::host_facts::read_bundle;
use crate::report::Layout;
use crate::report::facts_listing;
use crate::report::i18n::labels::Lang;
use clap::ValueEnum;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    /// Markdown, one table of facts per host.
    Md,
    /// A self-contained HTML page, one table of facts per host.
    Html,
    Json,
    /// One JSON document per bundle and line, for many bundles.
    Jsonl,
}

/// List every fact read from a bundle with its unit and source file:line, and the
/// files that were not recognised; or the catalog of all facts perfsage knows.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  perfsage facts cases/greatdb-vm-cluster\n  perfsage facts ./captures --format json | jq '.hosts[0].facts[] | select(.key | startswith(\"disk.\"))'\n  perfsage facts --each /data/fleet --format jsonl > facts.jsonl\n  perfsage facts --catalog\n\nExit status: 0 success; 2 bad input (for many bundles: any bundle that could not be read)."
)]
pub struct Args {
    /// A bundle (folder or .tar.gz) or a case folder; several give one JSON line each.
    #[arg(required_unless_present_any = ["catalog", "each", "from"])]
    pub bundles: Vec<PathBuf>,
    #[command(flatten)]
    pub fleet: FleetArgs,
    /// List every fact key with its unit, meaning, supplying tools and how to capture it.
    #[arg(long, conflicts_with_all = ["bundles", "each", "from"])]
    pub catalog: bool,
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Language of the table, Markdown and HTML headings.
    #[arg(long, value_enum, default_value = "en")]
    pub lang: Lang,
    #[command(flatten)]
    pub read: bundle_or_case::ReadArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.catalog {
        let bytes = match args.format {
            Format::Table => facts_listing::catalog_table(table_width())?,
            Format::Json | Format::Jsonl => facts_listing::catalog_json()?,
            Format::Md | Format::Html => {
                anyhow::bail!("the catalog is a table or JSON: use --format table or json")
            }
        };
        emit(&bytes)?;
        return Ok(ExitCode::SUCCESS);
    }
    if args
        .fleet
        .is_fleet(&args.bundles, args.format == Format::Jsonl)
    {
        return many(&args);
    }
    let bundles = bundle_or_case::bundles(&args.bundles[0], args.read.options())?;
    match args.format {
        Format::Table | Format::Md | Format::Html => {
            let layout = match args.format {
                Format::Md => Layout::Markdown,
                Format::Html => Layout::Html,
                _ => Layout::Table {
                    width: table_width(),
                },
            };
            let read: Vec<_> = bundles
                .iter()
                .map(|b| (b.source.clone(), read_bundle(b).hosts))
                .collect();
            let asked = args.bundles[0].display().to_string();
            let subject = match read.as_slice() {
                [(source, _)] => source.as_str(),
                _ => asked.as_str(),
            };
            emit(&layout.render(&facts_listing::report(subject, &read, args.lang)))?;
        }
        Format::Json | Format::Jsonl => {
            let read: Vec<_> = bundles.iter().map(|b| (b, read_bundle(b).hosts)).collect();
            let documents: Vec<_> = read
                .iter()
                .map(|(bundle, hosts)| facts_listing::document(&bundle.source, hosts))
                .collect();
            emit(&json_documents::join(&documents)?)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Many bundles: one JSON line per bundle in input order, written as each is read; a
/// bundle that cannot be read becomes a line with its error, exit 2 at the end.
fn many(args: &Args) -> anyhow::Result<ExitCode> {
    if args.format != Format::Jsonl {
        anyhow::bail!("many bundles give one JSON line each: use --format jsonl");
    }
    let mut failed = false;
    for path in args.fleet.items(&args.bundles)? {
        let mut line = Vec::new();
        match bundle_or_case::bundles(&path, args.read.options()) {
            Ok(bundles) => {
                for bundle in &bundles {
                    let hosts = read_bundle(bundle).hosts;
                    serde_json::to_writer(
                        &mut line,
                        &facts_listing::document(&bundle.source, &hosts),
                    )?;
                    line.push(b'\n');
                }
            }
            Err(e) => {
                failed = true;
                let error = super::one_line(&e);
                eprintln!("perfsage: {error}");
                let bundle = path.display().to_string();
                serde_json::to_writer(
                    &mut line,
                    &serde_json::json!({ "bundle": bundle, "error": error }),
                )?;
                line.push(b'\n');
            }
        }
        emit(&line)?;
    }
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
