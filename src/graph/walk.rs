//! Walks the methodology for one host: from the root, a step is taken when a taken
//! step has an edge to it whose guard holds. The result lists the steps taken in
//! order, how each was reached, and the steps not taken with the guards that stopped
//! them.

use super::Methodology;
use crate::facts::Facts;
use crate::rules::engine::RuleEngine;
use crate::rules::evaluate::GuardOutcome;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::sync::Arc;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct VisitedStep {
    pub step: String,
    pub title: String,
    /// The step and guard that led here; none for the root.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub when: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SkippedStep {
    pub step: String,
    pub title: String,
    pub reasons: Vec<SkipReason>,
}

/// Why a step was not taken: what the walk found, for the report to word in its
/// language (`report::i18n`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum SkipReason {
    /// No taken step has an edge to it.
    NotLedTo,
    /// The guard on the edge from step `from` is false.
    GuardFalse { from: String, guard: String },
    /// The guard on the edge from `from` reads facts the host lacks.
    FactsMissing {
        from: String,
        guard: String,
        facts: Vec<String>,
    },
    /// The guard on the edge from `from` could not be evaluated; `location` is where
    /// the edge is written (`methodology.yaml:12`).
    GuardFailed {
        from: String,
        guard: String,
        location: String,
        error: String,
    },
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Walk {
    pub visited: Vec<VisitedStep>,
    pub skipped: Vec<SkippedStep>,
    /// Facts that guards needed but the host lacks.
    pub missing_facts: Vec<String>,
}

impl Methodology {
    pub fn walk(&self, engine: &RuleEngine, facts: &Arc<Facts>, fired: &HashSet<String>) -> Walk {
        let n = self.graph.node_count();
        let mut reached_via: Vec<Option<Option<(String, String)>>> = vec![None; n];
        let mut reasons: Vec<Vec<SkipReason>> = vec![Vec::new(); n];
        let mut walk = Walk::default();
        reached_via[self.root.index()] = Some(None);
        for &node in &self.order {
            let step = &self.graph[node];
            let Some(via) = reached_via[node.index()].clone() else {
                let mut why = std::mem::take(&mut reasons[node.index()]);
                if why.is_empty() {
                    why.push(SkipReason::NotLedTo);
                }
                walk.skipped.push(SkippedStep {
                    step: step.id.clone(),
                    title: step.title.clone(),
                    reasons: why,
                });
                continue;
            };
            walk.visited.push(VisitedStep {
                step: step.id.clone(),
                title: step.title.clone(),
                from: via.as_ref().map(|(from, _)| from.clone()),
                when: via.map(|(_, when)| when),
            });
            for edge in &step.edges {
                let target = edge.to.index();
                match engine.guard(&edge.guard, facts, fired) {
                    GuardOutcome::Passed => {
                        if reached_via[target].is_none() {
                            reached_via[target] = Some(Some((step.id.clone(), edge.when.clone())));
                        }
                    }
                    GuardOutcome::Blocked => reasons[target].push(SkipReason::GuardFalse {
                        from: step.id.clone(),
                        guard: edge.when.clone(),
                    }),
                    GuardOutcome::Missing(keys) => {
                        for key in &keys {
                            if !walk.missing_facts.contains(key) {
                                walk.missing_facts.push(key.clone());
                            }
                        }
                        reasons[target].push(SkipReason::FactsMissing {
                            from: step.id.clone(),
                            guard: edge.when.clone(),
                            facts: keys,
                        });
                    }
                    GuardOutcome::Failed(error, _) => {
                        reasons[target].push(SkipReason::GuardFailed {
                            from: step.id.clone(),
                            guard: edge.when.clone(),
                            location: edge.location(),
                            error,
                        })
                    }
                }
            }
        }
        walk
    }
}
