//! `perfsage explain`: why a rule fired or not, or why a methodology step was taken
//! or not, on one bundle. For a rule: the facts it needs and read (value and file:line,
//! and the rule line that read each), the facts it only checked for, and the outcome.
//! For a step: how the walk reached it (or what stopped it), the rules that answer it,
//! and for each guard leaving it the result and the facts and rules it looked at.

mod render;

pub use render::render_text;

use crate::authoring::fact_keys::levenshtein;
use crate::authoring::fact_refs::fact_refs;
use crate::bundle::Bundle;
use crate::bundle::host_facts::read_bundle;
use crate::diagnosis::{HostDiagnosis, diagnose_host};
use crate::facts::{Facts, Unit};
use crate::graph::SkipReason;
use crate::graph::load::Step;
use crate::knowledge::KnowledgeBase;
use crate::rules::evaluate::GuardOutcome;
use crate::rules::{Finding, Outcome, Rule, RuleError};
use crate::tools::catalog;
use regex::Regex;
use serde::Serialize;
use std::collections::HashSet;
use std::sync::Arc;

/// What to explain: a rule id or a step id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    Rule(String),
    Step(String),
}

impl Subject {
    /// The rule or step with this id (rules first); an error suggesting the closest
    /// ids otherwise.
    pub fn resolve(kb: &KnowledgeBase, id: &str) -> Result<Subject, String> {
        if kb.rules.get(id).is_some() {
            return Ok(Subject::Rule(id.to_string()));
        }
        if kb.methodology.step(id).is_some() {
            return Ok(Subject::Step(id.to_string()));
        }
        let mut known: Vec<(usize, &str)> = kb
            .rules
            .rules
            .iter()
            .map(|r| r.meta.id.as_str())
            .chain(kb.methodology.graph.node_weights().map(|s| s.id.as_str()))
            .map(|k| (levenshtein(id, k), k))
            .collect();
        known.sort();
        let close: Vec<String> = known
            .iter()
            .take_while(|(d, _)| *d <= (id.len() / 3).max(2))
            .take(3)
            .map(|(_, k)| format!("`{k}`"))
            .collect();
        let hint = if close.is_empty() {
            " (`perfsage rules list` and `perfsage graph` list them)".to_string()
        } else {
            format!("; did you mean {}?", close.join(" or "))
        };
        Err(format!("no rule or methodology step {id:?}{hint}"))
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Explanation {
    pub bundle: String,
    pub hosts: Vec<HostExplanation>,
}

#[derive(Debug, Clone, Serialize)]
pub struct HostExplanation {
    pub host: String,
    #[serde(flatten)]
    pub subject: SubjectExplanation,
}

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SubjectExplanation {
    Rule(RuleExplanation),
    Step(StepExplanation),
}

/// A fact as the rule or guard saw it.
#[derive(Debug, Clone, Serialize)]
pub struct FactSeen {
    pub key: String,
    /// `value unit`; none when the host lacks the fact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// Where the fact was read (`file:line`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// What would supply a missing fact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capture: Option<String>,
    /// Lines of the rule that name the fact.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub read_at: Vec<SourceLine>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SourceLine {
    pub file: String,
    pub line: usize,
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleVerdict {
    Fired,
    Quiet,
    NotEvaluated,
    Failed,
}

#[derive(Debug, Clone, Serialize)]
pub struct RuleExplanation {
    pub rule: String,
    pub title: String,
    pub file: String,
    pub step: String,
    pub outcome: RuleVerdict,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub findings: Vec<Finding>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<RuleError>,
    /// Every fact of META.needs, present or missing.
    pub needs: Vec<FactSeen>,
    /// Facts the script read, in the order it read them.
    pub read: Vec<FactSeen>,
    /// Facts the script asked about with `has()`, with the answer.
    pub checked: Vec<Checked>,
    /// Facts the script asked for that the host lacks.
    pub missing: Vec<FactSeen>,
    /// Whether the walk reached the rule's step (a finding off the walked path is
    /// reported apart).
    pub step_reached: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Checked {
    #[serde(flatten)]
    pub fact: FactSeen,
    pub present: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct StepExplanation {
    pub step: String,
    pub title: String,
    pub location: String,
    pub reached: bool,
    /// The step and guard the walk came by.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<Via>,
    /// Why no edge into the step was followed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_reached: Vec<SkipReason>,
    pub rules: Vec<RuleBrief>,
    pub guards: Vec<GuardExplanation>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Via {
    pub from: String,
    pub when: String,
    pub location: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct RuleBrief {
    pub rule: String,
    pub outcome: RuleVerdict,
    /// Severity and summary, missing facts or the error.
    pub detail: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GuardResult {
    True,
    False,
    MissingFacts,
    Failed,
}

#[derive(Debug, Clone, Serialize)]
pub struct GuardExplanation {
    pub to: String,
    pub when: String,
    pub location: String,
    pub result: GuardResult,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Facts the guard read.
    pub facts: Vec<FactSeen>,
    pub checked: Vec<Checked>,
    pub missing: Vec<FactSeen>,
    /// The rules the guard asks about with `fired()`.
    pub rules: Vec<FiredRef>,
}

#[derive(Debug, Clone, Serialize)]
pub struct FiredRef {
    pub rule: String,
    pub fired: bool,
}

/// Explains the subject on every host of the bundle (or only `host`).
pub fn explain(
    kb: &KnowledgeBase,
    bundle: &Bundle,
    subject: &Subject,
    host: Option<&str>,
) -> Result<Explanation, String> {
    // Read as diagnose reads it: benchmark results of the load generator reach the
    // hosts that have none.
    let hosts: Vec<_> = read_bundle(bundle)
        .hosts
        .into_iter()
        .map(|h| diagnose_host(h, kb))
        .collect();
    let names: Vec<&str> = hosts.iter().map(|h| h.host.as_str()).collect();
    if let Some(wanted) = host
        && !names.contains(&wanted)
    {
        return Err(format!(
            "{}: no host {wanted:?} (hosts: {})",
            bundle.source,
            names.join(", ")
        ));
    }
    let hosts = hosts
        .iter()
        .filter(|h| host.is_none_or(|wanted| h.host == wanted))
        .map(|diagnosis| HostExplanation {
            host: diagnosis.host.clone(),
            subject: match subject {
                Subject::Rule(id) => SubjectExplanation::Rule(explain_rule(kb, diagnosis, id)),
                Subject::Step(id) => SubjectExplanation::Step(explain_step(kb, diagnosis, id)),
            },
        })
        .collect();
    Ok(Explanation {
        bundle: bundle.source.clone(),
        hosts,
    })
}

fn explain_rule(kb: &KnowledgeBase, diagnosis: &HostDiagnosis, id: &str) -> RuleExplanation {
    let rule = kb.rules.get(id).expect("resolved subjects exist");
    let facts = &diagnosis.facts;
    let (outcome, trace) = kb.engine.evaluate_traced(rule, facts);
    let seen = |key: &str, by: Lookup| fact_seen(facts, key, Some((rule, by)), kb);
    let (verdict, findings, error) = match outcome {
        Outcome::Fired { findings } => (RuleVerdict::Fired, findings, None),
        Outcome::Quiet => (RuleVerdict::Quiet, Vec::new(), None),
        Outcome::NotEvaluated { .. } => (RuleVerdict::NotEvaluated, Vec::new(), None),
        Outcome::Failed { error } => (RuleVerdict::Failed, Vec::new(), Some(error)),
    };
    RuleExplanation {
        rule: rule.meta.id.clone(),
        title: rule.meta.title.clone(),
        file: rule.file.clone(),
        step: rule.meta.step.clone(),
        outcome: verdict,
        findings,
        error,
        needs: rule
            .meta
            .needs
            .iter()
            .map(|k| fact_seen(facts, k, None, kb))
            .collect(),
        read: trace.read.iter().map(|k| seen(k, Lookup::Read)).collect(),
        checked: trace
            .checked
            .iter()
            .map(|(k, present)| Checked {
                fact: seen(k, Lookup::Check),
                present: *present,
            })
            .collect(),
        missing: trace
            .missing
            .iter()
            .map(|k| seen(k, Lookup::Read))
            .collect(),
        step_reached: diagnosis
            .steps
            .iter()
            .any(|s| s.visit.step == rule.meta.step),
    }
}

fn explain_step(kb: &KnowledgeBase, diagnosis: &HostDiagnosis, id: &str) -> StepExplanation {
    let methodology = &kb.methodology;
    let step = methodology.step(id).expect("resolved subjects exist");
    let fired: HashSet<String> = diagnosis
        .findings
        .iter()
        .chain(&diagnosis.off_path_findings)
        .map(|f| f.rule.clone())
        .collect();
    let visit = diagnosis.steps.iter().find(|s| s.visit.step == id);
    let via = visit.and_then(|v| {
        let from = v.visit.from.clone()?;
        let when = v.visit.when.clone()?;
        let location = methodology
            .step(&from)
            .and_then(|s| {
                s.edges
                    .iter()
                    .find(|e| methodology.graph[e.to].id == id && e.when == when)
            })
            .map_or_else(|| methodology.file.clone(), |e| e.location());
        Some(Via {
            from,
            when,
            location,
        })
    });
    let not_reached = diagnosis
        .skipped_steps
        .iter()
        .find(|s| s.step == id)
        .map(|s| s.reasons.clone())
        .unwrap_or_default();
    let rules = step
        .rules
        .iter()
        .map(|rule| brief(diagnosis, rule))
        .collect();
    StepExplanation {
        step: step.id.clone(),
        title: step.title.clone(),
        location: step_location(step),
        reached: visit.is_some(),
        via,
        not_reached,
        rules,
        guards: step
            .edges
            .iter()
            .map(|edge| {
                let (outcome, trace) =
                    kb.engine
                        .guard_traced(&edge.guard, &diagnosis.facts, &fired);
                let (result, error) = match outcome {
                    GuardOutcome::Passed => (GuardResult::True, None),
                    GuardOutcome::Blocked => (GuardResult::False, None),
                    GuardOutcome::Missing(_) => (GuardResult::MissingFacts, None),
                    GuardOutcome::Failed(message, _) => (GuardResult::Failed, Some(message)),
                };
                let seen = |key: &str| fact_seen(&diagnosis.facts, key, None, kb);
                GuardExplanation {
                    to: methodology.graph[edge.to].id.clone(),
                    when: edge.when.clone(),
                    location: edge.location(),
                    result,
                    error,
                    facts: trace.read.iter().map(|k| seen(k)).collect(),
                    checked: trace
                        .checked
                        .iter()
                        .map(|(k, present)| Checked {
                            fact: seen(k),
                            present: *present,
                        })
                        .collect(),
                    missing: trace.missing.iter().map(|k| seen(k)).collect(),
                    rules: fired_refs(&edge.when)
                        .into_iter()
                        .map(|rule| FiredRef {
                            fired: fired.contains(&rule),
                            rule,
                        })
                        .collect(),
                }
            })
            .collect(),
    }
}

fn step_location(step: &Step) -> String {
    match step.line {
        Some(line) => format!("{}:{line}", step.file),
        None => step.file.clone(),
    }
}

/// How a rule turned out in the diagnosis, in one line.
fn brief(diagnosis: &HostDiagnosis, rule: &str) -> RuleBrief {
    let findings: Vec<&Finding> = diagnosis
        .findings
        .iter()
        .chain(&diagnosis.off_path_findings)
        .filter(|f| f.rule == rule)
        .collect();
    let (outcome, detail) = if !findings.is_empty() {
        let detail = findings
            .iter()
            .map(|f| format!("{}: {}", f.severity, f.summary))
            .collect::<Vec<_>>()
            .join("; ");
        (RuleVerdict::Fired, detail)
    } else if let Some(n) = diagnosis.not_evaluated.iter().find(|n| n.rule == rule) {
        (
            RuleVerdict::NotEvaluated,
            format!("missing {}", n.missing.join(", ")),
        )
    } else if let Some(e) = diagnosis.rule_errors.iter().find(|e| e.rule == rule) {
        (RuleVerdict::Failed, e.to_string())
    } else {
        (RuleVerdict::Quiet, String::new())
    };
    RuleBrief {
        rule: rule.to_string(),
        outcome,
        detail,
    }
}

/// Rule ids a guard names in `fired("…")`.
fn fired_refs(when: &str) -> Vec<String> {
    let pattern = Regex::new(r#"fired\(\s*"([^"]*)"\s*\)"#).expect("valid regex");
    let mut ids: Vec<String> = Vec::new();
    for capture in pattern.captures_iter(when) {
        if !ids.iter().any(|i| i == &capture[1]) {
            ids.push(capture[1].to_string());
        }
    }
    ids
}

/// How a rule line looks a fact up: reading its value, or asking `has()`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lookup {
    Read,
    Check,
}

/// A fact as seen on the host; with a rule, the lines of the rule that look it up
/// the given way.
fn fact_seen(
    facts: &Arc<Facts>,
    key: &str,
    rule: Option<(&Rule, Lookup)>,
    kb: &KnowledgeBase,
) -> FactSeen {
    let fact = facts.get(key);
    let read_at = rule
        .and_then(|(r, by)| kb.source_text(&r.file).map(|text| (r, by, text)))
        .map(|(r, by, text)| {
            let lines: Vec<&str> = text.lines().collect();
            let mut at: Vec<SourceLine> = Vec::new();
            let wanted = fact_refs(text)
                .into_iter()
                .filter(|f| f.names(key) && ((f.helper == "has") == (by == Lookup::Check)));
            for reference in wanted {
                if at.iter().any(|s| s.line == reference.line) {
                    continue;
                }
                at.push(SourceLine {
                    file: r.file.clone(),
                    line: reference.line,
                    text: lines
                        .get(reference.line - 1)
                        .map_or(String::new(), |l| l.trim().to_string()),
                });
            }
            at
        })
        .unwrap_or_default();
    FactSeen {
        key: key.to_string(),
        value: fact.map(|f| match f.unit {
            Unit::None | Unit::Count => f.value.to_string(),
            unit => format!("{} {unit}", f.value),
        }),
        location: fact.map(|f| f.provenance.to_string()),
        capture: match fact {
            Some(_) => None,
            None => catalog::lookup(key).map(|e| e.capture.to_string()),
        },
        read_at,
    }
}
