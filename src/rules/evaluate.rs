//! Runs one rule (or one methodology guard) against a host's facts. The outcome is
//! always a value: fired with findings, quiet, not evaluated (facts missing), or an
//! error naming the rule file and line. Nothing a script does can stop the diagnosis.

use super::engine::{MAX_OPERATIONS, RuleEngine, Trace};
use super::finding::{Evidence, Finding, FindingZh, Recommendation, Resource, Severity};
use super::finding_spec::{FindingSpec, RETIRED_KEYS, retired};
use super::loader::{Rule, message_without_position};
use super::threshold::ThresholdScope;
use crate::facts::Facts;
use rhai::{AST, CallFnOptions, Dynamic, EvalAltResult, Map, Position, Scope};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::sync::Arc;

#[derive(Debug, Clone, Serialize)]
pub struct RuleResult {
    pub rule: String,
    pub outcome: Outcome,
}

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum Outcome {
    Fired { findings: Vec<Finding> },
    Quiet,
    NotEvaluated { missing: Vec<String> },
    Failed { error: RuleError },
}

/// A rule (or guard) that failed at run time, located in its file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleError {
    pub rule: String,
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

const DEFAULT_CONFIDENCE: f64 = 0.8;

/// How a guard expression turned out.
#[derive(Debug, Clone, PartialEq)]
pub enum GuardOutcome {
    Passed,
    Blocked,
    /// The guard needs facts that are absent; it counts as blocked.
    Missing(Vec<String>),
    Failed(String, Position),
}

impl RuleEngine {
    pub fn evaluate(&self, rule: &Rule, facts: &Arc<Facts>) -> Outcome {
        self.evaluate_traced(rule, facts).0
    }

    /// Evaluates a rule and says what it looked at (empty when a needed fact is
    /// missing, since the script then does not run).
    pub fn evaluate_traced(&self, rule: &Rule, facts: &Arc<Facts>) -> (Outcome, Trace) {
        let missing: Vec<String> = rule
            .meta
            .needs
            .iter()
            .filter(|k| !facts.contains(k))
            .cloned()
            .collect();
        if !missing.is_empty() {
            return (Outcome::NotEvaluated { missing }, Trace::default());
        }
        let ast = match rule.ast(&self.engine) {
            Ok(ast) => ast,
            Err(e) => {
                let error = RuleError {
                    rule: rule.meta.id.clone(),
                    file: e.file,
                    line: e.line,
                    message: e.message,
                };
                return (Outcome::Failed { error }, Trace::default());
            }
        };
        {
            let mut state = self.state.lock();
            state.begin(facts.clone(), None);
            state.thresholds = Some(ThresholdScope::of(&rule.meta.id, &rule.meta.thresholds));
        }
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let result = self.engine.call_fn_with_options::<Dynamic>(
            options,
            &mut Scope::new(),
            ast,
            "evaluate",
            (),
        );
        let trace = self.state.lock().end();
        let outcome = self.outcome(rule, result, &trace, facts);
        (outcome, trace)
    }

    fn outcome(
        &self,
        rule: &Rule,
        result: Result<Dynamic, Box<EvalAltResult>>,
        trace: &Trace,
        facts: &Facts,
    ) -> Outcome {
        // Rhai cannot place some errors (limits hit, a malformed finding): they are
        // reported at `fn evaluate()`.
        let fail = |line: Option<usize>, message: String| Outcome::Failed {
            error: RuleError {
                rule: rule.meta.id.clone(),
                file: rule.file.clone(),
                line: line.or(rule.evaluate_line),
                message,
            },
        };
        let value = match result {
            Ok(value) => value,
            Err(_) if !trace.missing.is_empty() => {
                return Outcome::NotEvaluated {
                    missing: trace.missing.clone(),
                };
            }
            Err(e) => {
                let (message, position) = describe(&e);
                return fail(position.line(), message);
            }
        };
        let maps: Vec<Dynamic> = if value.is_unit() {
            return Outcome::Quiet;
        } else if value.is_map() {
            vec![value]
        } else if value.is_array() {
            value.into_array().unwrap_or_default()
        } else {
            return fail(
                None,
                format!(
                    "evaluate() returned {}; expected nothing, a finding map or an array of them",
                    value.type_name()
                ),
            );
        };
        if maps.is_empty() {
            return Outcome::Quiet;
        }
        let mut findings = Vec::new();
        for map in maps {
            match build_finding(rule, map, &trace.read, facts) {
                Ok(f) => findings.push(f),
                Err(message) => return fail(None, message),
            }
        }
        Outcome::Fired { findings }
    }

    /// Evaluates a compiled guard expression with the ids of the rules that fired.
    pub fn guard(&self, ast: &AST, facts: &Arc<Facts>, fired: &HashSet<String>) -> GuardOutcome {
        self.guard_traced(ast, facts, fired).0
    }

    /// Evaluates a guard and says which facts it looked at.
    pub fn guard_traced(
        &self,
        ast: &AST,
        facts: &Arc<Facts>,
        fired: &HashSet<String>,
    ) -> (GuardOutcome, Trace) {
        self.state.lock().begin(facts.clone(), Some(fired.clone()));
        let result = self.engine.eval_ast::<bool>(ast);
        let trace = self.state.lock().end();
        let outcome = match result {
            Ok(true) => GuardOutcome::Passed,
            Ok(false) => GuardOutcome::Blocked,
            Err(_) if !trace.missing.is_empty() => GuardOutcome::Missing(trace.missing.clone()),
            Err(e) => {
                let (message, position) = describe(&e);
                GuardOutcome::Failed(message, position)
            }
        };
        (outcome, trace)
    }
}

fn build_finding(
    rule: &Rule,
    map: Dynamic,
    read: &[String],
    facts: &Facts,
) -> Result<Finding, String> {
    let Some(map) = map.try_cast::<Map>() else {
        return Err(
            "evaluate() returned an array holding something other than finding maps".into(),
        );
    };
    if let Some(key) = RETIRED_KEYS.iter().find(|key| map.contains_key(**key)) {
        return Err(retired(key));
    }
    let mut spec: FindingSpec =
        rhai::serde::from_dynamic(&Dynamic::from_map(map)).map_err(|e| {
            format!(
                "finding: {}",
                message_without_position(e.to_string(), e.position())
            )
        })?;
    let severity: Severity = spec.severity.parse().map_err(|e| format!("finding: {e}"))?;
    let (resource, confidence, keys) =
        (spec.resource.take(), spec.confidence, spec.evidence.take());
    let texts = spec.texts(&rule.meta.texts)?;
    let resource = match resource.as_deref() {
        None => rule.meta.resource,
        Some(name) => Some(
            serde_json::from_value::<Resource>(serde_json::Value::String(name.to_string()))
                .map_err(|_| {
                    format!(
                        "finding: unknown resource {name:?} (expected cpu, storage, memory, network, lock, load-generator, none or unknown)"
                    )
                })?,
        ),
    };
    let confidence = confidence.unwrap_or(DEFAULT_CONFIDENCE);
    if !(0.0..=1.0).contains(&confidence) {
        return Err(format!("finding: confidence {confidence} is outside 0..1"));
    }
    let keys = keys.unwrap_or_else(|| read.to_vec());
    if keys.is_empty() {
        return Err(
            "finding cites no evidence: read facts before firing, or list them in `evidence`"
                .into(),
        );
    }
    let mut evidence = Vec::with_capacity(keys.len());
    for key in keys {
        let Some(fact) = facts.get(&key) else {
            return Err(format!(
                "finding cites fact `{key}`, which this host does not have"
            ));
        };
        evidence.push(Evidence {
            key: fact.key.clone(),
            value: fact.value.clone(),
            unit: fact.unit,
            file: fact.provenance.file.clone(),
            line: fact.provenance.line,
            line_end: fact.provenance.line_end,
            tool: fact.provenance.tool.clone(),
        });
    }
    let meta = &rule.meta;
    let zh_meta = meta.zh.clone().unwrap_or_default();
    // A recommendation the finding writes itself replaces META's, and with it the
    // Chinese texts that translated META's: the messages it said word it instead.
    let zh = FindingZh {
        title: zh_meta.title,
        summary: texts.summary_zh.filter(|s| !s.trim().is_empty()),
        recommendation: if texts.recommendation.is_some() {
            texts.recommendation_zh
        } else {
            zh_meta.recommendation
        },
    }
    .non_empty();
    Ok(Finding {
        rule: meta.id.clone(),
        title: meta.title.clone(),
        layer: meta.layer.clone(),
        step: meta.step.clone(),
        resource,
        severity,
        confidence,
        summary: texts.summary,
        evidence,
        recommendation: own_or_meta(texts.recommendation, meta.recommendation.as_ref()),
        source: meta.source.clone(),
        zh,
    })
}

/// The finding's own recommendation, with META's effort when it declares none (a
/// finding rewrites the texts, rarely what trying it takes), else META's.
fn own_or_meta(
    own: Option<Recommendation>,
    meta: Option<&Recommendation>,
) -> Option<Recommendation> {
    match own {
        Some(mut own) => {
            own.effort = own.effort.or_else(|| meta.and_then(|m| m.effort));
            Some(own)
        }
        None => meta.cloned(),
    }
}

/// A readable message and the position inside the script where it went wrong (the
/// innermost call, not the call site of `evaluate`).
pub fn describe(error: &EvalAltResult) -> (String, Position) {
    let mut current = error;
    let mut position = error.position();
    while let EvalAltResult::ErrorInFunctionCall(_, _, inner, outer) = current {
        position = if inner.position().is_none() {
            *outer
        } else {
            inner.position()
        };
        current = inner;
    }
    let message = match current {
        EvalAltResult::ErrorTooManyOperations(_) => {
            format!("stopped: more than {MAX_OPERATIONS} operations (engine limit)")
        }
        EvalAltResult::ErrorTerminated(reason, _) => format!("stopped: {reason}"),
        EvalAltResult::ErrorRuntime(value, _) => value.to_string(),
        other => message_without_position(other.to_string(), other.position()),
    };
    (message, position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::effort::Effort;

    fn recommendation(effort: Option<Effort>) -> Recommendation {
        Recommendation {
            action: "a".into(),
            commands: vec![],
            verify: "v".into(),
            rollback: "r".into(),
            alternative: None,
            cost: None,
            effort,
        }
    }

    #[test]
    fn a_finding_recommendation_without_effort_takes_metas() {
        let meta = recommendation(Some(Effort::Restart));
        let own = own_or_meta(Some(recommendation(None)), Some(&meta)).unwrap();
        assert_eq!(own.effort, Some(Effort::Restart));
        let own = own_or_meta(Some(recommendation(Some(Effort::Online))), Some(&meta)).unwrap();
        assert_eq!(own.effort, Some(Effort::Online));
        assert_eq!(own_or_meta(None, Some(&meta)), Some(meta));
    }
}
