//! Utilisation over time, 0–100 %: CPU busy, I/O wait and steal, or each disk's %util,
//! one line per series from its per-interval points. The x axis is time since the
//! capture started when the interval is known, else the sample number.

use super::escape::esc;
use super::svg::{Plot, Scale, legend_entry, line, num, path_through, text, ticks_from_zero};
use crate::diagnosis::charts::TimeSeries;
use crate::report::i18n::labels::{Label, Lang};
use crate::report::numbers::grouped;
use std::fmt::Write;

/// `class` names the chart (`cpu` or `disk`); `label` is its accessible name.
pub fn render(series: &[TimeSeries], class: &str, label: &str, lang: Lang) -> String {
    let legends: Vec<String> = series
        .iter()
        .map(|s| {
            format!(
                "{} ({} {} %)",
                series_name(&s.label, lang),
                Label::Average.text(lang),
                grouped((s.series.avg * 10.0).round() / 10.0)
            )
        })
        .collect();
    let width = 480.0;
    let rows = legend_rows(&legends, width - 60.0);
    let plot = Plot {
        width,
        height: 264.0 + 18.0 * rows.iter().max().map_or(0.0, |r| *r as f64),
        left: 52.0,
        right: 18.0,
        top: 44.0 + 18.0 * rows.iter().max().map_or(0.0, |r| *r as f64),
        bottom: 46.0,
    };
    // One time basis for the chart: seconds only when every series has them.
    let times: Vec<Vec<f64>> = match series
        .iter()
        .map(TimeSeries::seconds)
        .collect::<Option<Vec<_>>>()
    {
        Some(seconds) => seconds,
        None => series
            .iter()
            .map(|s| {
                (1..=s.series.points.len())
                    .map(|i| (i as u64 * s.series.stride) as f64)
                    .collect()
            })
            .collect(),
    };
    let in_seconds = series.iter().all(|s| s.seconds().is_some());
    let t_max = times
        .iter()
        .flat_map(|t| t.last())
        .copied()
        .fold(0.0, f64::max);
    let minutes = in_seconds && t_max >= 3600.0;
    let unit = if minutes { 60.0 } else { 1.0 };
    let x_ticks = ticks_from_zero(t_max / unit, 6);
    let x = Scale::linear(0.0, *x_ticks.last().unwrap_or(&1.0), plot.x0(), plot.x1());
    let y_max = series.iter().map(|s| s.series.max).fold(100.0, f64::max);
    let y_ticks = ticks_from_zero(y_max, 5);
    let y = Scale::linear(0.0, *y_ticks.last().unwrap_or(&100.0), plot.y0(), plot.y1());

    let mut out = plot.open(class, label);
    for &tick in &y_ticks {
        let py = y.at(tick);
        line(&mut out, (plot.x0(), py), (plot.x1(), py), "grid");
        text(
            &mut out,
            plot.x0() - 8.0,
            py + 4.0,
            "end",
            "tick",
            &format!("{} %", grouped(tick)),
        );
    }
    line(
        &mut out,
        (plot.x0(), plot.y0()),
        (plot.x1(), plot.y0()),
        "axis",
    );
    for &tick in &x_ticks {
        text(
            &mut out,
            x.at(tick),
            plot.y0() + 18.0,
            "middle",
            "tick",
            &grouped(tick),
        );
    }
    let x_title = match (in_seconds, minutes) {
        (true, true) => Label::TimeMinutes.text(lang),
        (true, false) => Label::TimeSeconds.text(lang),
        (false, _) => Label::SampleNumber.text(lang),
    };
    text(
        &mut out,
        (plot.x0() + plot.x1()) / 2.0,
        plot.height - 8.0,
        "middle",
        "axis-title",
        x_title,
    );

    let mut lx = plot.x0();
    let mut row = 0;
    for (i, (s, t)) in series.iter().zip(&times).enumerate() {
        let class = format!("s{}", i % 5 + 1);
        let points: Vec<(f64, f64)> = t
            .iter()
            .zip(&s.series.points)
            .map(|(t, v)| (x.at(t / unit), y.at(*v)))
            .collect();
        let tip = format!(
            "{}: {} {} %, p95 {} %, max {} % ({})",
            series_name(&s.label, lang),
            Label::Average.text(lang),
            grouped((s.series.avg * 10.0).round() / 10.0),
            grouped(s.series.p95),
            grouped(s.series.max),
            s.file
        );
        let _ = write!(
            out,
            r#"<g class="{class}"><title>{}</title><path class="series {class}" d="{}"/>"#,
            esc(&tip),
            path_through(&points)
        );
        if points.len() <= 24 {
            for (px, py) in &points {
                let _ = write!(
                    out,
                    r#"<circle class="dot {class}" cx="{}" cy="{}" r="3"/>"#,
                    num(*px),
                    num(*py)
                );
            }
        }
        out.push_str("</g>");
        if rows[i] != row {
            row = rows[i];
            lx = plot.x0();
        }
        lx = legend_entry(
            &mut out,
            lx,
            20.0 + 18.0 * row as f64,
            &format!("series {class}"),
            &legends[i],
        );
    }
    out.push_str("</svg>");
    out
}

/// The CPU components in the report's language; device names stay as they are.
fn series_name(label: &str, lang: Lang) -> &str {
    match label {
        "busy" => Label::Busy.text(lang),
        "iowait" => Label::IoWait.text(lang),
        "steal" => Label::Steal.text(lang),
        device => device,
    }
}

/// The legend row of each entry, filling rows of `width` from the left.
fn legend_rows(entries: &[String], width: f64) -> Vec<usize> {
    let mut rows = Vec::with_capacity(entries.len());
    let (mut row, mut x) = (0, 0.0);
    for entry in entries {
        let w = 50.0 + super::svg::estimate_width(entry, 12.0);
        if x > 0.0 && x + w > width {
            row += 1;
            x = 0.0;
        }
        rows.push(row);
        x += w;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::{SeriesBuilder, Unit};

    fn series(label: &str, values: &[f64], interval: Option<f64>) -> TimeSeries {
        TimeSeries {
            key: format!("disk.{label}.util_pct"),
            label: label.into(),
            unit: Unit::Percent,
            series: SeriesBuilder::from_values(values).finish(interval),
            file: "iostat.txt".into(),
        }
    }

    #[test]
    fn one_line_per_series_on_a_time_axis() {
        let svg = render(
            &[
                series("busy", &[10.0, 35.0, 30.0], Some(300.0)),
                series("iowait", &[2.0, 3.0, 3.5], Some(300.0)),
            ],
            "cpu",
            "CPU",
            Lang::En,
        );
        assert_eq!(svg.matches(r#"<path class="series"#).count(), 2);
        assert!(svg.contains("time (s)"));
        assert!(svg.contains("busy (avg 25 %)"), "{svg}");
    }

    #[test]
    fn legends_wrap_onto_new_rows() {
        let entries: Vec<String> = ["busy (avg 25.5 %)", "iowait (avg 3.2 %)", "steal (avg 1 %)"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(legend_rows(&entries, 1000.0), [0, 0, 0]);
        assert_eq!(legend_rows(&entries, 360.0), [0, 0, 1]);
    }

    #[test]
    fn without_an_interval_the_axis_counts_samples() {
        let svg = render(
            &[series("vdb", &[99.0, 99.5], None)],
            "disk",
            "Disk",
            Lang::En,
        );
        assert!(svg.contains(">sample<"), "{svg}");
    }
}
