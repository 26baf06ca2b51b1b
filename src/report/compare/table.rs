//! The comparison on a terminal: the parts of the comparison document as indented text
//! with one table of key metrics per host.

use super::CompareExporter;
use super::document::{CompareDocument, HostPart, document};
use crate::compare::Comparison;
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::table::styled_table;
use comfy_table::Cell;
use std::fmt::Write;

pub struct CompareTable {
    pub width: u16,
    pub lang: Lang,
}

impl CompareExporter for CompareTable {
    fn serialize(&self, c: &Comparison) -> anyhow::Result<Vec<u8>> {
        let doc: CompareDocument = document(c, self.lang);
        let l = |label: Label| label.text(self.lang);
        let mut out = String::new();
        writeln!(out, "perfsage {} — {}", doc.version, l(Label::CompareTitle))?;
        writeln!(out, "\n{}", l(Label::Chain))?;
        for (i, run) in doc.chain.iter().enumerate() {
            writeln!(out, "  {}. {}  ({})", i + 1, run.label, run.source)?;
        }
        for change in &doc.changes {
            writeln!(out, "\n══ {}", change.heading)?;
            for host in &change.hosts {
                self.host(&mut out, change.overall, host)?;
            }
            for unpaired in change.unpaired {
                writeln!(out, "  {} {unpaired}", l(Label::OnlyIn))?;
            }
        }
        Ok(out.into_bytes())
    }
}

impl CompareTable {
    fn host(&self, out: &mut String, overall: bool, h: &HostPart) -> std::fmt::Result {
        let l = |label: Label| label.text(self.lang);
        let colon = labels::colon(self.lang);
        writeln!(out, "\n{} {}", l(Label::Host), h.name)?;
        writeln!(out, "  {}{colon}{}", l(Label::Verdict), h.verdict)?;
        for gain in &h.gains {
            writeln!(out, "  {}{colon}{}", l(Label::BenchmarkGain), gain.text)?;
        }
        writeln!(out, "  {}{}", h.matches_heading, colon.trim_end())?;
        if h.matches.is_empty() {
            writeln!(out, "    {}", l(Label::NoMatchedStep))?;
        }
        for (i, m) in h.matches.iter().enumerate() {
            let lead = if i == 0 && !overall { "→ " } else { "  " };
            writeln!(out, "    {lead}{}", m.sentence)?;
            if let Some(action) = m.action {
                writeln!(out, "      {action}")?;
            }
        }
        let mut table = styled_table(
            self.width,
            &[
                l(Label::Metric),
                l(Label::Before),
                l(Label::After),
                l(Label::Change),
            ],
        );
        for m in &h.metrics {
            table.add_row(vec![
                Cell::new(&m.name),
                Cell::new(&m.before),
                Cell::new(&m.after),
                Cell::new(&m.delta),
            ]);
        }
        writeln!(out, "{table}")?;
        for group in &h.findings {
            writeln!(out, "  {}{}", group.heading, colon.trim_end())?;
            for item in &group.items {
                writeln!(
                    out,
                    "    [{}] {} — {}",
                    item.severity, item.finding.rule, item.title
                )?;
            }
        }
        Ok(())
    }
}
