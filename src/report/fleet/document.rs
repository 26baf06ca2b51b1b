//! The fleet summary as a report says it, decided once per language: the headline,
//! the tables (hosts per verdict, the most frequent findings, the largest expected
//! gains, the bundles not diagnosed) and a short part per host. The Markdown and HTML
//! exporters lay these out; a host named in a table links to its part.

use super::{FleetSummary, HOSTS_NAMED};
use crate::diagnosis::Quoted;
use crate::report::i18n::fleet_words;
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::i18n::verdict_words::verdict_summary;
use crate::report::numbers::grouped;

/// How many of the most frequent findings the summary lists.
const FINDINGS_LISTED: usize = 30;

pub struct FleetDocument {
    pub title: &'static str,
    pub headline: String,
    pub tables: Vec<Table>,
    pub hosts_heading: &'static str,
    pub hosts: Vec<HostPart>,
}

pub struct Table {
    pub heading: &'static str,
    pub columns: Vec<&'static str>,
    pub rows: Vec<Vec<Cell>>,
}

pub enum Cell {
    Text(String),
    /// A rule id.
    Code(String),
    /// One host, linked to its part.
    Host(usize),
    /// The first hosts, each linked, then how many more there are.
    Hosts(Vec<usize>, Option<String>),
}

pub struct HostPart {
    pub anchor: String,
    pub name: String,
    /// What limits the host's throughput, in the report's language.
    pub resource: &'static str,
    /// ` (80 % confidence). `, in the report's language.
    pub confidence: String,
    pub summary: String,
    /// (action, rule, the gain its case reported).
    pub actions: Vec<(String, String, Option<String>)>,
}

pub fn document(summary: &FleetSummary, lang: Lang) -> FleetDocument {
    let text = |quoted: &Quoted| match (lang, &quoted.zh) {
        (Lang::Zh, Some(zh)) => zh.clone(),
        _ => quoted.en.clone(),
    };
    let hosts = |hosts: &[usize]| {
        let more = (hosts.len() > HOSTS_NAMED)
            .then(|| fleet_words::and_more(hosts.len() - HOSTS_NAMED, lang));
        Cell::Hosts(hosts.iter().take(HOSTS_NAMED).copied().collect(), more)
    };
    let l = |label: Label| label.text(lang);
    let mut tables = vec![
        Table {
            heading: l(Label::HostsPerVerdict),
            columns: vec![l(Label::WhatLimits), l(Label::HostCount), l(Label::Which)],
            rows: summary
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
        },
        Table {
            heading: l(Label::MostFrequentFindings),
            columns: vec![
                l(Label::Finding),
                l(Label::Rule),
                l(Label::WorstSeverity),
                l(Label::HostCount),
                l(Label::Which),
            ],
            rows: summary
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
        },
        Table {
            heading: l(Label::LargestExpectedGains),
            columns: vec![
                l(Label::GainInItsCase),
                l(Label::Action),
                l(Label::Rule),
                l(Label::Host),
            ],
            rows: summary
                .largest_gains()
                .into_iter()
                .map(|(h, a)| {
                    let (action, rule, _, gain) = &summary.hosts[h].actions[a];
                    vec![
                        Cell::Text(gain.clone().unwrap_or_default()),
                        Cell::Text(text(action)),
                        Cell::Code(rule.clone()),
                        Cell::Host(h),
                    ]
                })
                .collect(),
        },
    ];
    if !summary.failures.is_empty() {
        tables.push(Table {
            heading: l(Label::BundlesNotDiagnosed),
            columns: vec![l(Label::Bundle), l(Label::Why)],
            rows: summary
                .failures
                .iter()
                .map(|(bundle, error)| vec![Cell::Text(bundle.clone()), Cell::Text(error.clone())])
                .collect(),
        });
    }
    let bundles: std::collections::BTreeSet<&str> =
        summary.hosts.iter().map(|h| h.bundle.as_str()).collect();
    FleetDocument {
        title: l(Label::FleetTitle),
        headline: fleet_words::headline(
            summary.hosts.len(),
            bundles.len(),
            summary.failures.len(),
            lang,
        ),
        tables,
        hosts_heading: l(Label::HostsSection),
        hosts: summary
            .hosts
            .iter()
            .enumerate()
            .map(|(i, host)| HostPart {
                anchor: host.anchor(i),
                name: summary.host_name(i),
                resource: labels::resource(host.verdict.resource, lang),
                confidence: fleet_words::confidence(host.verdict.confidence, lang),
                summary: verdict_summary(&host.verdict, lang),
                actions: host
                    .actions
                    .iter()
                    .map(|(action, rule, _, gain)| (text(action), rule.clone(), gain.clone()))
                    .collect(),
            })
            .collect(),
    }
}
