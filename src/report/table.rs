//! The terminal report: the report document (see `document`) rendered as plain lines
//! and box-drawn tables wrapped to the terminal's width. What each section says is
//! decided there; this file only lays it out for a terminal.

use super::Exporter;
use super::document::{
    self, ActionCell, Block, Conflict, DASH, Document, FindingBlock, Grid, HostPart, Metric, Note,
    PathStep, Section, Target,
};
use super::i18n::labels::{self, Label, Lang};
use crate::diagnosis::Diagnosis;
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, ContentArrangement, Table};
use std::fmt::Write;

pub struct TableReport {
    /// Terminal width to wrap to.
    pub width: u16,
    pub lang: Lang,
}

impl Exporter for TableReport {
    fn serialize(&self, diagnosis: &Diagnosis) -> anyhow::Result<Vec<u8>> {
        let doc = document::document(diagnosis, self.lang);
        Ok(self.render(&doc)?.into_bytes())
    }
}

/// A comfy table with the report's style, wrapped to `width`.
pub fn styled_table(width: u16, header: &[&str]) -> Table {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(width);
    if !header.is_empty() {
        table.set_header(header.iter().map(Cell::new));
    }
    table
}

impl TableReport {
    fn render(&self, doc: &Document) -> Result<String, std::fmt::Error> {
        let mut out = String::new();
        writeln!(
            out,
            "perfsage {} — {} {}",
            doc.version,
            Label::DiagnosisOf.text(self.lang).to_lowercase(),
            doc.bundle
        )?;
        for part in &doc.hosts {
            self.host(&mut out, part)?;
        }
        Ok(out)
    }

    fn table(&self, header: &[Label]) -> Table {
        let header: Vec<&str> = header.iter().map(|l| l.text(self.lang)).collect();
        styled_table(self.width, &header)
    }

    fn host(&self, out: &mut String, h: &HostPart) -> std::fmt::Result {
        let lang = self.lang;
        let what = if h.tags.is_empty() {
            String::new()
        } else {
            format!(" ({})", h.tags.join(", "))
        };
        writeln!(out, "\n══ {} {}{what}", Label::Host.text(lang), h.name)?;
        writeln!(out, "{} ({})", h.verdict(lang), h.confidence(lang))?;
        writeln!(out, "  {}", h.summary)?;
        if let Some(target) = &h.target {
            writeln!(out, "{}", target_line(target, lang))?;
        }
        for s in &h.sections {
            self.section(out, s)?;
        }
        Ok(())
    }

    fn section(&self, out: &mut String, s: &Section) -> std::fmt::Result {
        if let Block::Charts(_) = s.block {
            // A terminal draws no charts; the HTML report does.
            return Ok(());
        }
        writeln!(out, "\n{}", s.heading)?;
        match &s.block {
            Block::Metrics(metrics) => writeln!(out, "{}", self.metrics(metrics)),
            Block::Grid(grid) => writeln!(out, "{}", self.grid(grid)),
            Block::Path(steps) => writeln!(out, "{}", self.path(steps)),
            Block::Findings(findings) => {
                for f in findings {
                    self.finding(out, f)?;
                }
                Ok(())
            }
            Block::Notes(notes) => notes_lines(out, notes),
            Block::Conflicts(conflicts) => writeln!(out, "{}", self.conflicts(conflicts)),
            Block::Charts(_) => Ok(()),
        }
    }

    fn metrics(&self, metrics: &[Metric]) -> Table {
        let mut table = self.table(&[Label::Metric, Label::Value, Label::Source]);
        for m in metrics {
            table.add_row(vec![
                Cell::new(&m.name),
                Cell::new(m.value()),
                Cell::new(&m.source),
            ]);
        }
        table
    }

    fn grid(&self, grid: &Grid) -> Table {
        let labels: Vec<&str> = grid.columns.iter().map(|c| c.label).collect();
        let mut table = styled_table(self.width, &labels);
        for cells in &grid.rows {
            table.add_row(cells.iter().map(cell).collect::<Vec<_>>());
        }
        table
    }

    fn path(&self, steps: &[PathStep]) -> Table {
        let l = |label: Label| label.text(self.lang);
        let mut table = styled_table(
            self.width,
            &["#", l(Label::Step), l(Label::Question), l(Label::Found)],
        );
        for (i, step) in steps.iter().enumerate() {
            let found = if step.findings.is_empty() {
                DASH.to_string()
            } else {
                step.findings.join("\n")
            };
            table.add_row(vec![
                Cell::new(i + 1),
                Cell::new(step.id),
                Cell::new(step.question),
                Cell::new(found),
            ]);
        }
        table
    }

    fn conflicts(&self, conflicts: &[Conflict]) -> Table {
        let mut table = self.table(&[Label::FactKey, Label::Kept, Label::Ignored]);
        for c in conflicts {
            table.add_row(vec![
                Cell::new(&c.key),
                Cell::new(&c.kept),
                Cell::new(format!("{} ({})", c.ignored, c.ignored_value)),
            ]);
        }
        table
    }

    fn finding(&self, out: &mut String, f: &FindingBlock) -> std::fmt::Result {
        let lang = self.lang;
        writeln!(
            out,
            "\n{}. [{}] {} — {}",
            f.number,
            labels::severity(f.severity, lang),
            f.rule,
            f.title
        )?;
        let mut table = self.table(&[]);
        let row = |table: &mut Table, label: Label, text: &str| {
            table.add_row(vec![Cell::new(label.text(lang)), Cell::new(text)]);
        };
        row(&mut table, Label::Why, f.why);
        let evidence: Vec<String> = f
            .evidence
            .iter()
            .map(|e| format!("{}  ({})", e.statement, e.location))
            .collect();
        row(&mut table, Label::Evidence, &evidence.join("\n"));
        if let Some(r) = &f.recommendation {
            let mut action = r.action.to_string();
            for command in r.commands {
                write!(action, "\n$ {command}")?;
            }
            row(&mut table, Label::Do, &action);
            if let Some(alternative) = r.alternative {
                row(&mut table, Label::Alternative, alternative);
            }
            if let Some(cost) = r.cost {
                row(&mut table, Label::Cost, cost);
            }
            row(&mut table, Label::Verify, r.verify);
            row(&mut table, Label::Rollback, r.rollback);
        }
        if let Some(s) = &f.source {
            row(
                &mut table,
                Label::GainInCase,
                &format!(
                    "{} — {} {} (seeds/{})",
                    s.gain,
                    Label::Case.text(lang),
                    s.case_id,
                    s.seed
                ),
            );
        }
        row(
            &mut table,
            Label::Confidence,
            &format!("{:.0} %", f.confidence * 100.0),
        );
        writeln!(out, "{table}")
    }
}

fn cell(c: &document::Cell) -> Cell {
    use document::Cell as C;
    match c {
        C::Number(n) => Cell::new(n),
        C::Text(s) | C::Code(s) | C::Program(s) => Cell::new(s),
        C::Lines(items) | C::Codes(items) => Cell::new(items.join("\n")),
        C::Dash => Cell::new(DASH),
        C::Action(a) => Cell::new(action(a)),
    }
}

/// A next action as one cell: the title first, then what to do, the first command and
/// the rule id.
fn action(a: &ActionCell) -> String {
    let mut cell = format!("{}\n{}", a.title, a.action);
    if let Some(command) = &a.command {
        cell.push_str(&format!("\n$ {command}"));
    }
    cell.push_str(&format!("\n[{}]", a.rule));
    cell
}

fn notes_lines(out: &mut String, notes: &[Note]) -> std::fmt::Result {
    for n in notes {
        writeln!(out, "  {}: {}", n.subject, n.text)?;
    }
    Ok(())
}

/// `Target: 4,297 TPS beats the 4,000 TPS target by 7.4 % …`
pub fn target_line(target: &Target, lang: Lang) -> String {
    format!(
        "{}{}{}",
        Label::TargetStatus.text(lang),
        labels::colon(lang),
        target.summary
    )
}
