//! The report as Markdown, for pasting into a ticket, a wiki or a customer document:
//! any report document (see `document`) rendered as headings, tables, lists and code
//! blocks. What each section says is decided by the document's builder; this file only
//! writes Markdown.

use super::document::{
    self, ActionCell, Block, Cell, Conflict, DASH, Document, FindingBlock, Grid, List, Metric,
    Note, Part, PathStep, Section, Target,
};
use super::i18n::labels::{self, Label, Lang};
use super::markdown_text::{code, code_block, header, row, text};
use std::fmt::Write;

/// The document as Markdown.
pub fn render(doc: &Document) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_document(&mut out, doc);
    out
}

fn write_document(out: &mut String, doc: &Document) -> std::fmt::Result {
    let lang = doc.lang;
    let colon = labels::colon(lang);
    writeln!(out, "# {}\n", text(&doc.title))?;
    if let Some(subject) = &doc.subject {
        writeln!(out, "{}{colon}{}  ", subject.label, code(&subject.code))?;
    }
    let end = labels::sentence_end(lang);
    writeln!(
        out,
        "{}{colon}perfsage {}{}\n",
        Label::GeneratedBy.text(lang),
        text(doc.version),
        match doc.footnote {
            Some(note) => format!("{end}{note}"),
            None => end.trim_end().to_string(),
        }
    )?;
    for s in &doc.intro {
        section(out, s, 2, lang)?;
    }
    for p in &doc.parts {
        part(out, p, 2, lang)?;
    }
    Ok(())
}

/// `level`: the number of `#` of the part's heading.
fn part(out: &mut String, p: &Part, level: usize, lang: Lang) -> std::fmt::Result {
    let what = if p.tags.is_empty() {
        String::new()
    } else {
        format!(" ({})", text(&p.tags.join(", ")))
    };
    let anchor = if p.linked {
        format!("<a id=\"{}\"></a>", p.anchor)
    } else {
        String::new()
    };
    writeln!(
        out,
        "{} {anchor}{}{what}\n",
        "#".repeat(level),
        text(&p.heading)
    )?;
    if let Some(v) = &p.verdict {
        match v.confidence_text(lang) {
            Some(confidence) => writeln!(out, "**{}** ({confidence})\n", v.text(lang))?,
            None => writeln!(out, "**{}**\n", v.text(lang))?,
        }
        if let Some(summary) = &v.summary {
            writeln!(out, "> {}\n", text(summary))?;
        }
    }
    for s in &p.sections {
        section(out, s, level + 1, lang)?;
    }
    for inner in &p.parts {
        part(out, inner, level + 1, lang)?;
    }
    Ok(())
}

fn section(out: &mut String, s: &Section, level: usize, lang: Lang) -> std::fmt::Result {
    if let Block::Charts(_) = s.block {
        // Markdown draws no charts; the HTML report does.
        return Ok(());
    }
    if let Some(heading) = &s.heading {
        writeln!(out, "{} {}\n", "#".repeat(level), text(heading))?;
    }
    match &s.block {
        Block::Paragraph(words) => writeln!(out, "{}\n", text(words))?,
        Block::Target(target) => writeln!(out, "{}\n", target_line(target, lang))?,
        Block::Metrics(metrics) => metrics_table(out, metrics, lang),
        Block::Grid(grid) => grid_table(out, grid),
        Block::List(list) => list_items(out, list)?,
        Block::Gains(gains) => {
            for gain in gains {
                writeln!(out, "- {}", text(&gain.text))?;
            }
        }
        Block::Path(steps) => path_table(out, steps, lang),
        Block::Findings(findings) => {
            for f in findings {
                finding(out, f, level + 1, lang)?;
            }
            return Ok(());
        }
        Block::Notes(notes) => notes_list(out, notes)?,
        Block::Conflicts(conflicts) => conflicts_list(out, conflicts, lang)?,
        Block::Charts(_) => {}
    }
    if !matches!(s.block, Block::Paragraph(_) | Block::Target(_)) {
        out.push('\n');
    }
    Ok(())
}

fn metrics_table(out: &mut String, metrics: &[Metric], lang: Lang) {
    let l = |label: Label| label.text(lang);
    out.push_str(&header(&[
        l(Label::Metric),
        l(Label::Value),
        l(Label::Source),
    ]));
    for m in metrics {
        out.push_str(&row(&[text(&m.name), text(&m.value()), code(&m.source)]));
    }
}

fn grid_table(out: &mut String, grid: &Grid) {
    let labels: Vec<&str> = grid.columns.iter().map(|c| c.label).collect();
    out.push_str(&header(&labels));
    for cells in &grid.rows {
        let cells: Vec<String> = cells.iter().map(cell).collect();
        out.push_str(&row(&cells));
    }
}

fn cell(c: &Cell) -> String {
    match c {
        Cell::Number(n) => n.to_string(),
        Cell::Text(s) => text(s),
        Cell::Lines(lines) => lines
            .iter()
            .map(|l| text(l))
            .collect::<Vec<_>>()
            .join("<br>"),
        Cell::Code(s) | Cell::Program(s) => code(s),
        Cell::Codes(items) => codes(items),
        Cell::Dash => DASH.to_string(),
        Cell::Action(a) => action(a),
        Cell::Strong(s) | Cell::Alert(s) => format!("**{}**", text(s)),
        Cell::Delta { text: t, good } => match good {
            Some(_) => format!("**{}**", text(t)),
            None => text(t),
        },
        Cell::Link(l) => link(l),
        Cell::Links(links, more) => links
            .iter()
            .map(link)
            .chain(more.iter().map(|m| text(m)))
            .collect::<Vec<_>>()
            .join(", "),
        Cell::Annotated { text: t, code: c } => format!("{} ({})", text(t), code(c)),
    }
}

fn link(l: &document::Link) -> String {
    format!("[{}](#{})", text(&l.text), l.anchor)
}

fn list_items(out: &mut String, list: &List) -> std::fmt::Result {
    for (i, item) in list.items.iter().enumerate() {
        let words: Vec<String> = item.iter().map(cell).collect();
        if list.numbered {
            writeln!(out, "{}. {}", i + 1, words.join(" — "))?;
        } else {
            writeln!(out, "- {}", words.join(" — "))?;
        }
    }
    Ok(())
}

fn codes(items: &[String]) -> String {
    items
        .iter()
        .map(|i| code(i))
        .collect::<Vec<_>>()
        .join("<br>")
}

/// A next action as one cell: the title in bold, what to do, the first command and the
/// rule id.
fn action(a: &ActionCell) -> String {
    let mut cell = format!("**{}** {}", text(&a.title), text(&a.action));
    if let Some(command) = &a.command {
        cell.push_str(&format!(" {}", code(command)));
    }
    cell.push_str(&format!(" ({})", code(&a.rule)));
    cell
}

fn path_table(out: &mut String, steps: &[PathStep], lang: Lang) {
    let l = |label: Label| label.text(lang);
    out.push_str(&header(&[
        "#",
        l(Label::Step),
        l(Label::Question),
        l(Label::ReachedVia),
        l(Label::Found),
    ]));
    for (i, step) in steps.iter().enumerate() {
        let via = match step.via {
            Some((from, when)) => format!("{} {}", code(from), code(when)),
            None => l(Label::Root).to_string(),
        };
        let found = if step.findings.is_empty() {
            DASH.to_string()
        } else {
            codes(step.findings)
        };
        out.push_str(&row(&[
            (i + 1).to_string(),
            code(step.id),
            text(step.question),
            via,
            found,
        ]));
    }
}

fn notes_list(out: &mut String, notes: &[Note]) -> std::fmt::Result {
    for n in notes {
        writeln!(out, "- {}: {}", code(&n.subject), text(&n.text))?;
    }
    Ok(())
}

fn conflicts_list(out: &mut String, conflicts: &[Conflict], lang: Lang) -> std::fmt::Result {
    for c in conflicts {
        writeln!(
            out,
            "- {}: {} {}, {} {} ({})",
            code(&c.key),
            Label::Kept.text(lang),
            code(&c.kept),
            Label::Ignored.text(lang),
            code(&c.ignored),
            code(&c.ignored_value)
        )?;
    }
    Ok(())
}

/// `level`: the number of `#` of the finding's heading.
fn finding(out: &mut String, f: &FindingBlock, level: usize, lang: Lang) -> std::fmt::Result {
    let lead = |label: Label| labels::lead(label, lang);
    writeln!(
        out,
        "{} {}. [{}] {} — {}\n",
        "#".repeat(level.min(6)),
        f.number,
        labels::severity(f.severity, lang),
        code(f.rule),
        text(f.title)
    )?;
    writeln!(out, "**{}** {}\n", lead(Label::Why), text(f.why))?;
    writeln!(out, "**{}**\n", Label::Evidence.text(lang))?;
    for e in &f.evidence {
        writeln!(out, "- {} ({})", code(&e.statement), code(&e.location))?;
    }
    out.push('\n');
    if let Some(r) = &f.recommendation {
        writeln!(out, "**{}** {}\n", lead(Label::Do), text(r.action))?;
        if !r.commands.is_empty() {
            out.push_str(&code_block(r.commands, "sh"));
            out.push('\n');
        }
        if let Some(alternative) = r.alternative {
            writeln!(
                out,
                "**{}** {}\n",
                lead(Label::Alternative),
                text(alternative)
            )?;
        }
        if let Some(cost) = r.cost {
            writeln!(out, "**{}** {}\n", lead(Label::Cost), text(cost))?;
        }
        writeln!(out, "**{}** {}\n", lead(Label::Verify), text(r.verify))?;
        writeln!(out, "**{}** {}\n", lead(Label::Rollback), text(r.rollback))?;
    }
    if let Some(s) = &f.source {
        writeln!(
            out,
            "**{}** {} — {} {} ({})\n",
            lead(Label::GainInCase),
            text(s.gain),
            Label::Case.text(lang),
            code(s.case_id),
            code(&format!("seeds/{}", s.seed))
        )?;
    }
    writeln!(
        out,
        "**{}** {:.0} %\n",
        lead(Label::Confidence),
        f.confidence * 100.0
    )
}

/// `**Target**: 4,297 TPS beats the 4,000 TPS target by 7.4 % …`
fn target_line(target: &Target, lang: Lang) -> String {
    format!(
        "**{}**{}{}",
        Label::TargetStatus.text(lang),
        labels::colon(lang),
        text(&target.summary)
    )
}
