//! The engagement's story in one picture: one bar per run for the throughput the
//! chain is judged by, labelled with its change from the run before, and the target
//! as a dashed line when the latest run declares one for the same figure. The figure
//! is the one most runs measured (the latest run's on a tie); runs that measured
//! another (a different workload) or none get no bar, so bars compare like with like.

use crate::engagement::ChainRun;
use crate::report::html::escape::esc;
use crate::report::html::svg::{Plot, Scale, fit, line, num, text, ticks_from_zero};
use crate::report::labels::{Label, Lang, metric_name};
use crate::report::numbers::{change_pct, grouped};
use std::fmt::Write;

const ROW: f64 = 30.0;
const LABEL_WIDTH: f64 = 260.0;

/// The chart, or `None` when no two runs measured the same throughput figure.
pub fn render(chain: &[ChainRun], lang: Lang) -> Option<String> {
    let key = most_measured(chain)?;
    let bars: Vec<(usize, &ChainRun, f64)> = chain
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let t = r.throughput.as_ref().filter(|t| t.key == key)?;
            Some((i + 1, r, t.value))
        })
        .collect();
    if bars.len() < 2 {
        return None;
    }
    let target = chain
        .last()
        .and_then(|r| r.target.as_ref())
        .filter(|t| measures(key, &t.metric))
        .map(|t| t.goal);
    let name = metric_name(key, lang);
    let plot = Plot {
        width: 960.0,
        height: 70.0 + ROW * bars.len() as f64,
        left: LABEL_WIDTH + 16.0,
        right: 170.0,
        top: 34.0,
        bottom: 30.0,
    };
    let max = bars.iter().map(|b| b.2).chain(target).fold(0.0, f64::max);
    let ticks = ticks_from_zero(max.max(1.0), 5);
    let x = Scale::linear(0.0, *ticks.last().unwrap_or(&max), plot.x0(), plot.x1());
    let title = format!("{}: {name}", Label::ThroughputChart.text(lang));
    let mut out = plot.open("throughput", &title);
    text(&mut out, plot.x0(), 20.0, "start", "legend", &title);
    for &tick in &ticks {
        let px = x.at(tick);
        line(&mut out, (px, plot.y1() - 4.0), (px, plot.y0()), "grid");
        text(
            &mut out,
            px,
            plot.y0() + 16.0,
            "middle",
            "tick",
            &grouped(tick),
        );
    }
    let mut previous: Option<f64> = None;
    for (row, (number, run, value)) in bars.iter().enumerate() {
        let top = plot.y1() + 6.0 + ROW * row as f64;
        let middle = top + ROW / 2.0;
        let change = previous
            .filter(|p| *p > 0.0)
            .map(|p| format!(" ({})", change_pct((value / p - 1.0) * 100.0)))
            .unwrap_or_default();
        previous = Some(*value);
        let label = format!("{number}. {}", run.label);
        let _ = write!(
            out,
            "<g><title>{}</title>",
            esc(&format!("{label}: {} {name}{change}", grouped(*value)))
        );
        text(
            &mut out,
            plot.x0() - 10.0,
            middle + 4.5,
            "end",
            "symbol",
            &fit(&label, LABEL_WIDTH - 20.0, 12.5),
        );
        let _ = write!(
            out,
            r#"<rect class="bar" x="{}" y="{}" width="{}" height="{}" rx="2"/>"#,
            num(x.at(0.0)),
            num(top + 4.0),
            num((x.at(*value) - x.at(0.0)).max(1.0)),
            num(ROW - 8.0)
        );
        text(
            &mut out,
            x.at(*value) + 6.0,
            middle + 4.0,
            "start",
            "value",
            &format!("{}{change}", grouped(*value)),
        );
        out.push_str("</g>");
    }
    if let Some(goal) = target {
        let px = x.at(goal);
        line(&mut out, (px, plot.y1() - 2.0), (px, plot.y0()), "knee");
        text(
            &mut out,
            px,
            plot.y1() - 6.0,
            "middle",
            "tick",
            &format!("{} {}", Label::TargetLine.text(lang), grouped(goal)),
        );
    }
    out.push_str("</svg>");
    Some(out)
}

/// The throughput key most runs share; the later run's key wins a tie.
fn most_measured(chain: &[ChainRun]) -> Option<&str> {
    let keys: Vec<&str> = chain
        .iter()
        .filter_map(|r| r.throughput.as_ref().map(|t| t.key.as_str()))
        .collect();
    let count = |key: &str| keys.iter().filter(|k| **k == key).count();
    // max_by_key keeps the last of equal maxima: the later run's key.
    keys.iter()
        .copied()
        .max_by_key(|key| count(key))
        .filter(|key| count(key) >= 2)
}

/// Whether a throughput key (`bench.tps`, `bench.wl.oltp_read_write.tps`) is the
/// figure a target names (`tps`).
fn measures(key: &str, metric: &str) -> bool {
    key.strip_prefix("bench.")
        .is_some_and(|rest| rest == metric || rest.ends_with(&format!(".{metric}")))
}
