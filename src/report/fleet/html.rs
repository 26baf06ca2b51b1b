//! The fleet summary as a self-contained HTML page: the same sections as the Markdown
//! summary, with links from every list to each host's section.

use super::{ACTIONS_PER_HOST, FleetSummary};
use crate::report::html::escape::esc;
use crate::report::i18n::labels::{Lang, resource};
use crate::report::i18n::verdict_words::verdict_summary;
use crate::report::numbers::grouped;
use std::fmt::Write;

fn link(summary: &FleetSummary, index: usize) -> String {
    format!(
        "<a href=\"#{}\">{}</a>",
        summary.hosts[index].anchor(index),
        esc(&summary.host_name(index))
    )
}

fn links(summary: &FleetSummary, hosts: &[usize]) -> String {
    summary.named_hosts(hosts, |i| link(summary, i))
}

fn table(out: &mut String, heads: &[&str], rows: Vec<Vec<String>>) {
    out.push_str("<table><thead><tr>");
    for h in heads {
        let _ = write!(out, "<th>{}</th>", esc(h));
    }
    out.push_str("</tr></thead><tbody>");
    for row in rows {
        out.push_str("<tr>");
        for cell in row {
            let _ = write!(out, "<td>{cell}</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>\n");
}

pub fn render(summary: &FleetSummary, lang: Lang) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Fleet diagnosis</title><style>body{font-family:sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}code{background:#f3f3f3}</style></head><body>\n<h1>Fleet diagnosis</h1>\n",
    );
    let _ = writeln!(out, "<p>{}</p>", esc(&summary.headline()));
    out.push_str("<h2>Hosts per verdict</h2>\n");
    let rows = summary
        .by_verdict()
        .into_iter()
        .map(|(verdict, hosts)| {
            vec![
                esc(resource(verdict, lang)),
                grouped(hosts.len() as f64),
                links(summary, &hosts),
            ]
        })
        .collect();
    table(
        &mut out,
        &["What limits throughput", "Hosts", "Which"],
        rows,
    );
    out.push_str("<h2>Most frequent findings</h2>\n");
    let rows = summary
        .frequent_findings()
        .iter()
        .take(30)
        .map(|(rule, title, severity, hosts)| {
            vec![
                esc(title),
                format!("<code>{}</code>", esc(rule)),
                severity.to_string(),
                grouped(hosts.len() as f64),
                links(summary, hosts),
            ]
        })
        .collect();
    table(
        &mut out,
        &["Finding", "Rule", "Worst severity", "Hosts", "Which"],
        rows,
    );
    out.push_str("<h2>Largest expected gains</h2>\n");
    let rows = summary
        .largest_gains()
        .into_iter()
        .map(|(h, a)| {
            let (action, rule, _, gain) = &summary.hosts[h].actions[a];
            vec![
                esc(gain.as_deref().unwrap_or("")),
                esc(action),
                format!("<code>{}</code>", esc(rule)),
                link(summary, h),
            ]
        })
        .collect();
    table(
        &mut out,
        &["Gain in its case", "Action", "Rule", "Host"],
        rows,
    );
    if !summary.failures.is_empty() {
        out.push_str("<h2>Bundles not diagnosed</h2>\n");
        let rows = summary
            .failures
            .iter()
            .map(|(bundle, error)| vec![esc(bundle), esc(error)])
            .collect();
        table(&mut out, &["Bundle", "Why"], rows);
    }
    out.push_str("<h2>Hosts</h2>\n");
    for (i, host) in summary.hosts.iter().enumerate() {
        let _ = write!(
            out,
            "<section id=\"{}\"><h3>{}</h3><p><b>{}</b> ({:.0} % confidence). {}</p><ol>",
            host.anchor(i),
            esc(&summary.host_name(i)),
            esc(resource(host.verdict.resource, lang)),
            host.verdict.confidence * 100.0,
            esc(&verdict_summary(&host.verdict, lang))
        );
        for (action, rule, _, gain) in host.actions.iter().take(ACTIONS_PER_HOST) {
            let gain = gain
                .as_deref()
                .map(|g| format!(" — {}", esc(g)))
                .unwrap_or_default();
            let _ = write!(
                out,
                "<li>{} (<code>{}</code>){gain}</li>",
                esc(action),
                esc(rule)
            );
        }
        out.push_str("</ol></section>\n");
    }
    out.push_str("</body></html>\n");
    out
}
