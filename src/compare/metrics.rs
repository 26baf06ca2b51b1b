//! Key metrics of two runs side by side, with the relative change and whether it is
//! an improvement, and the benchmark gains: the change of each throughput the benchmark
//! is judged by (tpmC, TPS, QPS … per workload), and of a batch job's run time.

use crate::diagnosis::KeyMetric;
use crate::diagnosis::key_metrics::Better;
use crate::facts::Unit;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MetricChange {
    pub key: String,
    pub unit: Unit,
    pub better: Better,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<f64>,
    /// (after − before) / before × 100, when both exist and before is not zero.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change_pct: Option<f64>,
    /// Set for metrics the benchmark is judged by.
    pub throughput: bool,
    /// In a chain's overall change: the run (index into `snapshots`) `before` comes
    /// from, when it is not the chain's first (that run did not measure it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before_run: Option<usize>,
    /// Likewise the run `after` comes from, when it is not the chain's last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_run: Option<usize>,
}

/// The change of the metric the benchmark is judged by.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Gain {
    pub key: String,
    pub before: f64,
    pub after: f64,
    pub change_pct: f64,
    pub improved: bool,
    /// As in [`MetricChange`]: where the figures come from when not the ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before_run: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_run: Option<usize>,
}

/// The relative change from `before` to `after`, when `before` is not zero.
pub fn relative_change(before: f64, after: f64) -> Option<f64> {
    (before != 0.0).then(|| (after - before) / before.abs() * 100.0)
}

/// Every key metric of either run, in the order of the later run, then those only the
/// earlier run had.
pub fn changes(before: &[KeyMetric], after: &[KeyMetric]) -> Vec<MetricChange> {
    across(&[(0, Some(before)), (1, Some(after))])
}

/// Key metrics along a chain of runs, `(snapshot index, the host's metrics in that
/// run)` in chain order: for each key, from the earliest run that measured it to the
/// latest (a chain's first run may have measured nothing yet, its last only one of
/// the workloads). Keys in the order of the last run, then those only earlier runs had.
pub fn across(runs: &[(usize, Option<&[KeyMetric]>)]) -> Vec<MetricChange> {
    let (Some(&(first, _)), Some(&(last, _))) = (runs.first(), runs.last()) else {
        return Vec::new();
    };
    let mut keys: Vec<&KeyMetric> = Vec::new();
    for metrics in runs.iter().rev().filter_map(|(_, m)| *m) {
        for m in metrics {
            if !keys.iter().any(|k| k.key == m.key) {
                keys.push(m);
            }
        }
    }
    keys.into_iter()
        .map(|m| {
            let found: Vec<(usize, f64)> = runs
                .iter()
                .filter_map(|(i, metrics)| {
                    let value = (*metrics)?.iter().find(|x| x.key == m.key)?.value;
                    Some((*i, value))
                })
                .collect();
            let (b, a) = match found.as_slice() {
                [] => (None, None),
                [only] if only.0 == last => (None, Some(*only)),
                [only] => (Some(*only), None),
                [earliest, .., latest] => (Some(*earliest), Some(*latest)),
            };
            let (before, after) = (b.map(|x| x.1), a.map(|x| x.1));
            MetricChange {
                key: m.key.clone(),
                unit: m.unit,
                better: m.better,
                before,
                after,
                change_pct: before.zip(after).and_then(|(b, a)| relative_change(b, a)),
                throughput: m.throughput,
                before_run: b.map(|x| x.0).filter(|i| *i != first),
                after_run: a.map(|x| x.0).filter(|i| *i != last),
            }
        })
        .collect()
}

/// Every throughput both runs measured, in report order, then the run time of a batch
/// job.
pub fn gains(changes: &[MetricChange]) -> Vec<Gain> {
    changes
        .iter()
        .filter(|c| c.throughput)
        .chain(changes.iter().filter(|c| c.key == "bench.runtime_min"))
        .filter_map(|c| {
            let (before, after, change_pct) = (c.before?, c.after?, c.change_pct?);
            Some(Gain {
                key: c.key.clone(),
                before,
                after,
                change_pct,
                before_run: c.before_run,
                after_run: c.after_run,
                improved: match c.better {
                    Better::Lower => after < before,
                    _ => after > before,
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::Provenance;

    fn metric(key: &str, value: f64, better: Better, throughput: bool) -> KeyMetric {
        KeyMetric {
            key: key.into(),
            value,
            unit: Unit::PerSecond,
            better,
            throughput,
            provenance: Provenance {
                file: "sysbench.txt".into(),
                line: 1,
                line_end: 1,
                tool: "sysbench".into(),
            },
        }
    }

    #[test]
    fn case_a_lse_rebuild_gains_68_percent_qps() {
        let before = [
            metric("bench.qps", 1_133_074.0, Better::Higher, true),
            metric("cpu.util_pct", 98.0, Better::Neither, false),
        ];
        let after = [metric("bench.qps", 1_905_800.0, Better::Higher, true)];
        let changes = changes(&before, &after);
        assert_eq!(changes.len(), 2);
        assert_eq!(changes[1].after, None);
        let gains = gains(&changes);
        assert_eq!(gains.len(), 1, "no gain from a metric only one run has");
        assert!(
            (gains[0].change_pct - 68.195).abs() < 0.01,
            "{}",
            gains[0].change_pct
        );
        assert!(gains[0].improved);
    }

    #[test]
    fn no_relative_change_from_zero() {
        assert_eq!(relative_change(0.0, 5.0), None);
        assert_eq!(relative_change(200.0, 150.0), Some(-25.0));
    }

    #[test]
    fn a_chain_compares_each_figure_from_the_first_run_that_measured_it() {
        let read = |v| metric("bench.wl.r.qps", v, Better::Higher, true);
        let write = |v| metric("bench.wl.w.tps", v, Better::Higher, true);
        let baseline: [KeyMetric; 0] = [];
        let bios = [read(1_133_074.0), write(36_169.0)];
        let lse = [read(1_905_800.0), write(42_693.0)];
        let stringlib = [write(45_476.0)];
        let chain = across(&[
            (0, Some(&baseline[..])),
            (1, Some(&bios[..])),
            (2, Some(&lse[..])),
            (3, Some(&stringlib[..])),
        ]);
        let keys: Vec<&str> = chain.iter().map(|c| c.key.as_str()).collect();
        assert_eq!(keys, ["bench.wl.w.tps", "bench.wl.r.qps"]);
        assert_eq!(
            (chain[0].before, chain[0].after),
            (Some(36_169.0), Some(45_476.0))
        );
        assert_eq!((chain[0].before_run, chain[0].after_run), (Some(1), None));
        assert_eq!(
            (chain[1].before_run, chain[1].after_run),
            (Some(1), Some(2))
        );
        let gains = gains(&chain);
        assert_eq!(gains.len(), 2);
        assert_eq!(gains[1].before_run, Some(1));
    }

    #[test]
    fn a_shorter_batch_run_is_a_gain() {
        let changes = changes(
            &[metric("bench.runtime_min", 79.0, Better::Lower, false)],
            &[metric("bench.runtime_min", 63.0, Better::Lower, false)],
        );
        let gain = &gains(&changes)[0];
        assert!(gain.improved && gain.change_pct < -20.0);
    }
}
