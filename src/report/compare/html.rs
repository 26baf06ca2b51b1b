//! The comparison as a self-contained HTML page: the chain of runs as a bar chart, then
//! per change and host the benchmark gain, the matched recommended step, the key
//! metrics side by side and the findings that disappeared or appeared.

use super::document::{CompareDocument, HostPart, document};
use super::{CompareExporter, chain_chart};
use crate::compare::Comparison;
use crate::report::document as report_document;
use crate::report::html::escape::esc;
use crate::report::html::{finding_card, page};
use crate::report::i18n::labels::{self, Label, Lang};
use std::fmt::Write;

pub struct CompareHtml {
    pub lang: Lang,
}

impl CompareExporter for CompareHtml {
    fn serialize(&self, c: &Comparison) -> anyhow::Result<Vec<u8>> {
        let lang = self.lang;
        let doc: CompareDocument = document(c, lang);
        let l = |label: Label| esc(label.text(lang));
        let mut body = String::new();
        let _ = write!(
            body,
            r#"<section class="host" id="chain"><h2>{}</h2><ol class="steps">"#,
            l(Label::Chain)
        );
        for run in &doc.chain {
            let _ = write!(
                body,
                r#"<li><div class="question">{}</div><div class="via"><code>{}</code></div></li>"#,
                esc(run.label),
                esc(run.source)
            );
        }
        body.push_str("</ol>");
        let hosts: Vec<&str> = c
            .snapshots
            .last()
            .map(|s| s.hosts.iter().map(|h| h.host.as_str()).collect())
            .unwrap_or_default();
        for host in hosts {
            for key in chain_chart::keys(c, host) {
                let _ = write!(
                    body,
                    r#"<figure class="wide" data-chart="chain"><figcaption>{} · {}</figcaption>{}</figure>"#,
                    esc(host),
                    esc(&labels::metric_name(&key, lang)),
                    chain_chart::render(c, host, &key, lang)
                );
            }
        }
        body.push_str("</section>");
        let mut contents = vec![(
            "chain".to_string(),
            Label::Chain.text(lang).to_string(),
            String::new(),
        )];
        for (i, change) in doc.changes.iter().enumerate() {
            let anchor = format!("change-{}", i + 1);
            contents.push((anchor.clone(), change.heading.clone(), String::new()));
            let _ = write!(
                body,
                r#"<section class="host" id="{anchor}"><h2>{}</h2>"#,
                esc(&change.heading)
            );
            for (h, host) in change.hosts.iter().enumerate() {
                body.push_str(&self.host(host, &format!("{anchor}-{}", h + 1)));
            }
            for unpaired in change.unpaired {
                let _ = write!(
                    body,
                    r#"<p class="muted">{} {}</p>"#,
                    l(Label::OnlyIn),
                    esc(unpaired)
                );
            }
            body.push_str("</section>\n");
        }
        let head = page::Masthead {
            title: Label::CompareTitle.text(lang),
            subtitle_label: Label::Chain.text(lang),
            subtitle_code: &doc
                .chain
                .iter()
                .map(|run| run.label)
                .collect::<Vec<_>>()
                .join(" → "),
            contents,
        };
        Ok(page::document(lang, doc.version, &head, &body).into_bytes())
    }
}

impl CompareHtml {
    fn host(&self, h: &HostPart, anchor: &str) -> String {
        let lang = self.lang;
        let l = |label: Label| esc(label.text(lang));
        let mut out = String::new();
        let _ = write!(out, "<h3>{} {}</h3>", l(Label::Host), esc(&h.name));
        out.push_str(r#"<div class="pair">"#);
        match h.gains.split_first() {
            Some((gain, others)) => {
                let others: Vec<String> = others
                    .iter()
                    .map(|g| format!("<br>{}", esc(&g.text)))
                    .collect();
                let _ = write!(
                    out,
                    r#"<div class="verdict res-{}"><div class="label">{}</div><div class="gain-big {}">{}</div><p class="summary">{}{}</p></div>"#,
                    if gain.improved { "none" } else { "cpu" },
                    l(Label::BenchmarkGain),
                    if gain.improved { "good" } else { "bad" },
                    esc(&gain.change),
                    esc(&gain.text),
                    others.concat()
                );
            }
            None => {
                let _ = write!(
                    out,
                    r#"<div class="verdict res-unknown"><div class="label">{}</div><div class="headline">—</div></div>"#,
                    l(Label::BenchmarkGain)
                );
            }
        }
        let _ = write!(
            out,
            r#"<div class="verdict res-{}"><div class="label">{}</div><div class="headline">{}</div></div></div>"#,
            h.resource_after,
            l(Label::Verdict),
            esc(&h.verdict)
        );
        let _ = write!(out, "<h3>{}</h3>", esc(h.matches_heading));
        match h.matches.split_first() {
            None => {
                let _ = write!(out, r#"<p class="muted">{}</p>"#, l(Label::NoMatchedStep));
            }
            Some((best, others)) => {
                let _ = write!(
                    out,
                    r#"<div class="gain"><strong>{}</strong>"#,
                    esc(&best.sentence)
                );
                if let Some(action) = best.action {
                    let _ = write!(out, r#"<span class="case">{}</span>"#, esc(action));
                }
                out.push_str("</div>");
                if !others.is_empty() {
                    out.push_str(r#"<ul class="finding-list">"#);
                    for other in others {
                        let _ = write!(out, "<li>{}</li>", esc(&other.sentence));
                    }
                    out.push_str("</ul>");
                }
            }
        }
        let _ = write!(
            out,
            r#"<h3>{}</h3><table><thead><tr><th>{}</th><th class="num">{}</th><th class="num">{}</th><th class="num">{}</th></tr></thead><tbody>"#,
            l(Label::KeyMetrics),
            l(Label::Metric),
            l(Label::Before),
            l(Label::After),
            l(Label::Change)
        );
        for m in &h.metrics {
            let class = match m.good {
                Some(true) => "good",
                Some(false) => "bad",
                None => "flat",
            };
            let _ = write!(
                out,
                r#"<tr><td>{}</td><td class="num">{}</td><td class="num">{}</td><td class="num delta {class}">{}</td></tr>"#,
                esc(&m.name),
                esc(&m.before),
                esc(&m.after),
                esc(&m.delta)
            );
        }
        out.push_str("</tbody></table>");
        for group in &h.findings {
            let _ = write!(out, "<h3>{}</h3>", esc(group.heading));
            for (i, item) in group.items.iter().enumerate() {
                out.push_str(&finding_card(
                    &report_document::finding(item.finding, i + 1, lang),
                    &format!("{anchor}-{}", group.kind),
                    lang,
                ));
            }
        }
        out
    }
}
