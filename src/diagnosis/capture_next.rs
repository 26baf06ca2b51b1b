//! "Capture next": what the consultant should collect so that rules that could not run
//! can, grouped by the command that supplies the missing facts. Only rules and guards
//! on the walked path count: facts for a branch not taken are not needed. A fact the
//! captured tool said this host cannot give (perf's hardware counters without a PMU)
//! gets that explanation instead of the command that was already run.

use crate::facts::{Facts, catalog};
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

pub fn hints(
    kb: &KnowledgeBase,
    walk: &Walk,
    not_evaluated: &[NotEvaluated],
    facts: &Facts,
) -> Vec<CaptureHint> {
    let no_pmu = without_hardware_counters(facts);
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
            let capture = match &no_pmu {
                Some(reason) if key.starts_with("perf.stat.") => reason.as_str(),
                _ => catalog::lookup(key).map_or("(no parser supplies this fact)", |e| e.capture),
            };
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

/// Why perf stat's hardware figures are missing when it ran but could not count
/// cycles or instructions here (a VM without a virtual PMU prints `<not supported>`).
fn without_hardware_counters(facts: &Facts) -> Option<String> {
    let unsupported = facts.text("perf.stat.unsupported")?;
    let hardware: Vec<&str> = unsupported
        .split(',')
        .filter(|event| matches!(*event, "cycles" | "instructions"))
        .collect();
    (!hardware.is_empty()).then(|| {
        format!(
            "(perf stat ran but this host cannot count {}: no hardware PMU; count on bare metal or in a VM given a virtual PMU)",
            hardware.join(" or ")
        )
    })
}
