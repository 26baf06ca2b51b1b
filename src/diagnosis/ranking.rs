//! The next actions of a host, ranked by what each is expected to gain against what
//! it takes to try. The gain is the median of those the step measured in the case
//! chains (`knowledge::measured`) where any did: what the step brought in practice
//! outweighs the one figure its source document reported. Otherwise it is the gain
//! the source case gave, and without that the finding's severity stands in (critical as
//! +10 %, high +5 %, medium +2.5 %, low +1 %, info +0.25 %). The stand-ins sit below
//! the gains the cases measured (+6.5 % to +68 %), so a step that brought a measured
//! gain somewhere ranks above a guess of the same effort. The effort is the one the recommendation
//! declares (see `rules::effort`); a recommendation without one counts as a reboot.
//! Once the declared target is met every remaining step is optional, and the least
//! effort comes first: the consultant is done unless a step is cheap.

use crate::knowledge::measured::{MeasuredGains, median};
use crate::rules::effort::Effort;
use crate::rules::{Finding, Severity};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RankedAction {
    /// 1 for the action to try first.
    pub rank: usize,
    pub rule: String,
    pub step: String,
    pub severity: Severity,
    pub action: String,
    /// The gain expected, as a number: the median of those case chains measured, else
    /// the source case's figure, when either exists.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gain_pct: Option<f64>,
    /// The cases whose chains measured `gain_pct`; empty when it is the source case's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub measured_in: Vec<String>,
    /// The gain as the source case reported it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gain: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effort: Option<Effort>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
    /// Expected gain (% or its severity stand-in) divided by the effort's weight.
    pub score: f64,
}

/// Every finding with a recommendation, best value for effort first (least effort
/// first when `target_met`); ties keep the order of the methodology walk. `measured`
/// holds the gains the case chains measured per rule.
pub fn rank(findings: &[Finding], target_met: bool, measured: &MeasuredGains) -> Vec<RankedAction> {
    let mut actions: Vec<RankedAction> = findings
        .iter()
        .filter_map(|f| {
            let recommendation = f.recommendation.as_ref()?;
            let in_chains = measured.get(&f.rule).map_or(&[][..], Vec::as_slice);
            let gain_pct = median(in_chains).or_else(|| f.source.as_ref().and_then(|s| s.gain_pct));
            let effort = recommendation.effort;
            let weight = effort.map_or(Effort::Reboot.weight(), Effort::weight);
            let value = gain_pct.unwrap_or_else(|| severity_stand_in(f.severity));
            Some(RankedAction {
                rank: 0,
                rule: f.rule.clone(),
                step: f.step.clone(),
                severity: f.severity,
                action: recommendation.action.clone(),
                gain_pct,
                measured_in: in_chains.iter().map(|g| g.case_id.clone()).collect(),
                gain: f.source.as_ref().map(|s| s.gain.clone()),
                effort,
                cost: recommendation.cost.clone(),
                score: value / weight,
            })
        })
        .collect();
    if target_met {
        let weight = |a: &RankedAction| a.effort.map_or(Effort::Reboot.weight(), Effort::weight);
        actions.sort_by(|a, b| {
            weight(a)
                .total_cmp(&weight(b))
                .then(b.score.total_cmp(&a.score))
        });
    } else {
        actions.sort_by(|a, b| b.score.total_cmp(&a.score));
    }
    for (i, action) in actions.iter_mut().enumerate() {
        action.rank = i + 1;
    }
    actions
}

fn severity_stand_in(severity: Severity) -> f64 {
    match severity {
        Severity::Critical => 10.0,
        Severity::High => 5.0,
        Severity::Medium => 2.5,
        Severity::Low => 1.0,
        Severity::Info => 0.25,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::measured::MeasuredGain;
    use crate::rules::{Recommendation, Source};

    fn finding(rule: &str, source_gain: f64) -> Finding {
        let mut f: Finding = serde_json::from_value(serde_json::json!({
            "rule": rule, "title": rule, "step": "storage", "layer": "storage",
            "severity": "high", "summary": "s", "confidence": 0.8, "evidence": [],
        }))
        .unwrap();
        f.source = Some(Source {
            seed: "seed.txt".into(),
            case_id: "source-case".into(),
            gain: format!("+{source_gain} %"),
            gain_zh: None,
            gain_pct: Some(source_gain),
        });
        f.recommendation = Some(Recommendation {
            action: "do it".into(),
            commands: vec![],
            verify: "v".into(),
            rollback: "r".into(),
            alternative: None,
            cost: Some("online".into()),
            effort: Some(Effort::Online),
        });
        f
    }

    fn order(actions: &[RankedAction]) -> Vec<&str> {
        actions.iter().map(|a| a.rule.as_str()).collect()
    }

    #[test]
    fn gains_measured_in_case_chains_outrank_the_source_figure() {
        let findings = [finding("storage.a", 30.0), finding("storage.b", 10.0)];
        let by_source = rank(&findings, false, &MeasuredGains::new());
        assert_eq!(order(&by_source), ["storage.a", "storage.b"]);
        assert!(by_source[0].measured_in.is_empty());

        // Two chains measured much less for a than its source document promised.
        let mut measured = MeasuredGains::new();
        measured.insert(
            "storage.a".into(),
            [("chain-1", 4.0), ("chain-2", 6.0)]
                .iter()
                .map(|&(case, gain_pct)| MeasuredGain {
                    case_id: case.into(),
                    gain_pct,
                })
                .collect(),
        );
        let by_chains = rank(&findings, false, &measured);
        assert_eq!(order(&by_chains), ["storage.b", "storage.a"]);
        assert_eq!(by_chains[1].gain_pct, Some(5.0));
        assert_eq!(by_chains[1].measured_in, ["chain-1", "chain-2"]);
        assert_eq!(by_chains[0].gain_pct, Some(10.0));
    }
}
