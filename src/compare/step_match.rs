//! Which findings a change made disappear or appear, and which recommended step it
//! matches. A step matches when its finding was there before and is gone after: the
//! condition the step fixes no longer holds. Several may; the best match is the one
//! whose source case reported the gain closest to one measured here (a step may move
//! one workload and not another), then the most severe.

use super::Gain;
use crate::rules::Finding;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepMatch {
    /// The finding of the earlier run whose recommendation the change carried out.
    pub finding: Finding,
    /// What the step gained in its source case, when the case gave a figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case_gain_pct: Option<f64>,
    /// What the change gained here: the measured gain closest to the case's, else the
    /// headline gain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured_gain_pct: Option<f64>,
}

/// Findings only in `before` (gone) and only in `after` (new), by rule id.
pub fn appeared_and_gone(before: &[Finding], after: &[Finding]) -> (Vec<Finding>, Vec<Finding>) {
    let gone = before
        .iter()
        .filter(|f| !after.iter().any(|a| a.rule == f.rule))
        .cloned()
        .collect();
    let new = after
        .iter()
        .filter(|f| !before.iter().any(|b| b.rule == f.rule))
        .cloned()
        .collect();
    (gone, new)
}

/// Gone findings that recommended something, best match first.
pub fn matches(gone: &[Finding], gains: &[Gain]) -> Vec<StepMatch> {
    let mut matches: Vec<StepMatch> = gone
        .iter()
        .filter(|f| f.recommendation.is_some())
        .map(|f| {
            let case = f.source.as_ref().and_then(|s| s.gain_pct);
            let closest = match case {
                Some(case) => gains.iter().min_by(|a, b| {
                    (a.change_pct - case)
                        .abs()
                        .total_cmp(&(b.change_pct - case).abs())
                }),
                None => gains.first(),
            };
            StepMatch {
                finding: f.clone(),
                case_gain_pct: case,
                measured_gain_pct: closest.map(|g| g.change_pct),
            }
        })
        .collect();
    let distance = |m: &StepMatch| match (m.case_gain_pct, m.measured_gain_pct) {
        (Some(case), Some(measured)) => (case - measured).abs(),
        _ => f64::INFINITY,
    };
    matches.sort_by(|a, b| {
        distance(a)
            .total_cmp(&distance(b))
            .then(b.finding.severity.cmp(&a.finding.severity))
            .then(a.finding.rule.cmp(&b.finding.rule))
    });
    matches
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Recommendation, Severity, Source};

    fn finding(rule: &str, gain_pct: Option<f64>, recommends: bool) -> Finding {
        Finding {
            rule: rule.into(),
            title: rule.into(),
            layer: "storage".into(),
            step: "storage".into(),
            resource: None,
            severity: Severity::High,
            confidence: 0.8,
            summary: String::new(),
            evidence: vec![],
            recommendation: recommends.then(|| Recommendation {
                action: "do it".into(),
                commands: vec![],
                verify: "v".into(),
                rollback: "r".into(),
                alternative: None,
                cost: None,
                effort: None,
            }),
            source: gain_pct.map(|g| Source {
                seed: "s".into(),
                case_id: "c".into(),
                gain: format!("+{g} %"),
                gain_zh: None,
                gain_pct: Some(g),
            }),
            zh: None,
        }
    }

    #[test]
    fn the_gone_step_with_the_closest_case_gain_matches_first() {
        let before = [
            finding("storage.disk_saturated", None, true),
            finding("virtualization.raw_disk_passthrough", Some(27.0), true),
            finding("virtualization.vcpus_exceed_host_socket", Some(9.0), true),
            finding("resource.cpu_headroom", None, false),
        ];
        let after = [
            finding("virtualization.vcpus_exceed_host_socket", Some(9.0), true),
            finding("resource.cpu_headroom", None, false),
            finding("benchmark.scaling_knee", None, true),
        ];
        let (gone, new) = appeared_and_gone(&before, &after);
        assert_eq!(gone.len(), 2);
        assert_eq!(new[0].rule, "benchmark.scaling_knee");
        let gain = |key: &str, change_pct: f64| Gain {
            key: key.into(),
            before: 100.0,
            after: 100.0 + change_pct,
            change_pct,
            improved: true,
            before_run: None,
            after_run: None,
        };
        // The write test gained 3 %, the read test 27 %: the raw disk's case figure
        // matches the second.
        let gains = [gain("bench.wl.w.tps", 3.0), gain("bench.wl.r.tps", 27.2)];
        let m = matches(&gone, &gains);
        assert_eq!(m[0].measured_gain_pct, Some(27.2));
        assert_eq!(
            m[1].measured_gain_pct,
            Some(3.0),
            "no case figure: the headline"
        );
        let rules: Vec<&str> = m.iter().map(|m| m.finding.rule.as_str()).collect();
        assert_eq!(
            rules,
            [
                "virtualization.raw_disk_passthrough",
                "storage.disk_saturated"
            ]
        );
    }
}
