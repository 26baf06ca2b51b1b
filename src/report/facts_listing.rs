//! `perfsage facts`: every fact of every host with unit and provenance, plus the
//! captures that were not recognised; and the fact catalog. As a table or JSON.

use crate::bundle::host_facts::HostFacts;
use crate::facts::catalog::{self, CatalogEntry};
use crate::facts::{Unit, Value};
use crate::parse::{CaptureReport, CaptureStatus};
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, ColumnConstraint, ContentArrangement, Table};
use serde::Serialize;
use std::fmt::Write;

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

pub fn table(bundle: &str, hosts: &[HostFacts], width: u16) -> anyhow::Result<Vec<u8>> {
    let mut out = String::new();
    writeln!(out, "Facts of {bundle}")?;
    for host in hosts {
        let l = listing(host);
        writeln!(out, "\n══ Host {} — {} facts", l.host, l.facts.len())?;
        let mut table = Table::new();
        table
            .load_style(UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Dynamic)
            .set_width(width)
            .set_header(vec!["Key", "Value", "Unit", "Source"]);
        for row in &l.facts {
            let location = if row.line_end > row.line {
                format!("{}:{}-{}", row.file, row.line, row.line_end)
            } else {
                format!("{}:{}", row.file, row.line)
            };
            table.add_row(vec![
                Cell::new(row.key),
                Cell::new(row.value.to_string()),
                Cell::new(row.unit.symbol()),
                Cell::new(format!("{location} ({})", row.tool)),
            ]);
        }
        writeln!(out, "{table}")?;
        for capture in l.unrecognized.iter().chain(&l.failed) {
            if let Some(problem) = capture.problem() {
                writeln!(out, "  {problem}")?;
            }
        }
    }
    Ok(out.into_bytes())
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
