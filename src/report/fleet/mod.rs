//! The summary of a fleet: many bundles diagnosed in one run (or their JSONL reports
//! merged afterwards) told as one story: hosts per verdict, the findings that hit
//! most hosts, the largest expected gains, the bundles that could not be read, and a
//! short section per host. It keeps a few lines per host, never the reports
//! themselves, so its memory grows with the fleet only by those lines.

pub mod document;

use crate::diagnosis::{Diagnosis, Quoted, Verdict, schema_upgrade};
use crate::rules::finding::{Resource, Severity};
use std::collections::BTreeMap;

/// How many hosts the summary names under one finding before "and N more".
pub const HOSTS_NAMED: usize = 12;
/// How many of the largest expected gains it lists.
pub const GAINS_LISTED: usize = 20;
/// How many next actions each host's section shows.
pub const ACTIONS_PER_HOST: usize = 3;

/// One host of one bundle, as the summary keeps it.
#[derive(Debug, Clone)]
pub struct HostLine {
    /// The bundle as given on the command line or in the list.
    pub bundle: String,
    pub host: String,
    /// Worded in the report's language when rendered.
    pub verdict: Verdict,
    /// (rule, title, severity) of every finding on the walked path.
    pub findings: Vec<(String, Quoted, Severity)>,
    /// The first next actions: (action, rule, gain in %, gain as the case said it).
    pub actions: Vec<(Quoted, String, Option<f64>, Option<String>)>,
}

impl HostLine {
    /// The anchor of the host's section.
    pub fn anchor(&self, index: usize) -> String {
        format!("host-{}", index + 1)
    }
}

#[derive(Debug, Default)]
pub struct FleetSummary {
    pub hosts: Vec<HostLine>,
    /// (bundle, why it gave no report).
    pub failures: Vec<(String, String)>,
}

impl FleetSummary {
    /// Adds every host of a bundle's diagnosis.
    pub fn add(&mut self, bundle: &str, diagnosis: &Diagnosis) {
        for host in &diagnosis.hosts {
            self.hosts.push(HostLine {
                bundle: bundle.to_string(),
                host: host.host.clone(),
                verdict: host.bottleneck.clone(),
                findings: host
                    .findings
                    .iter()
                    .map(|f| {
                        let title = Quoted {
                            en: f.title.clone(),
                            zh: f.zh.as_ref().and_then(|zh| zh.title.clone()),
                        };
                        (f.rule.clone(), title, f.severity)
                    })
                    .collect(),
                actions: host
                    .next_actions
                    .iter()
                    .take(ACTIONS_PER_HOST)
                    .map(|a| {
                        let zh = host
                            .findings
                            .iter()
                            .find(|f| f.rule == a.rule)
                            .and_then(|f| f.zh.as_ref()?.recommendation.as_ref()?.action.clone());
                        let action = Quoted {
                            en: a.action.clone(),
                            zh,
                        };
                        (action, a.rule.clone(), a.gain_pct, a.gain.clone())
                    })
                    .collect(),
            });
        }
    }

    pub fn failed(&mut self, bundle: &str, error: &str) {
        self.failures.push((bundle.to_string(), error.to_string()));
    }

    /// Adds one line of `perfsage diagnose --format jsonl`: a report, or a bundle's
    /// error. `Err` when the line is neither.
    pub fn add_jsonl(&mut self, line: &str) -> Result<(), String> {
        let value: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        if let Some(error) = value.get("error").and_then(|e| e.as_str()) {
            let bundle = value.get("bundle").and_then(|b| b.as_str()).unwrap_or("?");
            self.failed(bundle, error);
            return Ok(());
        }
        let diagnosis = schema_upgrade::read(value)?;
        let bundle = diagnosis.bundle.clone();
        self.add(&bundle, &diagnosis);
        Ok(())
    }

    /// Hosts per verdict, most frequent first: (verdict, host indexes).
    pub fn by_verdict(&self) -> Vec<(Resource, Vec<usize>)> {
        let mut groups: BTreeMap<String, (Resource, Vec<usize>)> = BTreeMap::new();
        for (i, host) in self.hosts.iter().enumerate() {
            groups
                .entry(host.verdict.resource.to_string())
                .or_insert((host.verdict.resource, Vec::new()))
                .1
                .push(i);
        }
        let mut out: Vec<(Resource, Vec<usize>)> = groups.into_values().collect();
        out.sort_by_key(|group| std::cmp::Reverse(group.1.len()));
        out
    }

    /// Findings by how many hosts they hit: (rule, title, worst severity, hosts).
    pub fn frequent_findings(&self) -> Vec<(String, Quoted, Severity, Vec<usize>)> {
        let mut by_rule: BTreeMap<&str, (&Quoted, Severity, Vec<usize>)> = BTreeMap::new();
        for (i, host) in self.hosts.iter().enumerate() {
            for (rule, title, severity) in &host.findings {
                let entry = by_rule
                    .entry(rule)
                    .or_insert((title, *severity, Vec::new()));
                entry.1 = entry.1.max(*severity);
                if entry.2.last() != Some(&i) {
                    entry.2.push(i);
                }
            }
        }
        let mut out: Vec<(String, Quoted, Severity, Vec<usize>)> = by_rule
            .into_iter()
            .map(|(rule, (title, severity, hosts))| {
                (rule.to_string(), title.clone(), severity, hosts)
            })
            .collect();
        out.sort_by(|a, b| b.3.len().cmp(&a.3.len()).then(b.2.cmp(&a.2)));
        out
    }

    /// The largest gains a next action is expected to bring: (host, action index).
    pub fn largest_gains(&self) -> Vec<(usize, usize)> {
        let mut all: Vec<(usize, usize, f64)> = self
            .hosts
            .iter()
            .enumerate()
            .flat_map(|(h, host)| {
                host.actions
                    .iter()
                    .enumerate()
                    .filter_map(move |(a, action)| action.2.map(|g| (h, a, g)))
            })
            .collect();
        all.sort_by(|a, b| b.2.total_cmp(&a.2));
        all.truncate(GAINS_LISTED);
        all.into_iter().map(|(h, a, _)| (h, a)).collect()
    }

    /// `host (bundle)`, how a host is named in lists.
    pub fn host_name(&self, index: usize) -> String {
        let host = &self.hosts[index];
        if host.host.is_empty() || host.host == host.bundle {
            host.bundle.clone()
        } else {
            format!("{} ({})", host.host, host.bundle)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnosis::Reason;

    fn english(text: &str) -> Quoted {
        Quoted {
            en: text.into(),
            zh: None,
        }
    }

    fn line(bundle: &str, verdict: Resource, rules: &[&str], gain: Option<f64>) -> HostLine {
        HostLine {
            bundle: bundle.into(),
            host: format!("{bundle}-db"),
            verdict: Verdict {
                resource: verdict,
                confidence: 0.8,
                reason: Reason::HostNotInRun,
                rule: None,
                symptoms: Vec::new(),
            },
            findings: rules
                .iter()
                .map(|r| {
                    (
                        r.to_string(),
                        english(&format!("title of {r}")),
                        Severity::Medium,
                    )
                })
                .collect(),
            actions: vec![(english("do it"), rules[0].into(), gain, None)],
        }
    }

    #[test]
    fn groups_count_hosts_and_order_by_frequency() {
        let summary = FleetSummary {
            hosts: vec![
                line("a", Resource::Storage, &["disk"], Some(27.0)),
                line("b", Resource::Cpu, &["cpu", "disk"], Some(9.0)),
                line("c", Resource::Storage, &["disk"], None),
            ],
            failures: vec![],
        };
        let verdicts = summary.by_verdict();
        assert_eq!(verdicts[0].0, Resource::Storage);
        assert_eq!(verdicts[0].1, [0, 2]);
        let findings = summary.frequent_findings();
        assert_eq!((findings[0].0.as_str(), findings[0].3.len()), ("disk", 3));
        assert_eq!(summary.largest_gains(), [(0, 0), (1, 0)]);
        assert_eq!(summary.host_name(1), "b-db (b)");
    }
}
