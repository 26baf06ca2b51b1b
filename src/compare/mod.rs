//! Before and after: diagnoses of the same system across tuning steps, set side by side.
//! For each consecutive pair (and first → last for longer chains): the key metrics with
//! their changes, the benchmark gain, the findings that disappeared or appeared, and
//! which recommended step the change matches — the one whose finding disappeared,
//! closest in gain to what its source case reported.

mod metrics;
mod step_match;

pub use metrics::{Gain, MetricChange};
pub use step_match::StepMatch;

use crate::diagnosis::{Diagnosis, HostDiagnosis, KeyMetric, Verdict};
use crate::rules::Finding;
use serde::{Deserialize, Serialize};

/// Bumped whenever a field of the comparison JSON changes meaning or disappears.
pub const COMPARISON_SCHEMA_VERSION: u32 = 2;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    pub schema_version: u32,
    /// Always `comparison`, so a reader can tell it from a diagnosis.
    pub kind: String,
    pub perfsage_version: String,
    /// The runs in chain order.
    pub snapshots: Vec<Snapshot>,
    /// Each run against the one before it.
    pub changes: Vec<Change>,
    /// The first run against the last, when there are more than two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overall: Option<Change>,
}

/// One run: where it came from and its headline per host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub label: String,
    pub source: String,
    pub hosts: Vec<SnapshotHost>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SnapshotHost {
    pub host: String,
    pub bottleneck: Verdict,
    pub key_metrics: Vec<KeyMetric>,
}

/// One run against another (indexes into `snapshots`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Change {
    pub before: usize,
    pub after: usize,
    pub hosts: Vec<HostChange>,
    /// Hosts present in only one of the two runs, as `label: host`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unpaired: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HostChange {
    /// The host's name in the later run.
    pub host: String,
    /// Its name in the earlier run, when different (single-host runs pair anyway).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_before: Option<String>,
    pub verdict_before: Verdict,
    pub verdict_after: Verdict,
    pub metrics: Vec<MetricChange>,
    /// The change of every benchmark figure both runs have (per workload when the
    /// runs are grouped by workload), the first one the headline.
    pub gains: Vec<Gain>,
    pub findings_gone: Vec<Finding>,
    pub findings_new: Vec<Finding>,
    /// Recommended steps whose finding disappeared, best match first; in a chain's
    /// overall change, the steps matched by each change in chain order.
    pub matches: Vec<StepMatch>,
}

/// Compares the runs in the order given. Each is `(label, diagnosis)`.
pub fn compare(runs: &[(String, Diagnosis)]) -> Comparison {
    let snapshots = runs.iter().map(|(label, d)| snapshot(label, d)).collect();
    let changes: Vec<Change> = (1..runs.len()).map(|i| change(runs, i - 1, i)).collect();
    let overall = (runs.len() > 2).then(|| overall(runs, &changes));
    Comparison {
        schema_version: COMPARISON_SCHEMA_VERSION,
        kind: "comparison".into(),
        perfsage_version: env!("CARGO_PKG_VERSION").to_string(),
        snapshots,
        changes,
        overall,
    }
}

/// A run as the comparison keeps it: its label, where it was read, and each host's
/// verdict and key metrics.
pub fn snapshot(label: &str, d: &Diagnosis) -> Snapshot {
    Snapshot {
        label: label.to_string(),
        source: d.bundle.clone(),
        hosts: d
            .hosts
            .iter()
            .map(|h| SnapshotHost {
                host: h.host.clone(),
                bottleneck: h.bottleneck.clone(),
                key_metrics: h.key_metrics.clone(),
            })
            .collect(),
    }
}

/// The first run against the last; each key metric from the earliest run that
/// measured it to the latest, and the steps matched by each change along the chain
/// (a finding that appeared and went again in between matched a step too).
fn overall(runs: &[(String, Diagnosis)], changes: &[Change]) -> Change {
    let mut overall = change(runs, 0, runs.len() - 1);
    let single_host = runs.iter().all(|(_, d)| d.hosts.len() == 1);
    for host in &mut overall.hosts {
        host.matches = changes
            .iter()
            .flat_map(|c| {
                c.hosts
                    .iter()
                    .filter(|h| single_host || h.host == host.host)
                    .flat_map(|h| h.matches.iter().cloned())
            })
            .collect();
        let chain: Vec<(usize, Option<&[KeyMetric]>)> = runs
            .iter()
            .enumerate()
            .map(|(i, (_, d))| (i, host_in(d, &host.host).map(|h| h.key_metrics.as_slice())))
            .collect();
        host.metrics = metrics::across(&chain);
        host.gains = metrics::gains(&host.metrics);
    }
    overall
}

/// A host of a run: the only one, or the one of that name.
fn host_in<'a>(d: &'a Diagnosis, name: &str) -> Option<&'a HostDiagnosis> {
    match d.hosts.as_slice() {
        [only] => Some(only),
        hosts => hosts.iter().find(|h| h.host == name),
    }
}

fn change(runs: &[(String, Diagnosis)], before: usize, after: usize) -> Change {
    let (before_label, b) = &runs[before];
    let (after_label, a) = &runs[after];
    let mut hosts = Vec::new();
    let mut unpaired = Vec::new();
    let single = b.hosts.len() == 1 && a.hosts.len() == 1;
    for host in &a.hosts {
        let earlier = if single {
            b.hosts.first()
        } else {
            b.hosts.iter().find(|h| h.host == host.host)
        };
        match earlier {
            Some(earlier) => hosts.push(host_change(earlier, host)),
            None => unpaired.push(format!("{after_label}: {}", host.host)),
        }
    }
    if !single {
        for host in &b.hosts {
            if !a.hosts.iter().any(|h| h.host == host.host) {
                unpaired.push(format!("{before_label}: {}", host.host));
            }
        }
    }
    Change {
        before,
        after,
        hosts,
        unpaired,
    }
}

fn host_change(before: &HostDiagnosis, after: &HostDiagnosis) -> HostChange {
    let metrics = metrics::changes(&before.key_metrics, &after.key_metrics);
    let gains = metrics::gains(&metrics);
    let all = |h: &HostDiagnosis| -> Vec<Finding> {
        h.findings
            .iter()
            .chain(&h.off_path_findings)
            .cloned()
            .collect()
    };
    let (gone, new) = step_match::appeared_and_gone(&all(before), &all(after));
    let matches = step_match::matches(&gone, &gains);
    HostChange {
        host: after.host.clone(),
        host_before: (before.host != after.host).then(|| before.host.clone()),
        verdict_before: before.bottleneck.clone(),
        verdict_after: after.bottleneck.clone(),
        metrics,
        gains,
        findings_gone: gone,
        findings_new: new,
        matches,
    }
}
