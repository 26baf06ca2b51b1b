//! The chain of runs as bars: one host's benchmark figure per run, each labelled with
//! its value and its change from the run before, so the effect of every tuning step
//! reads at a glance.

use crate::compare::{Snapshot, SnapshotHost};
use crate::diagnosis::key_metrics::workload_metric;
use crate::report::html::escape::esc;
use crate::report::html::svg::{Plot, Scale, fit, num, text, ticks_from_zero, value_axis};
use crate::report::i18n::labels::{self, Lang};
use crate::report::numbers::{change_pct, grouped};
use std::fmt::Write;

/// The host's entry in each run: the only host, or the one of that name.
fn runs<'a>(snapshots: &'a [Snapshot], host: &str) -> Vec<Option<&'a SnapshotHost>> {
    snapshots
        .iter()
        .map(|s| match s.hosts.as_slice() {
            [only] => Some(only),
            hosts => hosts.iter().find(|h| h.host == host),
        })
        .collect()
}

/// The figures worth a chart for `host` (a name in the last run): per workload, the
/// first benchmark figure in report order that at least two runs have.
pub fn keys(snapshots: &[Snapshot], host: &str) -> Vec<String> {
    let runs = runs(snapshots, host);
    let measured_twice = |key: &str| {
        runs.iter()
            .filter(|h| h.is_some_and(|h| h.key_metrics.iter().any(|m| m.key == key)))
            .count()
            >= 2
    };
    let mut keys: Vec<String> = Vec::new();
    let mut workloads: Vec<Option<&str>> = Vec::new();
    for m in runs.iter().flatten().flat_map(|h| &h.key_metrics) {
        let benchmark = m.throughput || m.key == "bench.runtime_min";
        let workload = workload_metric(&m.key).map(|(w, _)| w);
        if benchmark && !workloads.contains(&workload) && measured_twice(&m.key) {
            workloads.push(workload);
            keys.push(m.key.clone());
        }
    }
    keys
}

/// The bars of `key` for `host`.
pub fn render(snapshots: &[Snapshot], host: &str, key: &str, lang: Lang) -> String {
    let runs = runs(snapshots, host);
    let values: Vec<Option<f64>> = runs
        .iter()
        .map(|h| {
            h.and_then(|h| h.key_metrics.iter().find(|m| m.key == key))
                .map(|m| m.value)
        })
        .collect();
    let plot = Plot {
        width: 960.0,
        height: 320.0,
        left: 70.0,
        right: 20.0,
        top: 40.0,
        bottom: 56.0,
    };
    let max = values.iter().flatten().copied().fold(0.0, f64::max);
    let ticks = ticks_from_zero(max * 1.12, 5);
    let y = Scale::linear(0.0, *ticks.last().unwrap_or(&1.0), plot.y0(), plot.y1());
    let slot = (plot.x1() - plot.x0()) / values.len() as f64;
    let bar = (slot * 0.56).min(120.0);
    let name = labels::metric_name(key, lang);
    let mut out = plot.open("chain", &name);
    value_axis(&mut out, &plot, &y, &ticks, false);
    text(&mut out, plot.x0(), 20.0, "start", "legend", &name);
    let mut previous: Option<f64> = None;
    for (i, (snapshot, v)) in snapshots.iter().zip(&values).enumerate() {
        let centre = plot.x0() + slot * (i as f64 + 0.5);
        text(
            &mut out,
            centre,
            plot.y0() + 20.0,
            "middle",
            "tick",
            &fit(&snapshot.label, slot - 8.0, 11.5),
        );
        let Some(v) = *v else { continue };
        let top = y.at(v);
        let _ = write!(
            out,
            r#"<rect class="bar" x="{}" y="{}" width="{}" height="{}" rx="3"><title>{}: {} {}</title></rect>"#,
            num(centre - bar / 2.0),
            num(top),
            num(bar),
            num(plot.y0() - top),
            esc(&snapshot.label),
            grouped(v),
            esc(&name)
        );
        let figure = if v.abs() >= 1000.0 { v.trunc() } else { v };
        text(
            &mut out,
            centre,
            top - 8.0,
            "middle",
            "value",
            &grouped(figure),
        );
        if let Some(p) = previous
            && p != 0.0
        {
            let pct = (v - p) / p * 100.0;
            let improved = if key == "bench.runtime_min" {
                pct < 0.0
            } else {
                pct > 0.0
            };
            text(
                &mut out,
                centre,
                plot.y0() + 38.0,
                "middle",
                if improved { "delta-good" } else { "delta-bad" },
                &change_pct(pct),
            );
        }
        previous = Some(v);
    }
    out.push_str("</svg>");
    out
}
