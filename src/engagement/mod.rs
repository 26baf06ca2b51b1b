//! An engagement: the runs of one system in the order they were captured (baseline,
//! one change, again …), told as one story. For each run the chain holds what a
//! consultant looks at first — the verdict, throughput and latency, whether the target
//! is met — and, from the second run on, the change applied and what it measured
//! against what it was expected to bring. Every run's full diagnosis travels with it;
//! reports show the latest in detail.

mod applied_change;

pub use applied_change::{AppliedChange, Outcome};

use crate::compare::{Comparison, compare};
use crate::diagnosis::key_metrics::workload_metric;
use crate::diagnosis::{Diagnosis, HostDiagnosis, KeyMetric, TargetStatus, Verdict};
use crate::rules::RuleMeta;
use serde::{Deserialize, Serialize};

/// Bumped whenever a field of the engagement JSON changes meaning or disappears.
pub const ENGAGEMENT_SCHEMA_VERSION: u32 = 2;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Engagement {
    pub schema_version: u32,
    /// Always `engagement`, so a reader can tell it from a diagnosis or a comparison.
    pub kind: String,
    pub perfsage_version: String,
    /// The case id, or the folder the runs came from.
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The host whose figures the chain follows (the database host, when declared).
    pub host: String,
    pub chain: Vec<ChainRun>,
    /// Every run's diagnosis, in chain order.
    pub runs: Vec<Diagnosis>,
}

/// One run of the chain as a line of the story.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChainRun {
    pub label: String,
    /// What this run's configuration was (the case's description of the bundle, else
    /// the bundle's notes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub configuration: Option<String>,
    pub verdict: Verdict,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throughput: Option<KeyMetric>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency: Option<KeyMetric>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<TargetStatus>,
    /// The change from the run before; absent for the first run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<AppliedChange>,
}

/// A run to put into the chain: its label, what its configuration was, its diagnosis.
pub struct Run {
    pub label: String,
    pub configuration: Option<String>,
    pub diagnosis: Diagnosis,
}

/// Builds the engagement from its runs in chain order; `rule` finds a rule's metadata
/// by id, for a declared change that names a rule the earlier run did not fire.
pub fn build<'a>(
    name: String,
    title: Option<String>,
    runs: Vec<Run>,
    rule: &dyn Fn(&str) -> Option<&'a RuleMeta>,
) -> Engagement {
    let (configurations, runs): (Vec<Option<String>>, Vec<(String, Diagnosis)>) = runs
        .into_iter()
        .map(|r| (r.configuration, (r.label, r.diagnosis)))
        .unzip();
    let comparison = compare(&runs);
    let host = headline_host(runs.last().map(|(_, d)| d));
    let mut chain: Vec<ChainRun> = configurations
        .into_iter()
        .enumerate()
        .map(|(i, configuration)| chain_run(&runs, i, configuration, &host, &comparison, rule))
        .collect();
    follow_measured_throughput(&mut chain, &runs, &host);
    Engagement {
        schema_version: ENGAGEMENT_SCHEMA_VERSION,
        kind: "engagement".into(),
        perfsage_version: env!("CARGO_PKG_VERSION").to_string(),
        name,
        title,
        host,
        chain,
        runs: runs.into_iter().map(|(_, d)| d).collect(),
    }
}

/// The chain's line for `runs[index]` (label, diagnosis in chain order).
fn chain_run<'a>(
    runs: &[(String, Diagnosis)],
    index: usize,
    configuration: Option<String>,
    host: &str,
    comparison: &Comparison,
    rule: &dyn Fn(&str) -> Option<&'a RuleMeta>,
) -> ChainRun {
    let (label, diagnosis) = &runs[index];
    let this = host_in(diagnosis, host);
    let metric = |wanted: &dyn Fn(&KeyMetric) -> bool| {
        this.and_then(|h| h.key_metrics.iter().find(|m| wanted(m)).cloned())
    };
    let change = (index > 0).then(|| {
        let earlier = host_in(&runs[index - 1].1, host);
        let measured = comparison
            .changes
            .get(index - 1)
            .and_then(|c| match c.hosts.as_slice() {
                [only] => Some(only),
                hosts => hosts.iter().find(|h| h.host == host),
            });
        applied_change::judge(diagnosis.change.as_ref(), earlier, measured, rule)
    });
    ChainRun {
        label: label.clone(),
        configuration,
        verdict: this.map_or_else(unknown_verdict, |h| h.bottleneck.clone()),
        throughput: metric(&|m| m.throughput)
            .or_else(|| metric(&|m| m.key.ends_with("runtime_min"))),
        latency: metric(&|m| m.key.ends_with("p95_ms")),
        target: this.and_then(|h| h.target.clone()),
        change,
    }
}

/// Shows each run's throughput in the figure its gains were measured on (a run with a
/// read-only and a write-only test compares the read-only one with the run before and
/// the write-only one with the run after): the figure of its own gain, else the one
/// the next run's gain starts from, else its first throughput.
fn follow_measured_throughput(chain: &mut [ChainRun], runs: &[(String, Diagnosis)], host: &str) {
    let gain_key = |run: Option<&ChainRun>| {
        run.and_then(|r| r.change.as_ref())
            .and_then(|c| c.measured.as_ref())
            .map(|g| g.key.clone())
    };
    for i in 0..chain.len() {
        let key = gain_key(chain.get(i)).or_else(|| gain_key(chain.get(i + 1)));
        let Some(metrics) = host_in(&runs[i].1, host).map(|h| &h.key_metrics) else {
            continue;
        };
        let Some(metric) = key.and_then(|key| metrics.iter().find(|m| m.key == key)) else {
            continue;
        };
        // The latency of the same workload.
        if let Some((workload, _)) = workload_metric(&metric.key) {
            let p95 = format!("bench.wl.{workload}.p95_ms");
            chain[i].latency = metrics.iter().find(|m| m.key == p95).cloned();
        }
        chain[i].throughput = Some(metric.clone());
    }
}

/// The host the story follows: the latest run's database host, else its first host
/// that is neither a load generator nor a hypervisor, else its first host.
fn headline_host(latest: Option<&Diagnosis>) -> String {
    let Some(d) = latest else {
        return String::new();
    };
    d.hosts
        .iter()
        .find(|h| h.role.as_deref() == Some("db"))
        .or_else(|| {
            d.hosts
                .iter()
                .find(|h| !matches!(h.role.as_deref(), Some("loadgen" | "hypervisor")))
        })
        .or(d.hosts.first())
        .map(|h| h.host.clone())
        .unwrap_or_default()
}

/// The host of that name in a run; a run of one host is that host, whatever its name.
fn host_in<'a>(d: &'a Diagnosis, name: &str) -> Option<&'a HostDiagnosis> {
    match d.hosts.as_slice() {
        [only] => Some(only),
        hosts => hosts.iter().find(|h| h.host == name),
    }
}

fn unknown_verdict() -> Verdict {
    Verdict {
        resource: crate::rules::Resource::Unknown,
        confidence: 0.0,
        reason: crate::diagnosis::Reason::HostNotInRun,
        rule: None,
        symptoms: Vec::new(),
    }
}
