//! The engagement as one self-contained HTML page: the chain as a table and bars of
//! each run's benchmark figures (as `compare` draws them), the
//! configurations, the latest run's hosts in full, and each earlier run (in chain
//! order) folded in a `<details>` block (open with `--all`). Anchors carry the run's number so the host
//! sections of different runs never share one.

use super::EngagementExporter;
use super::document::document;
use super::rows::header;
use crate::compare::compare;
use crate::diagnosis::Diagnosis;
use crate::engagement::Engagement;
use crate::report::compare::chain_chart;
use crate::report::document as report_document;
use crate::report::html::escape::esc;
use crate::report::html::{host_section, page};
use crate::report::i18n::labels::{self, Label, Lang};
use std::fmt::Write;

pub struct EngagementHtml {
    pub lang: Lang,
    /// Earlier runs unfolded.
    pub all: bool,
}

impl EngagementExporter for EngagementHtml {
    fn serialize(&self, e: &Engagement) -> anyhow::Result<Vec<u8>> {
        let lang = self.lang;
        // Every run is on the page; the earlier ones are folded unless `--all`.
        let doc = document(e, lang, true);
        let l = |label: Label| esc(label.text(lang));
        let mut body = String::new();
        let _ = write!(
            body,
            r#"<section class="host" id="chain"><h2>{} <span class="tag">{} {}</span></h2><table class="chain"><thead><tr>"#,
            l(Label::Chain),
            l(Label::FollowedHost),
            esc(doc.host),
        );
        for (i, heading) in header(lang).iter().enumerate() {
            let class = if i == 0 { r#" class="num""# } else { "" };
            let _ = write!(body, "<th{class}>{}</th>", esc(heading));
        }
        body.push_str("</tr></thead><tbody>");
        for r in &doc.rows {
            let step = r
                .step
                .as_ref()
                .map(|s| format!(" <code>{}</code>", esc(s)))
                .unwrap_or_default();
            let _ = write!(
                body,
                r##"<tr{}><td class="num">{}</td><td><a href="#run-{}">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}{step}</td><td>{}</td><td>{}</td></tr>"##,
                if r.flagged { r#" class="flagged""# } else { "" },
                r.number,
                r.number,
                esc(&r.label),
                esc(&r.verdict),
                esc(&r.throughput).replace('\n', "<br>"),
                esc(&r.latency).replace('\n', "<br>"),
                esc(&r.change),
                esc(&r.gains),
                esc(&r.outcome)
            );
        }
        body.push_str("</tbody></table>");
        // The same bars `compare` draws: the followed host's benchmark figures per run.
        let labelled: Vec<(String, Diagnosis)> = e
            .chain
            .iter()
            .zip(&e.runs)
            .map(|(link, run)| (link.label.clone(), run.clone()))
            .collect();
        let comparison = compare(&labelled);
        for key in chain_chart::keys(&comparison, &e.host) {
            let _ = write!(
                body,
                r#"<figure class="wide" data-chart="chain"><figcaption>{}</figcaption>{}</figure>"#,
                esc(&labels::metric_name(&key, lang)),
                chain_chart::render(&comparison, &e.host, &key, lang)
            );
        }
        if let Some(target) = &doc.target {
            body.push_str(&host_section::target_paragraph(target, lang));
        }
        if doc.configurations.iter().any(|c| c.text.is_some()) {
            let _ = write!(body, r#"<h3>{}</h3><ol>"#, l(Label::Configurations));
            for c in &doc.configurations {
                let _ = write!(
                    body,
                    r#"<li><strong>{}</strong> — {}</li>"#,
                    esc(c.label),
                    esc(c.text.unwrap_or("—"))
                );
            }
            body.push_str("</ol>");
        }
        body.push_str("</section>\n");
        let mut contents = vec![(
            "chain".to_string(),
            Label::Chain.text(lang).to_string(),
            "res-none".to_string(),
        )];
        for run in &doc.runs {
            let number = run.number;
            if run.latest {
                let _ = write!(
                    body,
                    r#"<div id="run-{number}"><h2>{}</h2>"#,
                    esc(&run.heading)
                );
            } else {
                let _ = write!(
                    body,
                    r#"<details id="run-{number}"{}><summary><h2>{}</h2></summary>"#,
                    if self.all { " open" } else { "" },
                    esc(&run.heading)
                );
            }
            for (h, host) in run.diagnosis.hosts.iter().enumerate() {
                let id = format!("run-{number}-{}", host_section::anchor(h));
                body.push_str(&host_section::render(
                    &report_document::host(run.diagnosis, host, lang),
                    &id,
                    lang,
                ));
                if run.latest {
                    contents.push((
                        id,
                        format!(
                            "{} — {}",
                            host.host,
                            labels::verdict_headline(host.bottleneck.resource, lang)
                        ),
                        format!("res-{}", host.bottleneck.resource),
                    ));
                }
            }
            body.push_str(if run.latest {
                "</div>\n"
            } else {
                "</details>\n"
            });
        }
        let head = page::Masthead {
            title: Label::EngagementTitle.text(lang),
            subtitle_label: doc.title.unwrap_or(""),
            subtitle_code: doc.name,
            contents,
        };
        Ok(page::document(lang, doc.version, &head, &body).into_bytes())
    }
}
