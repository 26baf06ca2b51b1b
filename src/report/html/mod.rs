//! Any report as one self-contained HTML page to hand to a customer: inline style
//! sheet (light, dark and print), charts as inline SVG drawn from the data the report
//! document refers to, flame graphs drawn by inferno, and every captured text escaped.
//! Nothing is fetched.

mod chain_chart;
mod charts;
mod data_uri;
pub(crate) mod escape;
mod finding_card;
mod flame_graph;
mod hotspot_chart;
mod methodology_chart;
mod page;
mod part;
mod scaling_chart;
pub(crate) mod svg;
mod utilisation_chart;

use super::document::{Document, Part};
use finding_card::render as finding_card;

/// The document as one HTML page.
pub fn render(doc: &Document) -> String {
    let lang = doc.lang;
    let mut body = String::new();
    if !doc.intro.is_empty() {
        body.push_str(r#"<section class="host" id="overview">"#);
        for s in &doc.intro {
            part::section(&mut body, s, "overview", lang);
        }
        body.push_str("</section>\n");
    }
    for p in &doc.parts {
        part::render(&mut body, p, lang);
    }
    let mut contents = Vec::new();
    listed(&doc.parts, &mut contents);
    let head = page::Masthead {
        title: &doc.title,
        subject: doc.subject.as_ref(),
        contents,
        footnote: doc.footnote,
    };
    page::document(lang, doc.version, &head, &body)
}

/// The table of contents: every part listed there, in document order, with the dot
/// coloured by its verdict.
fn listed(parts: &[Part], contents: &mut Vec<(String, String, String)>) {
    for p in parts {
        if let Some(text) = &p.contents {
            let class = p
                .verdict
                .as_ref()
                .map(|v| format!("res-{}", v.resource))
                .unwrap_or_default();
            contents.push((p.anchor.clone(), text.clone(), class));
        }
        listed(&p.parts, contents);
    }
}
