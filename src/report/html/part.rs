//! One part of the HTML report (a host, a change, a run, a group of hosts) and the
//! sections before the parts: a part that holds no other parts is a card (a host's
//! verdict, then each section as HTML, findings linked from the next actions and the
//! steps that found them), a part holding parts is a heading over them.

use super::escape::{esc, slug};
use super::{chain_chart, charts, finding_card};
use crate::report::document::{
    ActionCell, Block, Cell, ChainCharts, ChartSource, Conflict, DASH, Gain, Grid, Link, List,
    Metric, Note, Part, PathStep, Section, Target, VerdictLine,
};
use crate::report::i18n::labels::{self, Label, Lang};
use std::fmt::Write;

/// The part as HTML: every part's heading is an `<h2>` (a host's card title reads
/// the same wherever the host sits), its sections' headings `<h3>`.
pub fn render(out: &mut String, p: &Part, lang: Lang) {
    // A part holding other parts is a heading over them; any other part is a card.
    let class = match &p.verdict {
        Some(v) => format!("host res-{}", v.resource),
        None if p.parts.is_empty() => "host".to_string(),
        None => "group".to_string(),
    };
    let _ = write!(
        out,
        r#"<section class="{class}" id="{}"><h2>{}"#,
        esc(&p.anchor),
        esc(&p.heading)
    );
    for tag in &p.tags {
        let _ = write!(out, r#"<span class="tag">{}</span>"#, esc(tag));
    }
    out.push_str("</h2>");
    if let Some(v) = &p.verdict {
        verdict(out, v, lang);
    }
    for s in &p.sections {
        section(out, s, &p.anchor, lang);
    }
    for inner in &p.parts {
        render(out, inner, lang);
    }
    out.push_str("</section>\n");
}

fn verdict(out: &mut String, v: &VerdictLine, lang: Lang) {
    let _ = write!(
        out,
        r#"<div class="verdict"><div class="label">{}</div><div class="headline">{}</div>"#,
        esc(Label::Verdict.text(lang)),
        esc(&v.headline),
    );
    if let Some(confidence) = v.confidence {
        let _ = write!(
            out,
            r#"<div class="confidence"><span>{}</span><div class="meter"><span style="width:{:.0}%"></span></div><span>{:.0} %</span></div>"#,
            esc(Label::Confidence.text(lang)),
            confidence * 100.0,
            confidence * 100.0,
        );
    }
    if let Some(summary) = &v.summary {
        let _ = write!(out, r#"<p class="summary">{}</p>"#, esc(summary));
    }
    out.push_str("</div>");
}

/// A section of the part with anchor `id` (finding cards and links carry it).
pub fn section(out: &mut String, s: &Section, id: &str, lang: Lang) {
    let heading = s
        .heading
        .as_ref()
        .map(|h| format!("<h3>{}</h3>", esc(h)))
        .unwrap_or_default();
    match &s.block {
        // The cards speak for themselves: no heading.
        Block::Metrics(metrics) => metric_cards(out, metrics),
        Block::Paragraph(text) => {
            let _ = write!(out, r#"{heading}<p>{}</p>"#, esc(text));
        }
        Block::Target(target) => {
            out.push_str(&heading);
            out.push_str(&target_paragraph(target, lang));
        }
        Block::Grid(grid) => {
            out.push_str(&heading);
            table(out, grid, id);
        }
        Block::List(list) => {
            out.push_str(&heading);
            items(out, list, id);
        }
        Block::Gains(list) => {
            out.push_str(&heading);
            gains(out, list);
        }
        Block::Charts(source) => {
            let figures = match source {
                ChartSource::Host(refs) => charts::render(refs, id, lang),
                ChartSource::Chain(chain) => chain_charts(chain, lang),
            };
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
                out.push_str(&finding_card(f, id, lang));
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

/// One wide bar chart per benchmark figure of each host along the chain.
fn chain_charts(chain: &ChainCharts, lang: Lang) -> String {
    let mut out = String::new();
    for host in &chain.hosts {
        for key in chain_chart::keys(&chain.runs, host) {
            let metric = labels::metric_name(&key, lang);
            let caption = if chain.name_hosts {
                format!("{host} · {metric}")
            } else {
                metric
            };
            let _ = write!(
                out,
                r#"<figure class="wide" data-chart="chain"><figcaption>{}</figcaption>{}</figure>"#,
                esc(&caption),
                chain_chart::render(&chain.runs, host, &key, lang)
            );
        }
    }
    out
}

fn gains(out: &mut String, list: &[Gain]) {
    for g in list {
        let _ = write!(
            out,
            r#"<div class="gain-line"><span class="gain-big {}">{}</span> {}</div>"#,
            if g.improved { "good" } else { "bad" },
            esc(&g.change),
            esc(&g.text)
        );
    }
}

fn items(out: &mut String, list: &List, id: &str) {
    let tag = if list.numbered { "ol" } else { "ul" };
    let _ = write!(out, "<{tag}>");
    for item in &list.items {
        let words: Vec<String> = item.iter().map(|c| cell(c, id)).collect();
        let _ = write!(out, "<li>{}</li>", words.join(" — "));
    }
    let _ = write!(out, "</{tag}>");
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

fn table(out: &mut String, grid: &Grid, id: &str) {
    let num = |numeric: bool| if numeric { r#" class="num""# } else { "" };
    // A table of next actions shows their first commands; the class sizes them.
    let actions = grid
        .rows
        .iter()
        .flatten()
        .any(|c| matches!(c, Cell::Action(_)));
    out.push_str(if actions {
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
        Cell::Strong(s) => format!("<strong>{}</strong>", esc(s)),
        Cell::Alert(s) => format!(r#"<strong class="alert">{}</strong>"#, esc(s)),
        Cell::Delta { text, good } => format!(
            r#"<span class="delta {}">{}</span>"#,
            match good {
                Some(true) => "good",
                Some(false) => "bad",
                None => "flat",
            },
            esc(text)
        ),
        Cell::Link(l) => link(l),
        Cell::Links(links, more) => links
            .iter()
            .map(link)
            .chain(more.iter().map(|m| esc(m)))
            .collect::<Vec<_>>()
            .join(", "),
        Cell::Annotated { text, code } => {
            format!("{} <code>{}</code>", esc(text), esc(code))
        }
    }
}

fn link(l: &Link) -> String {
    format!(r##"<a href="#{}">{}</a>"##, esc(&l.anchor), esc(&l.text))
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
fn target_paragraph(target: &Target, lang: Lang) -> String {
    format!(
        r#"<p class="target {}"><strong>{}</strong>{}{}</p>"#,
        if target.met { "met" } else { "missed" },
        esc(Label::TargetStatus.text(lang)),
        esc(labels::colon(lang)),
        esc(&target.summary)
    )
}
