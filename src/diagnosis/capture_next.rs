//! "Capture next": what the consultant should collect so that rules that could not run
//! can, grouped by the command that supplies the missing facts. Only rules and guards
//! on the walked path count: facts for a branch not taken are not needed. A fact the
//! captured tool said this host cannot give (perf's hardware counters without a PMU)
//! gets that explanation instead of the command that was already run.

use crate::facts::Facts;
use crate::graph::Walk;
use crate::knowledge::KnowledgeBase;
use crate::tools::catalog;
use serde::{Deserialize, Serialize};

use super::NotEvaluated;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CaptureHint {
    /// What to run or write.
    pub capture: CaptureSource,
    /// The facts it would supply.
    pub facts: Vec<String>,
    /// Rules or steps waiting for them.
    pub needed_by: Vec<NeededBy>,
}

/// Where missing facts would come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptureSource {
    /// A command to run or a file to write, as a tool spec or a methodology step
    /// words it.
    Command(String),
    /// No parser supplies the fact.
    NoParser,
    /// perf stat ran, but this host cannot count these hardware events (no PMU, as in
    /// most VMs): running it again would not help.
    NoHardwareCounters(Vec<String>),
}

/// Who waits for a capture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NeededBy {
    Rule(String),
    Step(String),
    /// A guard of the methodology graph.
    MethodologyGuard,
}

pub fn hints(
    kb: &KnowledgeBase,
    walk: &Walk,
    not_evaluated: &[NotEvaluated],
    facts: &Facts,
) -> Vec<CaptureHint> {
    let no_pmu = without_hardware_counters(facts);
    let mut hints: Vec<CaptureHint> = Vec::new();
    let mut add = |capture: CaptureSource, fact: Option<&str>, needed_by: NeededBy| {
        let index = match hints.iter().position(|h| h.capture == capture) {
            Some(i) => i,
            None => {
                hints.push(CaptureHint {
                    capture,
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
        if !hint.needed_by.contains(&needed_by) {
            hint.needed_by.push(needed_by);
        }
    };
    let walked = |step: &str| walk.visited.iter().any(|v| v.step == step);
    for item in not_evaluated.iter().filter(|n| walked(&n.step)) {
        for key in &item.missing {
            let capture = match &no_pmu {
                Some(events) if key.starts_with("perf.stat.") => {
                    CaptureSource::NoHardwareCounters(events.clone())
                }
                _ => catalog_capture(key),
            };
            add(capture, Some(key), NeededBy::Rule(item.rule.clone()));
        }
    }
    for key in &walk.missing_facts {
        add(catalog_capture(key), Some(key), NeededBy::MethodologyGuard);
    }
    for visited in &walk.visited {
        if let Some(step) = kb.methodology.step(&visited.step) {
            for capture in &step.capture {
                let source = CaptureSource::Command(capture.clone());
                add(source, None, NeededBy::Step(step.id.clone()));
            }
        }
    }
    hints
}

/// The capture the fact catalog names for `key`.
fn catalog_capture(key: &str) -> CaptureSource {
    catalog::lookup(key).map_or(CaptureSource::NoParser, |e| {
        CaptureSource::Command(e.capture.to_string())
    })
}

/// The hardware events perf stat ran but could not count here (a VM without a
/// virtual PMU prints `<not supported>` for cycles and instructions).
fn without_hardware_counters(facts: &Facts) -> Option<Vec<String>> {
    let unsupported = facts.text("perf.stat.unsupported")?;
    let hardware: Vec<String> = unsupported
        .split(',')
        .filter(|event| matches!(*event, "cycles" | "instructions"))
        .map(str::to_string)
        .collect();
    (!hardware.is_empty()).then_some(hardware)
}
