//! The benchmark's scaling curve: the best run becomes the headline (`bench.tps`,
//! `bench.threads` …), and with two or more runs the knee is located: the thread
//! count with the highest throughput, and what happens at the next one above it
//! (throughput drop, p95 growth, and whether both degrade together).

use super::{Fact, Facts, Unit, Value, fact, span};

struct Point {
    threads: f64,
    throughput: Fact,
    p95: Option<Fact>,
}

impl Point {
    fn value(&self) -> f64 {
        self.throughput.value.as_number().unwrap_or(0.0)
    }
}

pub fn derive(facts: &mut Facts) {
    let mut thread_counts: Vec<f64> = facts
        .with_prefix("bench.scale.")
        .filter_map(|f| f.key.split('.').nth(2)?.parse::<f64>().ok())
        .collect();
    thread_counts.sort_by(f64::total_cmp);
    thread_counts.dedup();
    let metric = ["tps", "qps", "eps"].into_iter().find(|m| {
        thread_counts
            .iter()
            .any(|t| facts.contains(&scale_key(*t, m)))
    });
    let Some(metric) = metric else { return };
    let points: Vec<Point> = thread_counts
        .iter()
        .filter_map(|&threads| {
            Some(Point {
                threads,
                throughput: facts.get(&scale_key(threads, metric))?.clone(),
                p95: facts.get(&scale_key(threads, "p95_ms")).cloned(),
            })
        })
        .collect();
    let Some(best) = points
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.value().total_cmp(&b.1.value()).then(b.0.cmp(&a.0)))
    else {
        return;
    };
    let (best_index, best) = best;
    let origin = best.throughput.provenance.clone();
    facts.derive(fact(
        "bench.runs",
        Value::Number(points.len() as f64),
        Unit::Count,
        span(
            &points[0].throughput.provenance,
            &points[points.len() - 1].throughput.provenance,
        ),
    ));
    facts.derive(fact(
        "bench.threads",
        Value::Number(best.threads),
        Unit::Threads,
        origin.clone(),
    ));
    for suffix in ["tps", "qps", "eps", "p95_ms"] {
        if let Some(source) = facts.get(&scale_key(best.threads, suffix)).cloned() {
            facts.derive(fact(
                &format!("bench.{suffix}"),
                source.value,
                source.unit,
                source.provenance,
            ));
        }
    }
    if points.len() < 2 {
        return;
    }
    facts.derive(fact(
        "bench.knee.threads",
        Value::Number(best.threads),
        Unit::Threads,
        origin.clone(),
    ));
    facts.derive(fact(
        "bench.knee.tps",
        Value::Number(best.value()),
        Unit::PerSecond,
        origin.clone(),
    ));
    let Some(next) = points.get(best_index + 1) else {
        return;
    };
    let both = span(&origin, &next.throughput.provenance);
    let drop_pct = (best.value() - next.value()) / best.value() * 100.0;
    facts.derive(fact(
        "bench.knee.next_threads",
        Value::Number(next.threads),
        Unit::Threads,
        next.throughput.provenance.clone(),
    ));
    facts.derive(fact(
        "bench.knee.next_drop_pct",
        Value::Number(round2(drop_pct)),
        Unit::Percent,
        both.clone(),
    ));
    let ratio = match (&best.p95, &next.p95) {
        (Some(a), Some(b)) => match (a.value.as_number(), b.value.as_number()) {
            (Some(a), Some(b)) if a > 0.0 => Some(b / a),
            _ => None,
        },
        _ => None,
    };
    if let Some(ratio) = ratio {
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

fn scale_key(threads: f64, suffix: &str) -> String {
    format!("bench.scale.{threads}.{suffix}")
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
