//! The engagement in the terminal: the chain as a table with each run's configuration
//! listed under it, then the latest run's report, then (with `--all`) the earlier ones.

use super::EngagementExporter;
use super::document::document;
use super::rows::header;
use crate::engagement::Engagement;
use crate::report::Exporter;
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
        let doc = document(e, lang, self.all);
        let l = |label: Label| label.text(lang);
        let mut out = String::new();
        writeln!(
            out,
            "perfsage {} — {} {}{}",
            doc.version,
            l(Label::EngagementTitle).to_lowercase(),
            doc.name,
            doc.title.map(|t| format!(": {t}")).unwrap_or_default()
        )?;
        writeln!(
            out,
            "\n{} ({} {})",
            l(Label::Chain),
            l(Label::FollowedHost),
            doc.host
        )?;
        let mut table = styled_table(self.width, &header(lang));
        for row in doc.rows {
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
        if let Some(target) = &doc.target {
            writeln!(out, "{}", target_line(target, lang))?;
        }
        if doc.configurations.iter().any(|c| c.text.is_some()) {
            writeln!(out, "\n{}", l(Label::Configurations))?;
            for c in &doc.configurations {
                if let Some(text) = c.text {
                    writeln!(out, "  {}. {} — {text}", c.number, c.label)?;
                }
            }
        }
        let report = TableReport {
            width: self.width,
            lang,
        };
        for run in &doc.runs {
            writeln!(out, "\n{} {}", "═".repeat(6), run.heading)?;
            out.push_str(&String::from_utf8(report.serialize(run.diagnosis)?)?);
        }
        if doc.earlier_hidden {
            writeln!(out, "\n{}", l(Label::EarlierRunsHidden))?;
        }
        Ok(out.into_bytes())
    }
}
