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
    pub reasons: Vec<String>,
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
        let mut reasons: Vec<Vec<String>> = vec![Vec::new(); n];
        let mut walk = Walk::default();
        reached_via[self.root.index()] = Some(None);
        for &node in &self.order {
            let step = &self.graph[node];
            let Some(via) = reached_via[node.index()].clone() else {
                let mut why = std::mem::take(&mut reasons[node.index()]);
                if why.is_empty() {
                    why.push("no step leading here was taken".into());
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
                    GuardOutcome::Blocked => {
                        reasons[target].push(format!("from {}: `{}` is false", step.id, edge.when))
                    }
                    GuardOutcome::Missing(keys) => {
                        reasons[target].push(format!(
                            "from {}: `{}` needs missing facts {}",
                            step.id,
                            edge.when,
                            keys.join(", ")
                        ));
                        for key in keys {
                            if !walk.missing_facts.contains(&key) {
                                walk.missing_facts.push(key);
                            }
                        }
                    }
                    GuardOutcome::Failed(message, _) => reasons[target].push(format!(
                        "from {}: guard `{}` failed ({}: {message})",
                        step.id,
                        edge.when,
                        edge.location()
                    )),
                }
            }
        }
        walk
    }
}
