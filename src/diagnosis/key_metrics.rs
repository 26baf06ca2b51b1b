//! The headline numbers of a host: what the benchmark reached and how busy the machine
//! was while it ran. When the benchmark runs are grouped by workload
//! (`bench.wl.<workload>.*`, the best run of each), the figures are given per workload,
//! so that runs with different sets of workloads (a read-only and a write-only test
//! before, the write-only test alone after) are compared workload by workload.
//! The report opens with these numbers, and `perfsage compare` sets them side by side
//! across bundles, so they are kept in the model with their provenance rather than
//! looked up in facts that a saved JSON report no longer holds.

use crate::facts::{Facts, Provenance, Unit};
use serde::{Deserialize, Serialize};

/// Which way a change of the metric is an improvement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Better {
    Higher,
    Lower,
    /// Utilisation and the like: a change is neither good nor bad in itself.
    Neither,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeyMetric {
    pub key: String,
    /// The number, or a series' average.
    pub value: f64,
    pub unit: Unit,
    pub better: Better,
    /// Whether this is a throughput of the benchmark, the figure a tuning step is
    /// judged by.
    pub throughput: bool,
    pub provenance: Provenance,
}

/// The keys, in report order.
const METRICS: &[(&str, Better, bool)] = &[
    ("bench.tpmc", Better::Higher, true),
    ("bench.tpm_total", Better::Higher, true),
    ("bench.tps", Better::Higher, true),
    ("bench.qps", Better::Higher, true),
    ("bench.eps", Better::Higher, true),
    ("bench.runtime_min", Better::Lower, false),
    ("bench.p95_ms", Better::Lower, false),
    ("bench.threads", Better::Neither, false),
    ("target.gap_pct", Better::Lower, false),
    ("cpu.util_pct", Better::Neither, false),
    ("cpu.iowait_pct", Better::Neither, false),
    ("cpu.steal_pct", Better::Neither, false),
    ("disk.busiest.util_pct", Better::Neither, false),
];

/// A workload's metrics, in report order; each replaces `bench.<metric>`.
const WORKLOAD_METRICS: &[(&str, Better, bool)] = &[
    ("tps", Better::Higher, true),
    ("qps", Better::Higher, true),
    ("eps", Better::Higher, true),
    ("p95_ms", Better::Lower, false),
    ("threads", Better::Neither, false),
];

pub fn collect(facts: &Facts) -> Vec<KeyMetric> {
    let metric = |key: &str, better: Better, throughput: bool| {
        let fact = facts.get(key)?;
        Some(KeyMetric {
            key: key.to_string(),
            value: fact.value.as_number()?,
            unit: fact.unit,
            better,
            throughput,
            provenance: fact.provenance.clone(),
        })
    };
    let workloads = workloads(facts);
    let per_workload =
        |name: &str| !workloads.is_empty() && WORKLOAD_METRICS.iter().any(|(m, _, _)| *m == name);
    let mut metrics = Vec::new();
    let mut workloads_listed = false;
    for &(key, better, throughput) in METRICS {
        match key.strip_prefix("bench.") {
            Some(name) if per_workload(name) => {
                if !workloads_listed {
                    workloads_listed = true;
                    for workload in &workloads {
                        for &(name, better, throughput) in WORKLOAD_METRICS {
                            metrics.extend(metric(
                                &format!("bench.wl.{workload}.{name}"),
                                better,
                                throughput,
                            ));
                        }
                    }
                }
            }
            _ => metrics.extend(metric(key, better, throughput)),
        }
    }
    metrics
}

/// The workloads with a best run (`bench.wl.<workload>.*`), in name order.
fn workloads(facts: &Facts) -> Vec<&str> {
    let mut names: Vec<&str> = facts
        .with_prefix("bench.wl.")
        .filter_map(|f| f.key["bench.wl.".len()..].split('.').next())
        .collect();
    names.dedup();
    names
}

/// `bench.wl.oltp_read_only.qps` → (`oltp_read_only`, `qps`).
pub fn workload_metric(key: &str) -> Option<(&str, &str)> {
    key.strip_prefix("bench.wl.")?.split_once('.')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::{Fact, SeriesBuilder, Value};

    fn fact(key: &str, value: Value) -> Fact {
        Fact {
            key: key.into(),
            value,
            unit: Unit::PerSecond,
            provenance: Provenance {
                file: "f.txt".into(),
                line: 3,
                line_end: 3,
                tool: "t".into(),
            },
        }
    }

    #[test]
    fn benchmark_figures_come_per_workload_when_runs_are_grouped() {
        let mut facts = Facts::default();
        for (key, value) in [
            ("bench.tpmc", 106_140.0),
            ("bench.tps", 36_169.13),
            ("bench.threads", 100.0),
            ("bench.wl.oltp_read_only.qps", 1_133_074.43),
            ("bench.wl.oltp_read_only.tps", 113_307.44),
            ("bench.wl.oltp_write_only.tps", 36_169.13),
            ("bench.wl.oltp_write_only.threads", 100.0),
            ("target.gap_pct", 12.0),
        ] {
            facts.insert(fact(key, Value::Number(value)));
        }
        let keys: Vec<String> = collect(&facts).into_iter().map(|m| m.key).collect();
        assert_eq!(
            keys,
            [
                "bench.tpmc",
                "bench.wl.oltp_read_only.tps",
                "bench.wl.oltp_read_only.qps",
                "bench.wl.oltp_write_only.tps",
                "bench.wl.oltp_write_only.threads",
                "target.gap_pct"
            ]
        );
        assert_eq!(
            workload_metric("bench.wl.oltp_read_only.qps"),
            Some(("oltp_read_only", "qps"))
        );
    }

    #[test]
    fn keeps_report_order_and_averages_series() {
        let mut facts = Facts::default();
        facts.insert(fact(
            "cpu.util_pct",
            Value::Series(SeriesBuilder::from_values(&[10.0, 30.0]).finish(None)),
        ));
        facts.insert(fact("bench.qps", Value::Number(1_905_800.0)));
        facts.insert(fact("bench.tool", Value::Text("sysbench".into())));
        let metrics = collect(&facts);
        let keys: Vec<&str> = metrics.iter().map(|m| m.key.as_str()).collect();
        assert_eq!(keys, ["bench.qps", "cpu.util_pct"]);
        assert_eq!(metrics[1].value, 20.0);
        assert!(metrics[0].throughput && !metrics[1].throughput);
    }
}
