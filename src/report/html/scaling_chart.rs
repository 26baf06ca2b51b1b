//! The benchmark's scaling curve: threads on the x axis (log2 when the counts double,
//! as sysbench runs usually do), throughput on the left axis, p95 latency dashed on the
//! right one, and the knee marked where throughput peaks.

use super::svg::{
    Plot, Scale, legend_entry, line, num, path_through, text, ticks_from_zero, value_axis,
};
use crate::diagnosis::charts::ScalingCurve;
use crate::report::i18n::labels::{Label, Lang};
use crate::report::numbers::grouped;
use std::fmt::Write;

pub fn render(curve: &ScalingCurve, lang: Lang) -> String {
    let metric = curve.metric.to_uppercase();
    let plot = Plot {
        width: 960.0,
        height: 380.0,
        left: 78.0,
        right: 78.0,
        top: 48.0,
        bottom: 52.0,
    };
    let threads: Vec<f64> = curve.points.iter().map(|p| p.threads).collect();
    let (t_min, t_max) = (
        threads.iter().copied().fold(f64::INFINITY, f64::min),
        threads.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    );
    let pad = if curve.points.len() > 1 { 28.0 } else { 0.0 };
    let x = Scale {
        log2: t_min > 0.0 && t_max / t_min >= 4.0,
        ..Scale::linear(t_min, t_max, plot.x0() + pad, plot.x1() - pad)
    };
    let best = curve
        .points
        .iter()
        .map(|p| p.throughput)
        .fold(0.0, f64::max);
    let y_ticks = ticks_from_zero(best * 1.1, 5);
    let y = Scale::linear(0.0, *y_ticks.last().unwrap_or(&1.0), plot.y0(), plot.y1());
    let p95: Vec<(f64, f64)> = curve
        .points
        .iter()
        .filter_map(|p| Some((p.threads, p.p95_ms?)))
        .collect();
    let p95_ticks = ticks_from_zero(p95.iter().map(|p| p.1).fold(0.0, f64::max) * 1.1, 5);
    let y_p95 = Scale::linear(0.0, *p95_ticks.last().unwrap_or(&1.0), plot.y0(), plot.y1());

    let mut out = plot.open("scaling", Label::ScalingChart.text(lang));
    value_axis(&mut out, &plot, &y, &y_ticks, false);
    if !p95.is_empty() {
        value_axis(&mut out, &plot, &y_p95, &p95_ticks, true);
    }
    line(
        &mut out,
        (plot.x0(), plot.y0()),
        (plot.x1(), plot.y0()),
        "axis",
    );
    for &t in &threads {
        text(
            &mut out,
            x.at(t),
            plot.y0() + 18.0,
            "middle",
            "tick",
            &grouped(t),
        );
    }
    text(
        &mut out,
        (plot.x0() + plot.x1()) / 2.0,
        plot.height - 10.0,
        "middle",
        "axis-title",
        Label::Threads.text(lang),
    );
    axis_title(&mut out, 18.0, (plot.y0() + plot.y1()) / 2.0, &metric);
    if !p95.is_empty() {
        axis_title(
            &mut out,
            plot.width - 14.0,
            (plot.y0() + plot.y1()) / 2.0,
            Label::P95Latency.text(lang),
        );
    }

    if let Some(knee) = curve.knee_threads {
        let kx = x.at(knee);
        line(&mut out, (kx, plot.y1() - 6.0), (kx, plot.y0()), "knee");
        let peak = curve
            .points
            .iter()
            .find(|p| p.threads == knee)
            .map_or(String::new(), |p| {
                format!(" · {} {metric}", grouped(p.throughput.round()))
            });
        // The label goes on the side of the line with more room.
        let anchor = if kx > (plot.x0() + plot.x1()) / 2.0 {
            "end"
        } else {
            "start"
        };
        let dx = if anchor == "end" { -6.0 } else { 6.0 };
        text(
            &mut out,
            kx + dx,
            plot.y1() + 4.0,
            anchor,
            "knee-label",
            &format!(
                "{} {} {}{peak}",
                // A peak at the highest concurrency tested is the best so far, not a knee.
                if knee < t_max {
                    Label::Knee.text(lang)
                } else {
                    Label::BestSoFar.text(lang)
                },
                grouped(knee),
                Label::Threads.text(lang)
            ),
        );
    }

    let points: Vec<(f64, f64)> = curve
        .points
        .iter()
        .map(|p| (x.at(p.threads), y.at(p.throughput)))
        .collect();
    if let (Some(first), Some(last)) = (points.first(), points.last()) {
        let _ = write!(
            out,
            r#"<path class="area s1" d="{} L{},{} L{},{} Z"/>"#,
            path_through(&points),
            num(last.0),
            num(plot.y0()),
            num(first.0),
            num(plot.y0())
        );
        let _ = write!(
            out,
            r#"<path class="series s1" d="{}"/>"#,
            path_through(&points)
        );
    }
    if p95.len() > 1 {
        let p95_points: Vec<(f64, f64)> = p95
            .iter()
            .map(|(t, ms)| (x.at(*t), y_p95.at(*ms)))
            .collect();
        let _ = write!(
            out,
            r#"<path class="series s2 dashed" d="{}"/>"#,
            path_through(&p95_points)
        );
    }
    for (p, (px, py)) in curve.points.iter().zip(&points) {
        let knee = curve.knee_threads == Some(p.threads);
        let tip = match p.p95_ms {
            Some(ms) => format!(
                "{} {}: {} {metric}, p95 {} ms",
                grouped(p.threads),
                Label::Threads.text(lang),
                grouped(p.throughput),
                grouped(ms)
            ),
            None => format!(
                "{} {}: {} {metric}",
                grouped(p.threads),
                Label::Threads.text(lang),
                grouped(p.throughput)
            ),
        };
        let _ = write!(
            out,
            r#"<circle class="dot s1{}" cx="{}" cy="{}" r="{}"><title>{}</title></circle>"#,
            if knee { " knee-dot" } else { "" },
            num(*px),
            num(*py),
            if knee { 6 } else { 4 },
            super::escape::esc(&tip)
        );
        // Above the point, unless the p95 marker sits there.
        let above = py - 12.0;
        let crowded = p
            .p95_ms
            .is_some_and(|ms| (y_p95.at(ms) - (above - 4.0)).abs() < 14.0);
        text(
            &mut out,
            *px,
            if crowded { py + 22.0 } else { above },
            "middle",
            "value",
            &grouped(p.throughput.round()),
        );
        if let Some(ms) = p.p95_ms {
            let _ = write!(
                out,
                r#"<rect class="mark s2" x="{}" y="{}" width="7" height="7"/>"#,
                num(px - 3.5),
                num(y_p95.at(ms) - 3.5)
            );
        }
    }
    let mut lx = plot.x0();
    lx = legend_entry(&mut out, lx, 20.0, "series s1", &metric);
    if !p95.is_empty() {
        legend_entry(
            &mut out,
            lx,
            20.0,
            "series s2 dashed",
            Label::P95Latency.text(lang),
        );
    }
    out.push_str("</svg>");
    out
}

/// A rotated axis title.
fn axis_title(out: &mut String, x: f64, y: f64, title: &str) {
    let _ = write!(
        out,
        r#"<text class="axis-title" text-anchor="middle" transform="translate({},{}) rotate(-90)">{}</text>"#,
        num(x),
        num(y),
        super::escape::esc(title)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnosis::charts::ScalingPoint;

    #[test]
    fn marks_the_knee_and_draws_both_axes() {
        let curve = ScalingCurve {
            metric: "tps".into(),
            points: [
                (16.0, 1172.0, 17.0),
                (256.0, 3171.0, 101.0),
                (512.0, 2884.0, 200.0),
            ]
            .into_iter()
            .map(|(threads, throughput, p95)| ScalingPoint {
                threads,
                throughput,
                p95_ms: Some(p95),
            })
            .collect(),
            knee_threads: Some(256.0),
            file: "sysbench.txt".into(),
        };
        let svg = render(&curve, Lang::En);
        assert!(svg.contains("knee 256 threads · 3,171 TPS"), "{svg}");
        assert!(svg.contains("knee-dot"));
        assert!(svg.contains("series s2 dashed"));
        assert_eq!(svg.matches("<circle").count(), 3);
    }
}
