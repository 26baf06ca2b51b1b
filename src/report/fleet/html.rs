//! The fleet summary as a self-contained HTML page: the parts of the fleet document,
//! with links from every list to each host's section.

use super::FleetSummary;
use super::document::{Cell, document};
use crate::report::html::escape::esc;
use crate::report::i18n::labels::Lang;
use std::fmt::Write;

pub fn render(summary: &FleetSummary, lang: Lang) -> String {
    let doc = document(summary, lang);
    let link = |i: usize| {
        format!(
            "<a href=\"#{}\">{}</a>",
            doc.hosts[i].anchor,
            esc(&doc.hosts[i].name)
        )
    };
    let cell = |c: &Cell| match c {
        Cell::Text(t) => esc(t),
        Cell::Code(t) => format!("<code>{}</code>", esc(t)),
        Cell::Host(i) => link(*i),
        Cell::Hosts(hosts, more) => {
            let mut named: Vec<String> = hosts.iter().map(|&i| link(i)).collect();
            named.extend(more.as_deref().map(esc));
            named.join(", ")
        }
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title><style>body{{font-family:sans-serif;margin:2em;max-width:80em}}table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}}code{{background:#f3f3f3}}</style></head><body>\n<h1>{}</h1>\n",
        lang.code(),
        esc(doc.title),
        esc(doc.title)
    );
    let _ = writeln!(out, "<p>{}</p>", esc(&doc.headline));
    for table in &doc.tables {
        let _ = writeln!(out, "<h2>{}</h2>", esc(table.heading));
        out.push_str("<table><thead><tr>");
        for column in &table.columns {
            let _ = write!(out, "<th>{}</th>", esc(column));
        }
        out.push_str("</tr></thead><tbody>");
        for cells in &table.rows {
            out.push_str("<tr>");
            for c in cells {
                let _ = write!(out, "<td>{}</td>", cell(c));
            }
            out.push_str("</tr>");
        }
        out.push_str("</tbody></table>\n");
    }
    let _ = writeln!(out, "<h2>{}</h2>", esc(doc.hosts_heading));
    for host in &doc.hosts {
        let _ = write!(
            out,
            "<section id=\"{}\"><h3>{}</h3><p><b>{}</b>{}{}</p><ol>",
            host.anchor,
            esc(&host.name),
            esc(host.resource),
            esc(&host.confidence),
            esc(&host.summary)
        );
        for (action, rule, gain) in &host.actions {
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
