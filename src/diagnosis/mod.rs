//! A diagnosis: per host, the verdict (which resource limits throughput), the steps of
//! the methodology walked in order with their findings, the next actions ranked by
//! gain against effort, the steps not taken and why, rules that could not run and what
//! to capture so they can.

mod capture_next;
mod cause;
pub mod charts;
pub mod flame;
pub mod key_metrics;
pub mod methodology_map;
mod ranking;
pub mod schema_upgrade;
pub mod target_status;
mod verdict;

pub use capture_next::{CaptureHint, CaptureSource, NeededBy};
pub use charts::Charts;
pub use key_metrics::KeyMetric;
pub use methodology_map::MethodologyMap;
pub use ranking::RankedAction;
pub use target_status::TargetStatus;
pub use verdict::{Busy, Quoted, Reason, Symptom, Verdict};

use crate::bundle::bundle_yaml::ChangeRecord;
use crate::bundle::host_facts::{BundleFacts, HostFacts};
use crate::facts::Facts;
use crate::facts::set::Conflict;
use crate::graph::{SkippedStep, VisitedStep, Walk};
use crate::knowledge::KnowledgeBase;
use crate::parse::CaptureReport;
use crate::rules::{Finding, Outcome, RuleError};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::sync::Arc;

/// Bumped whenever a field of the JSON report changes meaning or disappears.
pub const SCHEMA_VERSION: u32 = 3;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Diagnosis {
    pub schema_version: u32,
    pub perfsage_version: String,
    pub bundle: String,
    pub hosts: Vec<HostDiagnosis>,
    /// The methodology the hosts' walks went through, for drawing it.
    #[serde(default)]
    pub methodology: MethodologyMap,
    /// What the bundle declares was changed since the previous run (`change:` in
    /// bundle.yaml).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<ChangeRecord>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HostDiagnosis {
    pub host: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub platform: Option<String>,
    pub bottleneck: Verdict,
    /// Whether the best result meets the declared target, when one is declared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<TargetStatus>,
    /// Throughput, latency and utilisation at a glance.
    #[serde(default)]
    pub key_metrics: Vec<KeyMetric>,
    pub steps: Vec<StepTaken>,
    pub skipped_steps: Vec<SkippedStep>,
    pub findings: Vec<Finding>,
    /// What to try next, best expected gain for the effort first.
    #[serde(default)]
    pub next_actions: Vec<RankedAction>,
    /// Findings of rules whose step the walk did not reach.
    pub off_path_findings: Vec<Finding>,
    pub not_evaluated: Vec<NotEvaluated>,
    pub rule_errors: Vec<RuleError>,
    pub capture_next: Vec<CaptureHint>,
    /// What the report's charts are drawn from.
    #[serde(default)]
    pub charts: Charts,
    pub captures: Vec<CaptureReport>,
    pub fact_conflicts: Vec<Conflict>,
    #[serde(skip)]
    pub facts: Arc<Facts>,
}

/// A step of the walk with the rules that fired at it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StepTaken {
    #[serde(flatten)]
    pub visit: VisitedStep,
    /// Rule ids that fired at this step, in report order.
    pub findings: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct NotEvaluated {
    pub rule: String,
    pub step: String,
    pub missing: Vec<String>,
}

/// Diagnoses a bundle that has been read: no file is opened here.
pub fn diagnose(read: BundleFacts, kb: &KnowledgeBase) -> Diagnosis {
    let hosts = read
        .hosts
        .into_iter()
        .map(|mut host| {
            let profiles = flame::collect(&mut host.captures);
            let mut diagnosis = diagnose_host(host, kb);
            diagnosis.charts.flames = profiles.flames;
            diagnosis.charts.flame_problems = profiles.problems;
            diagnosis
        })
        .collect();
    Diagnosis {
        schema_version: SCHEMA_VERSION,
        perfsage_version: env!("CARGO_PKG_VERSION").to_string(),
        bundle: read.source,
        hosts,
        methodology: MethodologyMap::of(&kb.methodology),
        change: read.change,
    }
}

pub fn diagnose_host(host: HostFacts, kb: &KnowledgeBase) -> HostDiagnosis {
    let facts = host.facts;
    let mut findings: Vec<Finding> = Vec::new();
    let mut not_evaluated = Vec::new();
    let mut rule_errors = Vec::new();
    for rule in &kb.rules.rules {
        match kb.engine.evaluate(rule, &facts) {
            Outcome::Fired {
                findings: mut fired,
            } => findings.append(&mut fired),
            Outcome::Quiet => {}
            Outcome::NotEvaluated { missing } => not_evaluated.push(NotEvaluated {
                rule: rule.meta.id.clone(),
                step: rule.meta.step.clone(),
                missing,
            }),
            Outcome::Failed { error } => rule_errors.push(error),
        }
    }
    let fired: HashSet<String> = findings.iter().map(|f| f.rule.clone()).collect();
    let walk = kb.methodology.walk(&kb.engine, &facts, &fired);
    let (on_path, off_path_findings) = order_findings(findings, &walk);
    let steps = walk
        .visited
        .iter()
        .map(|v| StepTaken {
            visit: v.clone(),
            findings: on_path
                .iter()
                .filter(|f| f.step == v.step)
                .map(|f| f.rule.clone())
                .collect(),
        })
        .collect();
    let explains = |rule: &str| kb.rules.get(rule).and_then(|r| r.meta.explains.as_ref());
    let bottleneck = verdict::decide(&on_path, &facts, &explains);
    let target = target_status::of(&facts);
    let next_actions = ranking::rank(
        &on_path,
        target.as_ref().is_some_and(|t| t.met),
        &kb.measured,
    );
    let capture_next = capture_next::hints(kb, &walk, &not_evaluated, &facts);
    let key_metrics = key_metrics::collect(&facts);
    let charts = charts::collect(&facts);
    HostDiagnosis {
        host: host.name,
        role: facts.text("host.role").map(str::to_string),
        platform: facts
            .flag("host.virtualized")
            .map(|vm| if vm { "vm" } else { "physical" }.to_string()),
        bottleneck,
        target,
        key_metrics,
        steps,
        skipped_steps: walk.skipped,
        findings: on_path,
        next_actions,
        off_path_findings,
        not_evaluated,
        rule_errors,
        capture_next,
        charts,
        captures: host.captures,
        fact_conflicts: facts.conflicts().to_vec(),
        facts,
    }
}

/// Findings in the order of the steps walked; within a step, the most severe first,
/// then the largest gain reported in the source case.
fn order_findings(findings: Vec<Finding>, walk: &Walk) -> (Vec<Finding>, Vec<Finding>) {
    let position = |f: &Finding| walk.visited.iter().position(|v| v.step == f.step);
    let (mut on_path, off_path): (Vec<Finding>, Vec<Finding>) =
        findings.into_iter().partition(|f| position(f).is_some());
    let gain = |f: &Finding| f.source.as_ref().and_then(|s| s.gain_pct).unwrap_or(0.0);
    on_path.sort_by(|a, b| {
        position(a)
            .cmp(&position(b))
            .then(b.severity.cmp(&a.severity))
            .then(gain(b).total_cmp(&gain(a)))
            .then(a.rule.cmp(&b.rule))
    });
    (on_path, off_path)
}
