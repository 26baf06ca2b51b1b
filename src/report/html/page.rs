//! The HTML document around a report: one file with its style sheet inline, a content
//! security policy that lets nothing load from anywhere (so the page provably needs no
//! network and runs no script), the masthead and the footer.

use super::escape::esc;
use crate::report::i18n::labels::{Label, Lang};

const STYLE: &str = include_str!("style.css");

/// What goes into the masthead.
pub struct Masthead<'a> {
    pub title: &'a str,
    /// Shown under the title, e.g. "Diagnosis of `bundle`".
    pub subtitle_label: &'a str,
    pub subtitle_code: &'a str,
    /// Table of contents: (anchor, text, CSS class of the dot).
    pub contents: Vec<(String, String, String)>,
}

pub fn document(lang: Lang, version: &str, head: &Masthead, body: &str) -> String {
    let mut out = String::with_capacity(body.len() + STYLE.len() + 2048);
    out.push_str("<!DOCTYPE html>\n");
    out.push_str(&format!("<html lang=\"{}\">\n<head>\n", lang.code()));
    out.push_str("<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str("<meta name=\"color-scheme\" content=\"light dark\">\n");
    out.push_str(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n",
    );
    out.push_str(&format!(
        "<meta name=\"generator\" content=\"perfsage {}\">\n",
        esc(version)
    ));
    out.push_str(&format!(
        "<title>{} — {}</title>\n",
        esc(head.title),
        esc(head.subtitle_code)
    ));
    out.push_str("<style>\n");
    out.push_str(STYLE);
    out.push_str("</style>\n</head>\n<body>\n");
    out.push_str("<header class=\"masthead\"><div class=\"wrap\">");
    out.push_str("<p class=\"eyebrow\">perfsage</p>");
    out.push_str(&format!("<h1>{}</h1>", esc(head.title)));
    out.push_str(&format!(
        "<p class=\"subtitle\">{} <code>{}</code></p>",
        esc(head.subtitle_label),
        esc(head.subtitle_code)
    ));
    if head.contents.len() > 1 {
        out.push_str(&format!(
            "<ul class=\"toc\" aria-label=\"{}\">",
            esc(Label::Contents.text(lang))
        ));
        for (anchor, text, class) in &head.contents {
            out.push_str(&format!(
                "<li><a href=\"#{}\" class=\"{}\"><span class=\"dot\"></span>{}</a></li>",
                esc(anchor),
                esc(class),
                esc(text)
            ));
        }
        out.push_str("</ul>");
    }
    out.push_str("</div></header>\n<main class=\"wrap\">\n");
    out.push_str(body);
    out.push_str("</main>\n<footer class=\"wrap\">");
    out.push_str(&format!(
        "<p>{} perfsage {}. {}</p>",
        esc(Label::GeneratedBy.text(lang)),
        esc(version),
        esc(Label::EvidenceNote.text(lang))
    ));
    out.push_str("</footer>\n</body>\n</html>\n");
    out
}
