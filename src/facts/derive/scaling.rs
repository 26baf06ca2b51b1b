//! The benchmark's scaling curve. Parsers record every run as
//! `bench.run.<workload>.<threads>.*`; here the runs are grouped by workload, each
//! workload gets its best run as a headline (`bench.wl.<workload>.*`), and the primary
//! workload — the one bundle.yaml names, else the one with the most runs — becomes the
//! bundle's scaling series (`bench.scale.<threads>.*`), headline (`bench.tps`,
//! `bench.threads` …) and knee: the thread count with the highest throughput, and what
//! happens at the next one above it (throughput drop, p95 growth, and whether both
//! degrade together).

use super::{Fact, Facts, Unit, Value, fact, span};
use std::collections::BTreeMap;

/// The headline metrics copied from a workload's best run.
const HEADLINE: [&str; 4] = ["tps", "qps", "eps", "p95_ms"];

/// One run: its thread count and every metric recorded for it.
struct Run {
    threads: f64,
    metrics: BTreeMap<String, Fact>,
}

impl Run {
    fn throughput(&self, metric: &str) -> Option<f64> {
        self.metrics.get(metric)?.value.as_number()
    }
}

pub fn derive(facts: &mut Facts) {
    let workloads = runs_by_workload(facts);
    if workloads.is_empty() {
        return;
    }
    for (workload, runs) in &workloads {
        if let Some(best) = best_run(runs) {
            let prefix = format!("bench.wl.{workload}");
            headline(facts, &prefix, best);
        }
    }
    let Some((primary, runs)) = primary_workload(facts, &workloads) else {
        return;
    };
    if !facts.contains("bench.workload")
        && let Some(first) = runs.first().and_then(|r| r.metrics.values().next())
    {
        facts.derive(fact(
            "bench.workload",
            Value::Text(primary.to_string()),
            Unit::None,
            first.provenance.clone(),
        ));
    }
    for run in runs {
        for (metric, source) in &run.metrics {
            let key = format!("bench.scale.{}.{metric}", run.threads);
            facts.derive(fact(
                &key,
                source.value.clone(),
                source.unit,
                source.provenance.clone(),
            ));
        }
    }
    let Some(best) = best_run(runs) else { return };
    headline(facts, "bench", best);
    let first = runs[0].metrics.values().next();
    let last = runs[runs.len() - 1].metrics.values().next();
    if let (Some(first), Some(last)) = (first, last) {
        facts.derive(fact(
            "bench.runs",
            Value::Number(runs.len() as f64),
            Unit::Count,
            span(&first.provenance, &last.provenance),
        ));
    }
    knee(facts, runs);
}

/// `bench.run.<workload>.<threads>.<metric>` facts, grouped and sorted by threads.
fn runs_by_workload(facts: &Facts) -> BTreeMap<String, Vec<Run>> {
    let mut grouped: BTreeMap<String, BTreeMap<u64, Run>> = BTreeMap::new();
    for f in facts.with_prefix("bench.run.") {
        let mut parts = f.key["bench.run.".len()..].splitn(3, '.');
        let (Some(workload), Some(threads), Some(metric)) =
            (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let Ok(threads) = threads.parse::<f64>() else {
            continue;
        };
        let run = grouped
            .entry(workload.to_string())
            .or_default()
            .entry(threads.to_bits())
            .or_insert_with(|| Run {
                threads,
                metrics: BTreeMap::new(),
            });
        run.metrics.insert(metric.to_string(), f.clone());
    }
    grouped
        .into_iter()
        .map(|(workload, runs)| {
            let mut runs: Vec<Run> = runs.into_values().collect();
            runs.sort_by(|a, b| a.threads.total_cmp(&b.threads));
            (workload, runs)
        })
        .collect()
}

/// The workload bundle.yaml names (`workload: sysbench oltp_read_write`), else the one
/// with the most runs (the first by name on a tie).
fn primary_workload<'a>(
    facts: &Facts,
    workloads: &'a BTreeMap<String, Vec<Run>>,
) -> Option<(&'a str, &'a [Run])> {
    let declared = facts.text("bench.workload").unwrap_or("");
    let named = workloads.iter().find(|(w, _)| {
        declared
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .any(|t| t == w.as_str())
    });
    let (workload, runs) =
        named.or_else(|| workloads.iter().rev().max_by_key(|(_, runs)| runs.len()))?;
    Some((workload, runs))
}

/// The metric that measures throughput for these runs: transactions, else queries, else
/// events.
fn throughput_metric(runs: &[Run]) -> Option<&'static str> {
    ["tps", "qps", "eps"]
        .into_iter()
        .find(|m| runs.iter().any(|r| r.metrics.contains_key(*m)))
}

/// The run with the highest throughput (the lowest thread count on a tie).
fn best_run(runs: &[Run]) -> Option<&Run> {
    let metric = throughput_metric(runs)?;
    runs.iter()
        .filter(|r| r.throughput(metric).is_some())
        .rev()
        .max_by(|a, b| {
            a.throughput(metric)
                .unwrap_or(0.0)
                .total_cmp(&b.throughput(metric).unwrap_or(0.0))
        })
}

/// `<prefix>.threads` and `<prefix>.{tps,qps,eps,p95_ms}` from one run.
fn headline(facts: &mut Facts, prefix: &str, run: &Run) {
    if let Some(origin) = run.metrics.values().next() {
        facts.derive(fact(
            &format!("{prefix}.threads"),
            Value::Number(run.threads),
            Unit::Threads,
            origin.provenance.clone(),
        ));
    }
    for metric in HEADLINE {
        if let Some(source) = run.metrics.get(metric) {
            facts.derive(fact(
                &format!("{prefix}.{metric}"),
                source.value.clone(),
                source.unit,
                source.provenance.clone(),
            ));
        }
    }
}

fn knee(facts: &mut Facts, runs: &[Run]) {
    let (Some(metric), true) = (throughput_metric(runs), runs.len() >= 2) else {
        return;
    };
    let points: Vec<&Run> = runs
        .iter()
        .filter(|r| r.throughput(metric).is_some())
        .collect();
    let Some(best_index) = points
        .iter()
        .enumerate()
        .rev()
        .max_by(|a, b| {
            a.1.throughput(metric)
                .unwrap_or(0.0)
                .total_cmp(&b.1.throughput(metric).unwrap_or(0.0))
        })
        .map(|(i, _)| i)
    else {
        return;
    };
    if points.len() < 2 {
        return;
    }
    let best = points[best_index];
    let peak = best.throughput(metric).unwrap_or(0.0);
    let origin = best.metrics[metric].provenance.clone();
    facts.derive(fact(
        "bench.knee.threads",
        Value::Number(best.threads),
        Unit::Threads,
        origin.clone(),
    ));
    facts.derive(fact(
        "bench.knee.tps",
        Value::Number(peak),
        Unit::PerSecond,
        origin.clone(),
    ));
    let Some(next) = points.get(best_index + 1) else {
        return;
    };
    let next_value = next.throughput(metric).unwrap_or(0.0);
    let next_origin = next.metrics[metric].provenance.clone();
    let both = span(&origin, &next_origin);
    let drop_pct = (peak - next_value) / peak * 100.0;
    facts.derive(fact(
        "bench.knee.next_threads",
        Value::Number(next.threads),
        Unit::Threads,
        next_origin,
    ));
    facts.derive(fact(
        "bench.knee.next_drop_pct",
        Value::Number(round2(drop_pct)),
        Unit::Percent,
        both.clone(),
    ));
    let p95 = |r: &Run| r.metrics.get("p95_ms").and_then(|f| f.value.as_number());
    if let (Some(at_knee), Some(above)) = (p95(best), p95(next))
        && at_knee > 0.0
    {
        let ratio = above / at_knee;
        facts.derive(fact(
            "bench.knee.next_p95_ratio",
            Value::Number(round2(ratio)),
            Unit::Ratio,
            both.clone(),
        ));
        facts.derive(fact(
            "bench.knee.degrades",
            Value::Flag(drop_pct > 0.0 && ratio > 1.0),
            Unit::None,
            both,
        ));
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
