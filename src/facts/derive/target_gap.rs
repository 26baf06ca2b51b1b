//! `target.gap_pct`: how far the best measured result falls short of the target
//! declared in bundle.yaml (negative when the target is met), for the first target
//! metric the benchmark measured. Throughput should reach its target; a run time
//! (`runtime_min`) should stay under it.

use super::{Facts, Unit, Value, fact, span};

pub fn derive(facts: &mut Facts) {
    let targets: Vec<_> = facts
        .with_prefix("target.")
        .filter(|f| f.key != "target.gap_pct")
        .cloned()
        .collect();
    for target in targets {
        let metric = &target.key["target.".len()..];
        let (Some(goal), Some(measured)) = (
            target.value.as_number(),
            facts.get(&format!("bench.{metric}")),
        ) else {
            continue;
        };
        let Some(actual) = measured.value.as_number() else {
            continue;
        };
        let lower_is_better = metric.starts_with("runtime");
        let shortfall = if lower_is_better {
            actual - goal
        } else {
            goal - actual
        };
        let gap = shortfall / goal * 100.0;
        let provenance = span(&measured.provenance, &target.provenance);
        facts.derive(fact(
            "target.gap_pct",
            Value::Number((gap * 100.0).round() / 100.0),
            Unit::Percent,
            provenance,
        ));
        return;
    }
}
