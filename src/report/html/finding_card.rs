//! One finding as a card: severity, title and rule id, why, the evidence with its
//! file:line, what to do (commands, alternative, cost), how to verify and roll back,
//! and what the step gained in the case it comes from.

use super::escape::{esc, slug};
use crate::report::document::FindingBlock;
use crate::report::i18n::labels::{self, Label, Lang};
use std::fmt::Write;

/// `anchor` prefixes the card's id, so steps can link to it.
pub fn render(f: &FindingBlock, anchor: &str, lang: Lang) -> String {
    let l = |label: Label| esc(label.text(lang));
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<article class="finding sev-{}" id="{}-{}"><header><span class="severity">{}</span><h4>{}</h4><span class="rule-id">{}</span></header>"#,
        f.severity,
        esc(anchor),
        slug(f.rule),
        esc(labels::severity(f.severity, lang)),
        esc(f.title),
        esc(f.rule)
    );
    let _ = write!(out, r#"<p class="summary">{}</p><dl>"#, esc(f.why));
    let _ = write!(
        out,
        r#"<dt>{}</dt><dd><ul class="evidence">"#,
        l(Label::Evidence)
    );
    for e in &f.evidence {
        let _ = write!(
            out,
            r#"<li><code>{}</code><span class="loc">{}</span></li>"#,
            esc(&e.statement),
            esc(&e.location)
        );
    }
    out.push_str("</ul></dd>");
    if let Some(r) = &f.recommendation {
        let _ = write!(out, "<dt>{}</dt><dd>{}", l(Label::Do), esc(r.action));
        if !r.commands.is_empty() {
            out.push_str("<pre><code>");
            for (i, command) in r.commands.iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                let _ = write!(out, "$ {}", esc(command));
            }
            out.push_str("</code></pre>");
        }
        out.push_str("</dd>");
        if let Some(alternative) = r.alternative {
            let _ = write!(
                out,
                "<dt>{}</dt><dd>{}</dd>",
                l(Label::Alternative),
                esc(alternative)
            );
        }
        if let Some(cost) = r.cost {
            let _ = write!(out, "<dt>{}</dt><dd>{}</dd>", l(Label::Cost), esc(cost));
        }
        let _ = write!(
            out,
            "<dt>{}</dt><dd>{}</dd>",
            l(Label::Verify),
            esc(r.verify)
        );
        let _ = write!(
            out,
            "<dt>{}</dt><dd>{}</dd>",
            l(Label::Rollback),
            esc(r.rollback)
        );
    }
    if let Some(s) = &f.source {
        let _ = write!(
            out,
            r#"<dt>{}</dt><dd class="gain">{}<span class="case">{} <code>{}</code> · seeds/{}</span></dd>"#,
            l(Label::GainInCase),
            esc(s.gain),
            l(Label::Case),
            esc(s.case_id),
            esc(s.seed)
        );
    }
    let _ = write!(
        out,
        "<dt>{}</dt><dd>{:.0} %</dd></dl></article>",
        l(Label::Confidence),
        f.confidence * 100.0
    );
    out
}
