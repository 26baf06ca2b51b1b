//! The fleet summary as a report document, decided once per language: the headline,
//! the tables (hosts per verdict, the most frequent findings, the largest expected
//! gains, the bundles not diagnosed) and a short part per host; a host named in a
//! table links to its part.

use super::{FleetSummary, HOSTS_NAMED};
use crate::diagnosis::Quoted;
use crate::report::document::{
    Block, Cell, Column, Document, Grid, Link, List, Part, Section, VerdictLine,
};
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::i18n::verdict_words::verdict_summary;
use crate::report::i18n::{fleet_words, localize};
use crate::report::numbers::grouped;

/// How many of the most frequent findings the summary lists.
const FINDINGS_LISTED: usize = 30;

pub fn document(summary: &FleetSummary, lang: Lang) -> Document<'static> {
    let text = |words: &Quoted| localize::quoted(words, lang).to_string();
    let link = |i: usize| Link {
        text: summary.host_name(i),
        anchor: summary.hosts[i].anchor(i),
    };
    let hosts = |hosts: &[usize]| {
        let more = (hosts.len() > HOSTS_NAMED)
            .then(|| fleet_words::and_more(hosts.len() - HOSTS_NAMED, lang));
        Cell::Links(
            hosts.iter().take(HOSTS_NAMED).map(|&i| link(i)).collect(),
            more,
        )
    };
    let l = |label: Label| label.text(lang);
    let table = |heading: Label, columns: &[Label], rows: Vec<Vec<Cell>>| Section {
        heading: Some(l(heading).to_string()),
        block: Block::Grid(Grid {
            columns: columns.iter().map(|c| Column::text(l(*c))).collect(),
            rows,
        }),
    };
    let bundles: std::collections::BTreeSet<&str> =
        summary.hosts.iter().map(|h| h.bundle.as_str()).collect();
    let mut intro = vec![
        Section {
            heading: None,
            block: Block::Paragraph(fleet_words::headline(
                summary.hosts.len(),
                bundles.len(),
                summary.failures.len(),
                lang,
            )),
        },
        table(
            Label::HostsPerVerdict,
            &[Label::WhatLimits, Label::HostCount, Label::Which],
            summary
                .by_verdict()
                .into_iter()
                .map(|(verdict, which)| {
                    vec![
                        Cell::Text(labels::resource(verdict, lang).to_string()),
                        Cell::Text(grouped(which.len() as f64)),
                        hosts(&which),
                    ]
                })
                .collect(),
        ),
        table(
            Label::MostFrequentFindings,
            &[
                Label::Finding,
                Label::Rule,
                Label::WorstSeverity,
                Label::HostCount,
                Label::Which,
            ],
            summary
                .frequent_findings()
                .iter()
                .take(FINDINGS_LISTED)
                .map(|(rule, title, severity, which)| {
                    vec![
                        Cell::Text(text(title)),
                        Cell::Code(rule.clone()),
                        Cell::Text(labels::severity(*severity, lang).to_string()),
                        Cell::Text(grouped(which.len() as f64)),
                        hosts(which),
                    ]
                })
                .collect(),
        ),
        table(
            Label::LargestExpectedGains,
            &[
                Label::GainInItsCase,
                Label::Action,
                Label::Rule,
                Label::Host,
            ],
            summary
                .largest_gains()
                .into_iter()
                .map(|(h, a)| {
                    let (action, rule, _, gain) = &summary.hosts[h].actions[a];
                    vec![
                        Cell::Text(gain.clone().unwrap_or_default()),
                        Cell::Text(text(action)),
                        Cell::Code(rule.clone()),
                        Cell::Link(link(h)),
                    ]
                })
                .collect(),
        ),
    ];
    if !summary.failures.is_empty() {
        intro.push(table(
            Label::BundlesNotDiagnosed,
            &[Label::Bundle, Label::Why],
            summary
                .failures
                .iter()
                .map(|(bundle, error)| vec![Cell::Text(bundle.clone()), Cell::Text(error.clone())])
                .collect(),
        ));
    }
    let host_parts = summary
        .hosts
        .iter()
        .enumerate()
        .map(|(i, host)| {
            let actions = host
                .actions
                .iter()
                .map(|(action, rule, _, gain)| {
                    let mut item = vec![Cell::Text(text(action)), Cell::Code(rule.clone())];
                    item.extend(gain.clone().map(Cell::Text));
                    item
                })
                .collect::<Vec<_>>();
            Part {
                anchor: host.anchor(i),
                heading: summary.host_name(i),
                tags: Vec::new(),
                linked: true,
                contents: None,
                verdict: Some(VerdictLine {
                    resource: host.verdict.resource,
                    headline: labels::verdict_headline(host.verdict.resource, lang),
                    confidence: Some(host.verdict.confidence),
                    summary: Some(verdict_summary(&host.verdict, lang)),
                }),
                sections: (!actions.is_empty())
                    .then(|| Section {
                        heading: Some(l(Label::NextActions).to_string()),
                        block: Block::List(List {
                            numbered: true,
                            items: actions,
                        }),
                    })
                    .into_iter()
                    .collect(),
                parts: Vec::new(),
            }
        })
        .collect();
    Document {
        lang,
        version: env!("CARGO_PKG_VERSION"),
        title: l(Label::FleetTitle).to_string(),
        subject: None,
        footnote: None,
        intro,
        parts: vec![Part {
            anchor: "hosts".to_string(),
            heading: l(Label::HostsSection).to_string(),
            tags: Vec::new(),
            linked: false,
            contents: None,
            verdict: None,
            sections: Vec::new(),
            parts: host_parts,
        }],
    }
}
