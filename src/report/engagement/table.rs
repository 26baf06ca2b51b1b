//! The engagement in the terminal: the chain as a table with each run's configuration
//! listed under it, then the latest run's report, then (with `--all`) the earlier ones.

use super::EngagementExporter;
use super::rows::{header, rows};
use crate::engagement::Engagement;
use crate::report::Exporter;
use crate::report::document;
use crate::report::i18n::labels::{Label, Lang};
use crate::report::table::{TableReport, styled_table, target_line};
use comfy_table::Cell;
use std::fmt::Write;

pub struct EngagementTable {
    pub width: u16,
    pub lang: Lang,
    /// Every run in full, not only the latest.
    pub all: bool,
}

impl EngagementExporter for EngagementTable {
    fn serialize(&self, e: &Engagement) -> anyhow::Result<Vec<u8>> {
        let lang = self.lang;
        let l = |label: Label| label.text(lang);
        let mut out = String::new();
        writeln!(
            out,
            "perfsage {} — {} {}{}",
            e.perfsage_version,
            l(Label::EngagementTitle).to_lowercase(),
            e.name,
            e.title
                .as_ref()
                .map(|t| format!(": {t}"))
                .unwrap_or_default()
        )?;
        writeln!(
            out,
            "\n{} ({} {})",
            l(Label::Chain),
            l(Label::FollowedHost),
            e.host
        )?;
        let mut table = styled_table(self.width, &header(lang));
        for row in rows(&e.chain, &e.name, lang) {
            let change = match &row.step {
                Some(step) => format!("{}\n[{step}]", row.change),
                None => row.change,
            };
            let outcome = if row.flagged {
                format!("⚠ {}", row.outcome)
            } else {
                row.outcome
            };
            table.add_row(vec![
                Cell::new(row.number),
                Cell::new(row.label),
                Cell::new(row.verdict),
                Cell::new(row.throughput),
                Cell::new(row.latency),
                Cell::new(change),
                Cell::new(row.gains),
                Cell::new(outcome),
            ]);
        }
        writeln!(out, "{table}")?;
        if let Some(target) = e.chain.last().and_then(|r| r.target.as_ref()) {
            writeln!(
                out,
                "{}",
                target_line(&document::target(target, lang), lang)
            )?;
        }
        if e.chain.iter().any(|r| r.configuration.is_some()) {
            writeln!(out, "\n{}", l(Label::Configurations))?;
            for (i, run) in e.chain.iter().enumerate() {
                if let Some(configuration) = &run.configuration {
                    writeln!(out, "  {}. {} — {}", i + 1, run.label, configuration.trim())?;
                }
            }
        }
        let report = TableReport {
            width: self.width,
            lang,
        };
        let count = e.runs.len();
        if let Some(latest) = e.runs.last() {
            writeln!(
                out,
                "\n{} {} ({} {count}: {})",
                "═".repeat(6),
                l(Label::CurrentState),
                l(Label::Run).to_lowercase(),
                e.chain.last().map_or("", |r| r.label.as_str())
            )?;
            out.push_str(&String::from_utf8(report.serialize(latest)?)?);
        }
        if self.all {
            for (i, (run, link)) in e.runs.iter().zip(&e.chain).enumerate().take(count - 1) {
                writeln!(
                    out,
                    "\n{} {} {}: {}",
                    "═".repeat(6),
                    l(Label::EarlierRun),
                    i + 1,
                    link.label
                )?;
                out.push_str(&String::from_utf8(report.serialize(run)?)?);
            }
        } else if count > 1 {
            writeln!(out, "\n{}", l(Label::EarlierRunsHidden))?;
        }
        Ok(out.into_bytes())
    }
}
