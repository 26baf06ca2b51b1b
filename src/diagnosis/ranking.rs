//! The next actions of a host, ranked by what each is expected to gain against what
//! it takes to try. The gain is the one measured in the source case where the case
//! gave a figure; otherwise the finding's severity stands in for it (critical as
//! +10 %, high +5 %, medium +2.5 %, low +1 %, info +0.25 %). The stand-ins sit below
//! the gains the cases measured (+6.5 % to +68 %), so a step that brought a measured
//! gain somewhere ranks above a guess of the same effort. The effort comes from the recommendation's
//! cost text (see `rules::effort`); a cost that names none counts as a reboot.
//! Once the declared target is met every remaining step is optional, and the least
//! effort comes first: the consultant is done unless a step is cheap.

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
    /// The gain the source case measured, as a number, when it gave one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gain_pct: Option<f64>,
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
/// first when `target_met`); ties keep the order of the methodology walk.
pub fn rank(findings: &[Finding], target_met: bool) -> Vec<RankedAction> {
    let mut actions: Vec<RankedAction> = findings
        .iter()
        .filter_map(|f| {
            let recommendation = f.recommendation.as_ref()?;
            let gain_pct = f.source.as_ref().and_then(|s| s.gain_pct);
            let effort = recommendation.cost.as_deref().and_then(Effort::of_cost);
            let weight = effort.map_or(Effort::Reboot.weight(), Effort::weight);
            let value = gain_pct.unwrap_or_else(|| severity_stand_in(f.severity));
            Some(RankedAction {
                rank: 0,
                rule: f.rule.clone(),
                step: f.step.clone(),
                severity: f.severity,
                action: recommendation.action.clone(),
                gain_pct,
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
