//! The fleet summary in Markdown: the parts of the fleet document, one table per
//! section and a short part per host, hosts linked to their parts.

use super::FleetSummary;
use super::document::{Cell, document};
use crate::report::i18n::labels::Lang;
use crate::report::markdown_text::{code, header, row, text};
use std::fmt::Write;

pub fn render(summary: &FleetSummary, lang: Lang) -> String {
    let doc = document(summary, lang);
    let link = |i: usize| format!("[{}](#{})", text(&doc.hosts[i].name), doc.hosts[i].anchor);
    let cell = |c: &Cell| match c {
        Cell::Text(t) => text(t),
        Cell::Code(t) => code(t),
        Cell::Host(i) => link(*i),
        Cell::Hosts(hosts, more) => {
            let mut named: Vec<String> = hosts.iter().map(|&i| link(i)).collect();
            named.extend(more.clone());
            named.join(", ")
        }
    };
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", doc.title);
    let _ = writeln!(out, "{}\n", text(&doc.headline));
    for (i, table) in doc.tables.iter().enumerate() {
        let lead = if i == 0 { "" } else { "\n" };
        let _ = writeln!(out, "{lead}## {}\n", table.heading);
        out.push_str(&header(&table.columns));
        for cells in &table.rows {
            let cells: Vec<String> = cells.iter().map(cell).collect();
            out.push_str(&row(&cells));
        }
    }
    let _ = writeln!(out, "\n## {}\n", doc.hosts_heading);
    for host in &doc.hosts {
        let _ = writeln!(
            out,
            "### <a id=\"{}\"></a>{}\n",
            host.anchor,
            text(&host.name)
        );
        let _ = writeln!(
            out,
            "**{}**{}{}\n",
            text(host.resource),
            text(&host.confidence),
            text(&host.summary)
        );
        for (rank, (action, rule, gain)) in host.actions.iter().enumerate() {
            let gain = gain
                .as_deref()
                .map(|g| format!(" — {}", text(g)))
                .unwrap_or_default();
            let _ = writeln!(out, "{}. {} ({}){gain}", rank + 1, text(action), code(rule));
        }
        out.push('\n');
    }
    out
}
