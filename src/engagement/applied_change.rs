//! What the change between two runs was and whether it worked. The step carried out is
//! the one the later bundle declares (`change:` in bundle.yaml), else the recommended
//! step whose finding disappeared (the matching `perfsage compare` does). The gain
//! measured is the headline throughput's change (a run time's fall counts as a gain);
//! the gain expected is the one the step brought in its source case.
//!
//! A change within ±2 % is read as no effect: repeated runs of the same sysbench or
//! BenchmarkSQL test scatter by 1–2 % (the cases' own repeated runs differ that much),
//! so a smaller difference cannot be told from noise.

use crate::bundle::bundle_yaml::ChangeRecord;
use crate::compare::{Gain, HostChange};
use crate::diagnosis::HostDiagnosis;
use crate::rules::RuleMeta;
use serde::{Deserialize, Serialize};

/// Changes smaller than this, in % of the earlier run, are noise.
pub const NOISE_PCT: f64 = 2.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The throughput rose by more than the noise.
    Helped,
    /// It moved less than the noise either way.
    NoEffect,
    /// It fell by more than the noise: a candidate for rollback.
    Worse,
    /// It rose, but no change is declared and no recommended step's finding went away.
    Unexplained,
    /// One of the two runs has no throughput to compare.
    NotMeasured,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AppliedChange {
    /// The change as the later bundle declares it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared: Option<ChangeRecord>,
    /// The rule whose recommendation was carried out, declared or inferred.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step_title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step_title_zh: Option<String>,
    /// Whether the earlier run recommended that step.
    pub recommended: bool,
    /// Whether the step was inferred from a disappeared finding rather than declared.
    pub inferred: bool,
    /// The headline throughput before and after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured: Option<Gain>,
    /// The measured change as an improvement in % (a shorter run time is positive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured_gain_pct: Option<f64>,
    /// What the step brought in its source case.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_gain_pct: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_in_case: Option<String>,
    pub outcome: Outcome,
    /// How to undo the step, when it made things worse and its rule says how.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rollback: Option<String>,
}

/// Judges the change into a run: `declared` is its bundle's declaration, `earlier` the
/// followed host in the run before, `measured` that host's comparison between the two.
pub fn judge<'a>(
    declared: Option<&ChangeRecord>,
    earlier: Option<&HostDiagnosis>,
    measured: Option<&HostChange>,
    rule: &dyn Fn(&str) -> Option<&'a RuleMeta>,
) -> AppliedChange {
    let gain = measured.and_then(|m| m.gains.first()).cloned();
    let measured_gain_pct = gain.as_ref().map(improvement);
    let recommended_by_earlier =
        |id: &str| earlier.is_some_and(|h| h.next_actions.iter().any(|a| a.rule == id));
    let (step, inferred) = match declared {
        Some(change) => (rule(&change.applied).map(|meta| meta.id.clone()), false),
        None => (
            measured
                .and_then(|m| m.matches.first())
                .map(|m| m.finding.rule.clone()),
            true,
        ),
    };
    let meta = step.as_deref().and_then(rule);
    let outcome = match measured_gain_pct {
        None => Outcome::NotMeasured,
        Some(pct) if pct <= -NOISE_PCT => Outcome::Worse,
        Some(pct) if pct < NOISE_PCT => Outcome::NoEffect,
        Some(_) if declared.is_none() && step.is_none() => Outcome::Unexplained,
        Some(_) => Outcome::Helped,
    };
    let source = meta.and_then(|m| m.source.as_ref());
    AppliedChange {
        declared: declared.cloned(),
        recommended: step.as_deref().is_some_and(recommended_by_earlier),
        step_title: meta.map(|m| m.title.clone()),
        step_title_zh: meta
            .and_then(|m| m.zh.as_ref())
            .and_then(|zh| zh.title.clone()),
        step,
        inferred,
        measured: gain,
        measured_gain_pct,
        expected_gain_pct: source.and_then(|s| s.gain_pct),
        expected_in_case: source.map(|s| s.case_id.clone()),
        rollback: (outcome == Outcome::Worse)
            .then(|| meta.and_then(|m| m.recommendation.as_ref()))
            .flatten()
            .map(|r| r.rollback.clone()),
        outcome,
    }
}

/// The change as an improvement: a throughput's rise, a run time's fall.
fn improvement(gain: &Gain) -> f64 {
    if gain.key.ends_with("runtime_min") {
        -gain.change_pct
    } else {
        gain.change_pct
    }
}
