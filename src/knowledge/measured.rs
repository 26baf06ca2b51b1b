//! What each rule's step measurably brought in the chains of the shipped cases, as the
//! knowledge base carries it: `rules/measured-gains.yaml`, written by `perfsage cases
//! gains` from `cases/` and built into the binary with the rules, so a diagnosis on a
//! customer's server ranks next actions by what a step brought in practice. Read once
//! per run with the rest of the knowledge base; a test fails when the file no longer
//! matches what the cases measure.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The file under `rules/` holding the measured gains.
pub const MEASURED_GAINS_FILE: &str = "measured-gains.yaml";

/// One measured gain: the case and the change in % (a run time's fall is positive).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasuredGain {
    #[serde(rename = "case")]
    pub case_id: String,
    pub gain_pct: f64,
}

/// Rule id → the gains its step measured, in case order.
pub type MeasuredGains = BTreeMap<String, Vec<MeasuredGain>>;

/// The gains built into the binary; none when the file is missing or unreadable (a
/// test keeps the shipped one readable).
pub fn builtin() -> MeasuredGains {
    super::BUILTIN_RULE_FILES
        .iter()
        .find(|(path, _)| path.ends_with(MEASURED_GAINS_FILE))
        .and_then(|(_, text)| serde_yaml::from_str(text).ok())
        .unwrap_or_default()
}

/// The file's text: a header saying where it comes from, then the gains rounded to
/// 0.1 % (the precision reports print), so regenerating it is stable.
pub fn to_yaml(gains: &MeasuredGains) -> String {
    let rounded: MeasuredGains = gains
        .iter()
        .map(|(rule, gains)| {
            let gains = gains
                .iter()
                .map(|g| MeasuredGain {
                    case_id: g.case_id.clone(),
                    gain_pct: (g.gain_pct * 10.0).round() / 10.0,
                })
                .collect();
            (rule.clone(), gains)
        })
        .collect();
    let body = serde_yaml::to_string(&rounded).unwrap_or_default();
    format!(
        "# The gain each rule's step measured in the chains of the cases under cases/ (rule id →\n# case, change in %). Written by `perfsage cases gains > rules/{MEASURED_GAINS_FILE}`;\n# do not edit by hand. Diagnoses rank next actions by the median of these.\n{body}"
    )
}

/// The gain to expect from a step that case chains measured: the median of their gains.
/// The median rather than the mean because there are few chains per step and one of
/// them can be odd (a change made together with another, or a step inferred from a
/// finding that went away for another reason); the median follows the typical chain
/// and is not dragged by that one. None when no chain measured the step.
pub fn median(gains: &[MeasuredGain]) -> Option<f64> {
    let mut values: Vec<f64> = gains.iter().map(|g| g.gain_pct).collect();
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(values[n / 2]),
        _ => Some((values[n / 2 - 1] + values[n / 2]) / 2.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gains(values: &[f64]) -> Vec<MeasuredGain> {
        values
            .iter()
            .enumerate()
            .map(|(i, &gain_pct)| MeasuredGain {
                case_id: format!("case-{i}"),
                gain_pct,
            })
            .collect()
    }

    #[test]
    fn the_median_is_the_middle_gain_or_the_mean_of_the_two_middle_ones() {
        assert_eq!(median(&gains(&[])), None);
        assert_eq!(median(&gains(&[24.6])), Some(24.6));
        assert_eq!(median(&gains(&[30.0, -20.0, 10.0])), Some(10.0));
        assert_eq!(median(&gains(&[8.0, 2.0, 4.0, 100.0])), Some(6.0));
    }

    #[test]
    fn the_written_file_reads_back_rounded_to_a_tenth() {
        let mut all = MeasuredGains::new();
        all.insert("storage.x".into(), gains(&[24.5849, -3.04]));
        let read: MeasuredGains = serde_yaml::from_str(&to_yaml(&all)).unwrap();
        assert_eq!(read["storage.x"], gains(&[24.6, -3.0]));
    }

    #[test]
    fn the_shipped_file_reads() {
        let shipped = super::super::BUILTIN_RULE_FILES
            .iter()
            .find(|(path, _)| path.ends_with(MEASURED_GAINS_FILE))
            .expect("rules/measured-gains.yaml is built in");
        let read: MeasuredGains = serde_yaml::from_str(shipped.1).unwrap();
        assert_eq!(read, builtin());
        assert!(!read.is_empty());
    }
}
