//! `perfsage facts`: every fact of every host with unit and provenance, plus the
//! captures that were not recognised, as a report document or JSON; and the fact
//! catalog, as a table or JSON.

use crate::bundle::host_facts::HostFacts;
use crate::facts::{Unit, Value};
use crate::parse::{CaptureReport, CaptureStatus};
use crate::report::document::{
    Block, Cell as DocCell, Column, Document, Grid, List, Part, Section, Subject,
};
use crate::report::i18n::labels::{Label, Lang};
use crate::tools::catalog::{self, CatalogEntry};
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, ColumnConstraint, ContentArrangement, Table};
use serde::Serialize;

#[derive(Serialize)]
struct FactRow<'a> {
    key: &'a str,
    value: &'a Value,
    unit: Unit,
    file: &'a str,
    line: u64,
    line_end: u64,
    tool: &'a str,
}

#[derive(Serialize)]
struct HostListing<'a> {
    host: &'a str,
    facts: Vec<FactRow<'a>>,
    unrecognized: Vec<&'a CaptureReport>,
    failed: Vec<&'a CaptureReport>,
}

fn listing(host: &HostFacts) -> HostListing<'_> {
    HostListing {
        host: &host.name,
        facts: host
            .facts
            .iter()
            .map(|f| FactRow {
                key: &f.key,
                value: &f.value,
                unit: f.unit,
                file: &f.provenance.file,
                line: f.provenance.line,
                line_end: f.provenance.line_end,
                tool: &f.provenance.tool,
            })
            .collect(),
        unrecognized: host
            .captures
            .iter()
            .filter(|c| matches!(c.status, CaptureStatus::Unrecognized { .. }))
            .collect(),
        failed: host
            .captures
            .iter()
            .filter(|c| matches!(c.status, CaptureStatus::Failed { .. }))
            .collect(),
    }
}

/// The facts of a bundle as the JSON document `perfsage facts --format json` prints.
#[derive(Serialize)]
pub struct FactsDocument<'a> {
    schema_version: u32,
    bundle: &'a str,
    hosts: Vec<HostListing<'a>>,
}

pub fn document<'a>(bundle: &'a str, hosts: &'a [HostFacts]) -> FactsDocument<'a> {
    FactsDocument {
        schema_version: crate::diagnosis::SCHEMA_VERSION,
        bundle,
        hosts: hosts.iter().map(listing).collect(),
    }
}

/// The facts of one bundle, or of a case's bundles, as one report document (terminal
/// table, Markdown or HTML): a part per host with its facts and the captures that gave
/// none; with several bundles, a part per bundle holding its hosts. `subject` is what
/// was asked for (the bundle, or the case folder).
pub fn report<'a>(
    subject: &str,
    bundles: &'a [(String, Vec<HostFacts>)],
    lang: Lang,
) -> Document<'a> {
    let parts = match bundles {
        [(_, hosts)] => hosts_parts(hosts, "", lang),
        _ => bundles
            .iter()
            .enumerate()
            .map(|(i, (bundle, hosts))| {
                let anchor = format!("bundle-{}", i + 1);
                Part {
                    heading: bundle.clone(),
                    tags: Vec::new(),
                    linked: false,
                    contents: None,
                    verdict: None,
                    sections: Vec::new(),
                    parts: hosts_parts(hosts, &format!("{anchor}-"), lang),
                    anchor,
                }
            })
            .collect(),
    };
    Document {
        lang,
        version: env!("CARGO_PKG_VERSION"),
        title: Label::FactsTitle.text(lang).to_string(),
        subject: Some(Subject {
            label: Label::FactsOf.text(lang),
            code: subject.to_string(),
        }),
        footnote: None,
        intro: Vec::new(),
        parts,
    }
}

/// A part per host, anchored `{prefix}host-N`.
fn hosts_parts<'a>(hosts: &'a [HostFacts], prefix: &str, lang: Lang) -> Vec<Part<'a>> {
    let l = |label: Label| label.text(lang);
    hosts
        .iter()
        .enumerate()
        .map(|(i, host)| {
            let listed = listing(host);
            let mut sections = vec![Section {
                heading: None,
                block: Block::Grid(Grid {
                    columns: vec![
                        Column::text(l(Label::FactKey)),
                        Column::text(l(Label::Value)),
                        Column::text(l(Label::Unit)),
                        Column::text(l(Label::Source)),
                    ],
                    rows: listed.facts.iter().map(fact_row).collect(),
                }),
            }];
            let problems: Vec<Vec<DocCell>> = listed
                .unrecognized
                .iter()
                .chain(&listed.failed)
                .filter_map(|c| c.problem())
                .map(|problem| vec![DocCell::Text(problem)])
                .collect();
            if !problems.is_empty() {
                sections.push(Section {
                    heading: None,
                    block: Block::List(List {
                        numbered: false,
                        items: problems,
                    }),
                });
            }
            Part {
                anchor: format!("{prefix}host-{}", i + 1),
                heading: format!(
                    "{} {} — {} {}",
                    l(Label::Host),
                    listed.host,
                    listed.facts.len(),
                    l(Label::FactCount)
                ),
                tags: Vec::new(),
                linked: false,
                contents: Some(listed.host.to_string()),
                verdict: None,
                sections,
                parts: Vec::new(),
            }
        })
        .collect()
}

/// A fact as a row: key, value, unit and `file:line (tool)`.
fn fact_row(row: &FactRow) -> Vec<DocCell> {
    let location = if row.line_end > row.line {
        format!("{}:{}-{}", row.file, row.line, row.line_end)
    } else {
        format!("{}:{}", row.file, row.line)
    };
    vec![
        DocCell::Code(row.key.to_string()),
        DocCell::Text(row.value.to_string()),
        DocCell::Text(row.unit.symbol().to_string()),
        DocCell::Code(format!("{location} ({})", row.tool)),
    ]
}

/// The fact catalog, sorted by key pattern.
fn sorted_catalog() -> Vec<&'static CatalogEntry> {
    let mut entries: Vec<_> = catalog::entries().collect();
    entries.sort_by_key(|e| e.pattern);
    entries
}

pub fn catalog_json() -> anyhow::Result<Vec<u8>> {
    let mut bytes = serde_json::to_vec_pretty(&sorted_catalog())?;
    bytes.push(b'\n');
    Ok(bytes)
}

pub fn catalog_table(width: u16) -> anyhow::Result<Vec<u8>> {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(width)
        .set_header(vec!["Key", "Unit", "Meaning", "Tools", "Capture"]);
    let entries = sorted_catalog();
    for e in &entries {
        table.add_row(vec![
            Cell::new(e.pattern),
            Cell::new(e.unit.symbol()),
            Cell::new(e.meaning),
            Cell::new(e.tools().join(", ")),
            Cell::new(e.capture),
        ]);
    }
    if let Some(column) = table.column_mut(0) {
        column.set_constraint(ColumnConstraint::ContentWidth);
    }
    Ok(format!("{table}\n{} fact keys\n", entries.len()).into_bytes())
}
