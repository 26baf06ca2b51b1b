//! "Capture next": what the consultant should collect so that rules that could not run
//! can, grouped by the command that supplies the missing facts. Only rules and guards
//! on the walked path count: facts for a branch not taken are not needed.

use crate::facts::catalog;
use crate::graph::Walk;
use crate::knowledge::KnowledgeBase;
use serde::{Deserialize, Serialize};

use super::NotEvaluated;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CaptureHint {
    /// What to run or write.
    pub capture: String,
    /// The facts it would supply.
    pub facts: Vec<String>,
    /// Rules or steps waiting for them.
    pub needed_by: Vec<String>,
}

pub fn hints(kb: &KnowledgeBase, walk: &Walk, not_evaluated: &[NotEvaluated]) -> Vec<CaptureHint> {
    let mut hints: Vec<CaptureHint> = Vec::new();
    let mut add = |capture: &str, fact: Option<&str>, needed_by: &str| {
        let index = match hints.iter().position(|h| h.capture == capture) {
            Some(i) => i,
            None => {
                hints.push(CaptureHint {
                    capture: capture.to_string(),
                    facts: Vec::new(),
                    needed_by: Vec::new(),
                });
                hints.len() - 1
            }
        };
        let hint = &mut hints[index];
        if let Some(fact) = fact
            && !hint.facts.iter().any(|f| f == fact)
        {
            hint.facts.push(fact.to_string());
        }
        if !hint.needed_by.iter().any(|n| n == needed_by) {
            hint.needed_by.push(needed_by.to_string());
        }
    };
    let walked = |step: &str| walk.visited.iter().any(|v| v.step == step);
    for item in not_evaluated.iter().filter(|n| walked(&n.step)) {
        for key in &item.missing {
            let capture =
                catalog::lookup(key).map_or("(no parser supplies this fact)", |e| e.capture);
            add(capture, Some(key), &item.rule);
        }
    }
    for key in &walk.missing_facts {
        let capture = catalog::lookup(key).map_or("(no parser supplies this fact)", |e| e.capture);
        add(capture, Some(key), "methodology guard");
    }
    for visited in &walk.visited {
        if let Some(step) = kb.methodology.step(&visited.step) {
            for capture in &step.capture {
                add(capture, None, &step.id);
            }
        }
    }
    hints
}
