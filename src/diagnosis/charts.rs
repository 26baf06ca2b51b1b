//! The data behind the report's charts, taken from a host's facts: the benchmark's
//! scaling curve with its knee, CPU and disk utilisation per interval, and the CPU
//! hotspots, and the folded stacks of the profiles (`flame`). Kept in the model (not re-read from facts at render time) so that a saved
//! JSON report renders the same charts.

use super::flame::FlameStacks;
use crate::facts::{Facts, Series, Unit, Value};
use serde::{Deserialize, Serialize};

/// At most this many disks are drawn, the busiest first.
const MAX_DISKS: usize = 4;
/// At most this many hotspots are kept, by rank.
const MAX_HOTSPOTS: usize = 20;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Charts {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scaling: Option<ScalingCurve>,
    /// CPU busy, I/O wait and steal over time (all CPUs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cpu: Vec<TimeSeries>,
    /// %util over time of the busiest disks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disks: Vec<TimeSeries>,
    /// Disks with a %util series that were left out of `disks`: idle ones, and those
    /// beyond the busiest four.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub disks_not_drawn: usize,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hotspots: Vec<Hotspot>,
    /// One flame graph per profile captured.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flames: Vec<FlameStacks>,
    /// Profiles that gave no flame graph, and why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flame_problems: Vec<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Throughput and p95 latency per benchmark concurrency.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScalingCurve {
    /// `tps`, `qps` or `eps`: the throughput the knee was located on.
    pub metric: String,
    pub points: Vec<ScalingPoint>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knee_threads: Option<f64>,
    /// Where the runs were read.
    pub file: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScalingPoint {
    pub threads: f64,
    pub throughput: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p95_ms: Option<f64>,
}

/// One per-interval series, as plotted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimeSeries {
    pub key: String,
    /// What the legend says: `busy`, `iowait`, `steal`, or the device name.
    pub label: String,
    pub unit: Unit,
    #[serde(flatten)]
    pub series: Series,
    pub file: String,
}

impl TimeSeries {
    /// Seconds from the start of the capture to the end of each plotted point, when the
    /// interval is known.
    pub fn seconds(&self) -> Option<Vec<f64>> {
        let step = self.series.interval_s? * self.series.stride as f64;
        Some(
            (1..=self.series.points.len())
                .map(|i| i as f64 * step)
                .collect(),
        )
    }
}

/// A function that takes CPU time, from the profile parsers' `hotspot.<rank>.*` facts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hotspot {
    pub rank: u32,
    pub symbol: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dso: Option<String>,
    pub self_pct: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_pct: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kernel: Option<bool>,
    pub file: String,
}

pub fn collect(facts: &Facts) -> Charts {
    let (disks, disks_not_drawn) = disks(facts);
    Charts {
        scaling: scaling(facts),
        cpu: [
            ("cpu.util_pct", "busy"),
            ("cpu.iowait_pct", "iowait"),
            ("cpu.steal_pct", "steal"),
        ]
        .into_iter()
        .filter_map(|(key, label)| time_series(facts, key, label))
        .filter(|s| s.label == "busy" || s.series.max > 0.0)
        .collect(),
        disks,
        disks_not_drawn,
        hotspots: hotspots(facts),
        flames: Vec::new(),
        flame_problems: Vec::new(),
    }
}

fn scaling(facts: &Facts) -> Option<ScalingCurve> {
    let metric = ["tps", "qps", "eps"]
        .into_iter()
        .find(|m| facts.contains(&format!("bench.knee.{m}")))
        .or_else(|| {
            ["tps", "qps", "eps"].into_iter().find(|m| {
                facts
                    .with_prefix("bench.scale.")
                    .any(|f| f.key.ends_with(&format!(".{m}")))
            })
        })?;
    let mut points: Vec<ScalingPoint> = Vec::new();
    let mut file = String::new();
    for fact in facts.with_prefix("bench.scale.") {
        let Some(threads) = fact
            .key
            .strip_prefix("bench.scale.")
            .and_then(|rest| rest.strip_suffix(&format!(".{metric}")))
            .and_then(|t| t.parse::<f64>().ok())
        else {
            continue;
        };
        let Some(throughput) = fact.value.as_number() else {
            continue;
        };
        if file.is_empty() {
            file = fact.provenance.file.clone();
        }
        points.push(ScalingPoint {
            threads,
            throughput,
            p95_ms: facts.number(&format!("bench.scale.{threads}.p95_ms")),
        });
    }
    points.sort_by(|a, b| a.threads.total_cmp(&b.threads));
    // One run is no curve.
    (points.len() >= 2).then(|| ScalingCurve {
        metric: metric.to_string(),
        points,
        knee_threads: facts.number("bench.knee.threads"),
        file,
    })
}

fn time_series(facts: &Facts, key: &str, label: &str) -> Option<TimeSeries> {
    let fact = facts.get(key)?;
    let Value::Series(series) = &fact.value else {
        return None;
    };
    (!series.points.is_empty()).then(|| TimeSeries {
        key: key.to_string(),
        label: label.to_string(),
        unit: fact.unit,
        series: series.clone(),
        file: fact.provenance.file.clone(),
    })
}

/// `disk.<dev>.util_pct` series, busiest first.
fn disks(facts: &Facts) -> (Vec<TimeSeries>, usize) {
    let mut all: Vec<TimeSeries> = facts
        .with_prefix("disk.")
        .filter_map(|f| {
            let device = f.key.strip_prefix("disk.")?.strip_suffix(".util_pct")?;
            if device.contains('.') || device == "busiest" {
                return None;
            }
            time_series(facts, &f.key, device)
        })
        .collect();
    // Devices idle through the whole capture (loop devices, spare disks) say nothing.
    let idle = all.iter().filter(|s| s.series.max == 0.0).count();
    all.retain(|s| s.series.max > 0.0);
    all.sort_by(|a, b| {
        b.series
            .avg
            .total_cmp(&a.series.avg)
            .then(a.label.cmp(&b.label))
    });
    let not_drawn = idle + all.len().saturating_sub(MAX_DISKS);
    all.truncate(MAX_DISKS);
    (all, not_drawn)
}

fn hotspots(facts: &Facts) -> Vec<Hotspot> {
    let mut hotspots: Vec<Hotspot> = (1..=MAX_HOTSPOTS as u32)
        .filter_map(|rank| {
            let key = |field: &str| format!("hotspot.{rank}.{field}");
            let symbol = facts.get(&key("symbol"))?;
            let Value::Text(name) = &symbol.value else {
                return None;
            };
            Some(Hotspot {
                rank,
                symbol: name.clone(),
                dso: facts.text(&key("dso")).map(str::to_string),
                self_pct: facts.number(&key("self_pct"))?,
                total_pct: facts.number(&key("total_pct")),
                kernel: facts.flag(&key("kernel")),
                file: symbol.provenance.file.clone(),
            })
        })
        .collect();
    hotspots.sort_by_key(|h| h.rank);
    hotspots
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::{Fact, Provenance, SeriesBuilder};

    fn add(facts: &mut Facts, key: &str, value: Value) {
        facts.insert(Fact {
            key: key.into(),
            value,
            unit: Unit::Percent,
            provenance: Provenance {
                file: "x.txt".into(),
                line: 1,
                line_end: 1,
                tool: "t".into(),
            },
        });
    }

    fn series(values: &[f64], interval: Option<f64>) -> Value {
        Value::Series(SeriesBuilder::from_values(values).finish(interval))
    }

    #[test]
    fn scaling_points_come_in_thread_order_with_p95() {
        let mut facts = Facts::default();
        for (threads, tps, p95) in [(512.0, 2884.0, 200.0), (16.0, 1172.0, 17.0)] {
            add(
                &mut facts,
                &format!("bench.scale.{threads}.tps"),
                Value::Number(tps),
            );
            add(
                &mut facts,
                &format!("bench.scale.{threads}.p95_ms"),
                Value::Number(p95),
            );
        }
        add(&mut facts, "bench.knee.tps", Value::Number(2884.0));
        add(&mut facts, "bench.knee.threads", Value::Number(512.0));
        let curve = scaling(&facts).unwrap();
        assert_eq!(curve.metric, "tps");
        let threads: Vec<f64> = curve.points.iter().map(|p| p.threads).collect();
        assert_eq!(threads, [16.0, 512.0]);
        assert_eq!(curve.points[1].p95_ms, Some(200.0));
        assert_eq!(curve.knee_threads, Some(512.0));

        let mut one_run = Facts::default();
        add(
            &mut one_run,
            "bench.scale.1000.tps",
            Value::Number(113_307.0),
        );
        assert_eq!(scaling(&one_run), None, "one run is no curve");
    }

    #[test]
    fn busiest_disks_first_and_idle_cpu_components_left_out() {
        let mut facts = Facts::default();
        for (i, dev) in ["loop0", "sda", "sdb", "sdc", "sdd", "sde"]
            .iter()
            .enumerate()
        {
            add(
                &mut facts,
                &format!("disk.{dev}.util_pct"),
                series(&[i as f64, i as f64], None),
            );
        }
        add(&mut facts, "disk.busiest.util_pct", series(&[4.0], None));
        add(&mut facts, "cpu.util_pct", series(&[20.0, 30.0], Some(5.0)));
        add(&mut facts, "cpu.steal_pct", series(&[0.0, 0.0], Some(5.0)));
        let charts = collect(&facts);
        let disks: Vec<&str> = charts.disks.iter().map(|d| d.label.as_str()).collect();
        assert_eq!(disks, ["sde", "sdd", "sdc", "sdb"]);
        assert_eq!(charts.disks_not_drawn, 2, "sda and the idle loop0");
        assert_eq!(charts.cpu.len(), 1);
        assert_eq!(charts.cpu[0].seconds(), Some(vec![5.0, 10.0]));
    }
}
