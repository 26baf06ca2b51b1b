//! The fleet summary in Markdown: one document for every bundle of the run.

use super::{ACTIONS_PER_HOST, FleetSummary};
use crate::report::i18n::labels::{Lang, resource};
use crate::report::i18n::verdict_words::verdict_summary;
use crate::report::markdown_text::{code, header, row, text};
use crate::report::numbers::grouped;
use std::fmt::Write;

/// `[name](#anchor)` for host `index`.
fn link(summary: &FleetSummary, index: usize) -> String {
    format!(
        "[{}](#{})",
        text(&summary.host_name(index)),
        summary.hosts[index].anchor(index)
    )
}

fn links(summary: &FleetSummary, hosts: &[usize]) -> String {
    summary.named_hosts(hosts, |i| link(summary, i))
}

pub fn render(summary: &FleetSummary, lang: Lang) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Fleet diagnosis\n");
    let _ = writeln!(out, "{}\n", text(&summary.headline()));

    let _ = writeln!(out, "## Hosts per verdict\n");
    out.push_str(&header(&["What limits throughput", "Hosts", "Which"]));
    for (verdict, hosts) in summary.by_verdict() {
        out.push_str(&row(&[
            text(resource(verdict, lang)),
            grouped(hosts.len() as f64),
            links(summary, &hosts),
        ]));
    }

    let _ = writeln!(out, "\n## Most frequent findings\n");
    out.push_str(&header(&[
        "Finding",
        "Rule",
        "Worst severity",
        "Hosts",
        "Which",
    ]));
    for (rule, title, severity, hosts) in summary.frequent_findings().iter().take(30) {
        out.push_str(&row(&[
            text(title),
            code(rule),
            severity.to_string(),
            grouped(hosts.len() as f64),
            links(summary, hosts),
        ]));
    }

    let _ = writeln!(out, "\n## Largest expected gains\n");
    out.push_str(&header(&["Gain in its case", "Action", "Rule", "Host"]));
    for (h, a) in summary.largest_gains() {
        let (action, rule, _, gain) = &summary.hosts[h].actions[a];
        out.push_str(&row(&[
            text(gain.as_deref().unwrap_or("")),
            text(action),
            code(rule),
            link(summary, h),
        ]));
    }

    if !summary.failures.is_empty() {
        let _ = writeln!(out, "\n## Bundles not diagnosed\n");
        out.push_str(&header(&["Bundle", "Why"]));
        for (bundle, error) in &summary.failures {
            out.push_str(&row(&[text(bundle), text(error)]));
        }
    }

    let _ = writeln!(out, "\n## Hosts\n");
    for (i, host) in summary.hosts.iter().enumerate() {
        let _ = writeln!(
            out,
            "### <a id=\"{}\"></a>{}\n",
            host.anchor(i),
            text(&summary.host_name(i))
        );
        let _ = writeln!(
            out,
            "**{}** ({:.0} % confidence). {}\n",
            text(resource(host.verdict.resource, lang)),
            host.verdict.confidence * 100.0,
            text(&verdict_summary(&host.verdict, lang))
        );
        for (rank, (action, rule, _, gain)) in
            host.actions.iter().take(ACTIONS_PER_HOST).enumerate()
        {
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
