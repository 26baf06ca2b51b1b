//! Whether the run meets the target the bundle declares, and by how much (the report
//! words it: "4,297 TPS beats the 4,000 TPS target by 7.4 %"). A met target changes
//! what the report asks of the consultant: the remaining steps become optional, and the
//! cheapest of them come first (see `ranking::rank`).

use crate::facts::Facts;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetStatus {
    /// The benchmark metric the target names (`tps`, `tpmc`, `runtime_min` …).
    pub metric: String,
    pub goal: f64,
    /// The best measured result.
    pub best: f64,
    /// How far the best result falls short, in % of the goal (negative when met).
    pub gap_pct: f64,
    pub met: bool,
}

/// The status of the target `target.gap_pct` was derived for, if any.
pub fn of(facts: &Facts) -> Option<TargetStatus> {
    let gap_pct = facts.number("target.gap_pct")?;
    let (metric, goal, best) = facts
        .with_prefix("target.")
        .filter(|f| f.key != "target.gap_pct")
        .find_map(|target| {
            let metric = target.key.strip_prefix("target.")?;
            let best = facts.number(&format!("bench.{metric}"))?;
            Some((metric.to_string(), target.value.as_number()?, best))
        })?;
    Some(TargetStatus {
        metric,
        goal,
        best,
        gap_pct,
        met: gap_pct <= 0.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::{Fact, Provenance, Unit, Value};

    fn facts(pairs: &[(&str, f64)]) -> Facts {
        let mut facts = Facts::default();
        for (key, value) in pairs {
            facts.insert(Fact {
                key: key.to_string(),
                value: Value::Number(*value),
                unit: Unit::None,
                provenance: Provenance {
                    file: "bundle.yaml".into(),
                    line: 1,
                    line_end: 1,
                    tool: "bundle-yaml".into(),
                },
            });
        }
        facts
    }

    #[test]
    fn a_beaten_throughput_target_is_met_and_says_by_how_much() {
        let status = of(&facts(&[
            ("target.tps", 4000.0),
            ("bench.tps", 4297.43),
            ("target.gap_pct", -7.44),
        ]))
        .unwrap();
        assert!(status.met);
        assert_eq!((status.metric.as_str(), status.best), ("tps", 4297.43));
    }

    #[test]
    fn a_missed_run_time_target_is_not_met() {
        let status = of(&facts(&[
            ("target.runtime_min", 63.0),
            ("bench.runtime_min", 79.0),
            ("target.gap_pct", 25.4),
        ]))
        .unwrap();
        assert!(!status.met);
        assert_eq!((status.goal, status.gap_pct), (63.0, 25.4));
    }

    #[test]
    fn no_target_no_status() {
        assert_eq!(of(&facts(&[("bench.tps", 10.0)])), None);
    }
}
