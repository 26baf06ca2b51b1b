//! The terminal report: any report document (see `document`) rendered as plain lines
//! and box-drawn tables wrapped to the terminal's width. What each section says is
//! decided by the document's builder; this file only lays it out for a terminal.

use super::document::{
    self, ActionCell, Block, Conflict, DASH, Document, FindingBlock, Gain, Grid, List, Metric,
    Note, Part, PathStep, Section, Target,
};
use super::i18n::labels::{self, Label, Lang};
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, ContentArrangement, Table};
use std::fmt::Write;

/// The document as terminal text wrapped to `width`.
pub fn render(doc: &Document, width: u16) -> String {
    let mut r = Renderer {
        width,
        lang: doc.lang,
        out: String::new(),
    };
    // Writing to a String cannot fail.
    let _ = r.document(doc);
    r.out
}

/// A comfy table with the report's style, wrapped to `width`.
fn styled_table(width: u16, header: &[&str]) -> Table {
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

struct Renderer {
    width: u16,
    lang: Lang,
    out: String,
}

impl Renderer {
    fn document(&mut self, doc: &Document) -> std::fmt::Result {
        match &doc.subject {
            Some(subject) => writeln!(
                self.out,
                "perfsage {} — {} {}",
                doc.version,
                subject.label.to_lowercase(),
                subject.code
            )?,
            None => writeln!(self.out, "perfsage {} — {}", doc.version, doc.title)?,
        }
        for s in &doc.intro {
            self.section(s)?;
        }
        for part in &doc.parts {
            self.part(part, 0)?;
        }
        Ok(())
    }

    fn table(&self, header: &[Label]) -> Table {
        let header: Vec<&str> = header.iter().map(|l| l.text(self.lang)).collect();
        styled_table(self.width, &header)
    }

    fn part(&mut self, p: &Part, depth: usize) -> std::fmt::Result {
        let lang = self.lang;
        let what = if p.tags.is_empty() {
            String::new()
        } else {
            format!(" ({})", p.tags.join(", "))
        };
        let rule = if depth == 0 { "══" } else { "──" };
        writeln!(self.out, "\n{rule} {}{what}", p.heading)?;
        if let Some(v) = &p.verdict {
            match v.confidence_text(lang) {
                Some(confidence) => writeln!(self.out, "{} ({confidence})", v.text(lang))?,
                None => writeln!(self.out, "{}", v.text(lang))?,
            }
            if let Some(summary) = &v.summary {
                writeln!(self.out, "  {summary}")?;
            }
        }
        for s in &p.sections {
            self.section(s)?;
        }
        for inner in &p.parts {
            self.part(inner, depth + 1)?;
        }
        Ok(())
    }

    fn section(&mut self, s: &Section) -> std::fmt::Result {
        if let Block::Charts(_) = s.block {
            // A terminal draws no charts; the HTML report does.
            return Ok(());
        }
        if let Some(heading) = &s.heading {
            writeln!(self.out, "\n{heading}")?;
        }
        match &s.block {
            Block::Paragraph(text) => writeln!(self.out, "\n{text}"),
            Block::Target(target) => writeln!(self.out, "{}", target_line(target, self.lang)),
            Block::Metrics(metrics) => {
                let table = self.metrics(metrics);
                writeln!(self.out, "{table}")
            }
            Block::Grid(grid) => {
                let table = self.grid(grid);
                writeln!(self.out, "{table}")
            }
            Block::List(list) => self.list(list),
            Block::Gains(gains) => self.gains(gains),
            Block::Path(steps) => {
                let table = self.path(steps);
                writeln!(self.out, "{table}")
            }
            Block::Findings(findings) => {
                for f in findings {
                    self.finding(f)?;
                }
                Ok(())
            }
            Block::Notes(notes) => self.notes(notes),
            Block::Conflicts(conflicts) => {
                let table = self.conflicts(conflicts);
                writeln!(self.out, "{table}")
            }
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
            table.add_row(cells.iter().map(|c| Cell::new(cell(c))).collect::<Vec<_>>());
        }
        table
    }

    fn list(&mut self, list: &List) -> std::fmt::Result {
        for (i, item) in list.items.iter().enumerate() {
            let lead = if list.numbered {
                format!("{}.", i + 1)
            } else {
                "-".to_string()
            };
            let words: Vec<String> = item.iter().map(cell).collect();
            writeln!(self.out, "  {lead} {}", words.join(" — "))?;
        }
        Ok(())
    }

    fn gains(&mut self, gains: &[Gain]) -> std::fmt::Result {
        for gain in gains {
            writeln!(self.out, "  {}", gain.text)?;
        }
        Ok(())
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

    fn notes(&mut self, notes: &[Note]) -> std::fmt::Result {
        for n in notes {
            writeln!(self.out, "  {}: {}", n.subject, n.text)?;
        }
        Ok(())
    }

    fn finding(&mut self, f: &FindingBlock) -> std::fmt::Result {
        let lang = self.lang;
        writeln!(
            self.out,
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
        writeln!(self.out, "{table}")
    }
}

/// A cell as terminal text.
fn cell(c: &document::Cell) -> String {
    use document::Cell as C;
    match c {
        C::Number(n) => n.to_string(),
        C::Text(s) | C::Code(s) | C::Program(s) | C::Strong(s) => s.clone(),
        C::Delta { text, .. } => text.clone(),
        C::Alert(s) => format!("⚠ {s}"),
        C::Lines(items) | C::Codes(items) => items.join("\n"),
        C::Dash => DASH.to_string(),
        C::Action(a) => action(a),
        C::Link(link) => link.text.clone(),
        C::Links(links, more) => links
            .iter()
            .map(|l| l.text.clone())
            .chain(more.clone())
            .collect::<Vec<_>>()
            .join(", "),
        // The identifier in brackets on its own line, as in a next action.
        C::Annotated { text, code } => format!("{text}\n[{code}]"),
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

/// `Target: 4,297 TPS beats the 4,000 TPS target by 7.4 % …`
fn target_line(target: &Target, lang: Lang) -> String {
    format!(
        "{}{}{}",
        Label::TargetStatus.text(lang),
        labels::colon(lang),
        target.summary
    )
}
