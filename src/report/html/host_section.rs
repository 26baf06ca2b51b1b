//! One host of the HTML report: the report document's host part (see `document`)
//! as a `<section>`: verdict, target, metric cards, then each section as HTML, with
//! findings linked from the next actions and the steps that found them.

use super::escape::{esc, slug};
use super::{charts, finding_card};
use crate::report::document::{
    ActionCell, Block, Cell, Conflict, DASH, Grid, HostPart, Metric, Note, PathStep, Section,
    SectionKind, Target,
};
use crate::report::i18n::labels::{self, Label, Lang};
use std::fmt::Write;

/// The anchor of the host's section (`host-1` …), unique and independent of its name.
pub fn anchor(index: usize) -> String {
    format!("host-{}", index + 1)
}

/// The host's section; `id` is its anchor (see [`anchor`]), unique in the page.
pub fn render(h: &HostPart, id: &str, lang: Lang) -> String {
    let l = |label: Label| esc(label.text(lang));
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<section class="host res-{}" id="{id}"><h2>{} {}"#,
        h.resource,
        l(Label::Host),
        esc(h.name)
    );
    for tag in &h.tags {
        let _ = write!(out, r#"<span class="tag">{}</span>"#, esc(tag));
    }
    out.push_str("</h2>");
    let _ = write!(
        out,
        r#"<div class="verdict"><div class="label">{}</div><div class="headline">{}</div><div class="confidence"><span>{}</span><div class="meter"><span style="width:{:.0}%"></span></div><span>{:.0} %</span></div><p class="summary">{}</p></div>"#,
        l(Label::Verdict),
        esc(&h.headline),
        l(Label::Confidence),
        h.confidence * 100.0,
        h.confidence * 100.0,
        esc(&h.summary)
    );
    if let Some(target) = &h.target {
        out.push_str(&target_paragraph(target, lang));
    }
    for s in &h.sections {
        section(&mut out, s, id, lang);
    }
    out.push_str("</section>\n");
    out
}

fn section(out: &mut String, s: &Section, id: &str, lang: Lang) {
    let heading = format!("<h3>{}</h3>", esc(s.heading));
    match &s.block {
        // The cards speak for themselves: no heading.
        Block::Metrics(metrics) => metric_cards(out, metrics),
        Block::Grid(grid) => {
            out.push_str(&heading);
            table(out, grid, s.kind, id);
        }
        Block::Charts(refs) => {
            let figures = charts::render(refs, id, lang);
            if !figures.is_empty() {
                let _ = write!(out, r#"{heading}<div class="charts">{figures}</div>"#);
            }
        }
        Block::Path(steps) => {
            out.push_str(&heading);
            path(out, steps, id, lang);
        }
        Block::Findings(findings) => {
            out.push_str(&heading);
            for f in findings {
                out.push_str(&finding_card::render(f, id, lang));
            }
        }
        Block::Notes(notes) => {
            out.push_str(&heading);
            notes_list(out, notes);
        }
        Block::Conflicts(conflicts) => {
            out.push_str(&heading);
            conflicts_list(out, conflicts, lang);
        }
    }
}

fn metric_cards(out: &mut String, metrics: &[Metric]) {
    out.push_str(r#"<div class="metrics">"#);
    for m in metrics {
        let _ = write!(
            out,
            r#"<div class="metric"><div class="name">{}</div><div class="value">{}<small>{}</small></div><div class="source">{}</div></div>"#,
            esc(&m.name),
            esc(&m.number),
            esc(&m.unit),
            esc(&m.source)
        );
    }
    out.push_str("</div>");
}

fn table(out: &mut String, grid: &Grid, kind: SectionKind, id: &str) {
    let num = |numeric: bool| if numeric { r#" class="num""# } else { "" };
    out.push_str(if kind == SectionKind::NextActions {
        r#"<table class="next-actions"><thead><tr>"#
    } else {
        "<table><thead><tr>"
    });
    for c in &grid.columns {
        let _ = write!(out, "<th{}>{}</th>", num(c.numeric), esc(c.label));
    }
    out.push_str("</tr></thead><tbody>");
    for cells in &grid.rows {
        out.push_str("<tr>");
        for (c, column) in cells.iter().zip(&grid.columns) {
            let _ = write!(out, "<td{}>{}</td>", num(column.numeric), cell(c, id));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
}

fn cell(c: &Cell, id: &str) -> String {
    match c {
        Cell::Number(n) => n.to_string(),
        Cell::Text(s) | Cell::Program(s) => esc(s),
        Cell::Lines(lines) => lines
            .iter()
            .map(|l| esc(l))
            .collect::<Vec<_>>()
            .join("<br>"),
        Cell::Code(s) => format!("<code>{}</code>", esc(s)),
        Cell::Codes(items) => items
            .iter()
            .map(|i| format!("<code>{}</code>", esc(i)))
            .collect::<Vec<_>>()
            .join("<br>"),
        Cell::Dash => DASH.to_string(),
        Cell::Action(a) => action(a, id),
    }
}

/// A next action: the title in bold, what to do, the first command and a link to the
/// finding it comes from.
fn action(a: &ActionCell, id: &str) -> String {
    format!(
        r##"<strong>{}</strong> {}{} <a href="#{id}-{}"><code>{}</code></a>"##,
        esc(&a.title),
        esc(&a.action),
        a.command
            .as_ref()
            .map(|c| format!(r#"<pre class="command">{}</pre>"#, esc(c)))
            .unwrap_or_default(),
        slug(&a.rule),
        esc(&a.rule)
    )
}

fn path(out: &mut String, steps: &[PathStep], id: &str, lang: Lang) {
    out.push_str(r#"<ol class="steps">"#);
    for step in steps {
        let _ = write!(
            out,
            r#"<li><div class="question">{}</div><div class="via"><code>{}</code>"#,
            esc(step.question),
            esc(step.id)
        );
        if let Some((from, when)) = step.via {
            let _ = write!(
                out,
                " · {} <code>{}</code>: <code>{}</code>",
                esc(Label::ReachedVia.text(lang)),
                esc(from),
                esc(when)
            );
        }
        out.push_str("</div>");
        if !step.findings.is_empty() {
            out.push_str(r#"<div class="chips">"#);
            for rule in step.findings {
                let _ = write!(
                    out,
                    r##"<a class="chip" href="#{id}-{}">{}</a>"##,
                    slug(rule),
                    esc(rule)
                );
            }
            out.push_str("</div>");
        }
        out.push_str("</li>");
    }
    out.push_str("</ol>");
}

fn notes_list(out: &mut String, notes: &[Note]) {
    out.push_str("<ul>");
    for n in notes {
        let _ = write!(
            out,
            "<li><code>{}</code>: {}</li>",
            esc(&n.subject),
            esc(&n.text)
        );
    }
    out.push_str("</ul>");
}

fn conflicts_list(out: &mut String, conflicts: &[Conflict], lang: Lang) {
    out.push_str("<ul>");
    for c in conflicts {
        let _ = write!(
            out,
            "<li><code>{}</code>: {} <code>{}</code>, {} <code>{}</code> ({})</li>",
            esc(&c.key),
            esc(Label::Kept.text(lang)),
            esc(&c.kept),
            esc(Label::Ignored.text(lang)),
            esc(&c.ignored),
            esc(&c.ignored_value)
        );
    }
    out.push_str("</ul>");
}

/// Whether the target is met, as a paragraph styled by the outcome.
pub fn target_paragraph(target: &Target, lang: Lang) -> String {
    format!(
        r#"<p class="target {}"><strong>{}</strong>{}{}</p>"#,
        if target.met { "met" } else { "missed" },
        esc(Label::TargetStatus.text(lang)),
        esc(labels::colon(lang)),
        esc(&target.summary)
    )
}
