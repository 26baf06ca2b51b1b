//! The comparison as a self-contained HTML page: the chain of runs as a bar chart, then
//! per change and host the benchmark gain, the matched recommended step, the key
//! metrics side by side and the findings that disappeared or appeared.

use super::{
    CompareExporter, after_value, before_value, chain_chart, delta, gain_line, match_action,
    match_sentence, matches_label, sections, transition, verdict_change,
};
use crate::compare::{Change, Comparison, HostChange};
use crate::report::document;
use crate::report::html::escape::esc;
use crate::report::html::{finding_card, page};
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::numbers::change_pct;
use std::fmt::Write;

pub struct CompareHtml {
    pub lang: Lang,
}

impl CompareExporter for CompareHtml {
    fn serialize(&self, c: &Comparison) -> anyhow::Result<Vec<u8>> {
        let lang = self.lang;
        let l = |label: Label| esc(label.text(lang));
        let mut body = String::new();
        let _ = write!(
            body,
            r#"<section class="host" id="chain"><h2>{}</h2><ol class="steps">"#,
            l(Label::Chain)
        );
        for s in &c.snapshots {
            let _ = write!(
                body,
                r#"<li><div class="question">{}</div><div class="via"><code>{}</code></div></li>"#,
                esc(&s.label),
                esc(&s.source)
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
        for (i, (change, overall)) in sections(c).into_iter().enumerate() {
            let anchor = format!("change-{}", i + 1);
            let heading = if overall {
                format!(
                    "{}{}{}",
                    Label::Overall.text(lang),
                    labels::colon(lang),
                    transition(c, change)
                )
            } else {
                transition(c, change)
            };
            contents.push((anchor.clone(), heading.clone(), String::new()));
            let _ = write!(
                body,
                r#"<section class="host" id="{anchor}"><h2>{}</h2>"#,
                esc(&heading)
            );
            for (h, host) in change.hosts.iter().enumerate() {
                body.push_str(&self.host(
                    c,
                    (change, overall),
                    host,
                    &format!("{anchor}-{}", h + 1),
                ));
            }
            for unpaired in &change.unpaired {
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
            subtitle_code: &c
                .snapshots
                .iter()
                .map(|s| s.label.as_str())
                .collect::<Vec<_>>()
                .join(" → "),
            contents,
        };
        Ok(page::document(lang, &c.perfsage_version, &head, &body).into_bytes())
    }
}

impl CompareHtml {
    fn host(
        &self,
        c: &Comparison,
        (change, overall): (&Change, bool),
        h: &HostChange,
        anchor: &str,
    ) -> String {
        let lang = self.lang;
        let l = |label: Label| esc(label.text(lang));
        let mut out = String::new();
        let name = match &h.host_before {
            Some(before) => format!("{before} → {}", h.host),
            None => h.host.clone(),
        };
        let _ = write!(out, "<h3>{} {}</h3>", l(Label::Host), esc(&name));
        out.push_str(r#"<div class="pair">"#);
        match h.gains.first() {
            Some(gain) => {
                let others: Vec<String> = h.gains[1..]
                    .iter()
                    .map(|g| format!("<br>{}", esc(&gain_line(c, change, g, lang))))
                    .collect();
                let _ = write!(
                    out,
                    r#"<div class="verdict res-{}"><div class="label">{}</div><div class="gain-big {}">{}</div><p class="summary">{}{}</p></div>"#,
                    if gain.improved { "none" } else { "cpu" },
                    l(Label::BenchmarkGain),
                    if gain.improved { "good" } else { "bad" },
                    esc(&change_pct(gain.change_pct)),
                    esc(&gain_line(c, change, gain, lang)),
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
            h.verdict_after.resource,
            l(Label::Verdict),
            esc(&verdict_change(h, lang))
        );
        let _ = write!(out, "<h3>{}</h3>", l(matches_label(overall)));
        match h.matches.first() {
            None => {
                let _ = write!(out, r#"<p class="muted">{}</p>"#, l(Label::NoMatchedStep));
            }
            Some(best) => {
                let _ = write!(
                    out,
                    r#"<div class="gain"><strong>{}</strong>"#,
                    esc(&match_sentence(best, lang))
                );
                if let Some(action) = match_action(best, lang) {
                    let _ = write!(out, r#"<span class="case">{}</span>"#, esc(action));
                }
                out.push_str("</div>");
                if h.matches.len() > 1 {
                    out.push_str(r#"<ul class="finding-list">"#);
                    for other in &h.matches[1..] {
                        let _ = write!(out, "<li>{}</li>", esc(&match_sentence(other, lang)));
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
            let (delta, good) = delta(m, lang);
            let class = match good {
                Some(true) => "good",
                Some(false) => "bad",
                None => "flat",
            };
            let _ = write!(
                out,
                r#"<tr><td>{}</td><td class="num">{}</td><td class="num">{}</td><td class="num delta {class}">{}</td></tr>"#,
                esc(&labels::metric_name(&m.key, lang)),
                esc(&before_value(c, m)),
                esc(&after_value(c, m)),
                esc(&delta)
            );
        }
        out.push_str("</tbody></table>");
        for (label, findings, suffix) in [
            (Label::FindingsGone, &h.findings_gone, "gone"),
            (Label::FindingsNew, &h.findings_new, "new"),
        ] {
            if findings.is_empty() {
                continue;
            }
            let _ = write!(out, "<h3>{}</h3>", l(label));
            for (i, f) in findings.iter().enumerate() {
                out.push_str(&finding_card(
                    &document::finding(f, i + 1, lang),
                    &format!("{anchor}-{suffix}"),
                    lang,
                ));
            }
        }
        out
    }
}
