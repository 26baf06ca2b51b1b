//! CPU hotspots as horizontal bars: each function's self share of the samples, with
//! its share including callees as a lighter bar behind when the profile had call
//! chains. Kernel functions get their own colour; the shared object follows the name.

use super::escape::esc;
use super::svg::{Plot, Scale, fit, line, num, text, ticks_from_zero};
use crate::diagnosis::charts::Hotspot;
use crate::report::i18n::labels::{Label, Lang};
use crate::report::numbers::grouped;
use std::fmt::Write;

const ROW: f64 = 26.0;
const LABEL_WIDTH: f64 = 330.0;

pub fn render(hotspots: &[Hotspot], lang: Lang) -> String {
    let plot = Plot {
        width: 960.0,
        height: 64.0 + ROW * hotspots.len() as f64,
        left: LABEL_WIDTH + 16.0,
        right: 70.0,
        top: 34.0,
        bottom: 30.0,
    };
    let max = hotspots
        .iter()
        .map(|h| h.total_pct.unwrap_or(h.self_pct).max(h.self_pct))
        .fold(0.0, f64::max);
    let ticks = ticks_from_zero(max.max(1.0), 5);
    let x = Scale::linear(0.0, *ticks.last().unwrap_or(&100.0), plot.x0(), plot.x1());
    let mut out = plot.open("hotspots", Label::HotspotChart.text(lang));
    for &tick in &ticks {
        let px = x.at(tick);
        line(&mut out, (px, plot.y1() - 4.0), (px, plot.y0()), "grid");
        text(
            &mut out,
            px,
            plot.y0() + 16.0,
            "middle",
            "tick",
            &format!("{} %", grouped(tick)),
        );
    }
    let with_callees = hotspots.iter().any(|h| h.total_pct.is_some());
    let mut lx = plot.x0();
    lx = legend(&mut out, lx, "bar", Label::SelfShare.text(lang));
    if with_callees {
        lx = legend(&mut out, lx, "bar total", Label::TotalShare.text(lang));
    }
    if hotspots.iter().any(|h| h.kernel == Some(true)) {
        legend(&mut out, lx, "bar kernel", Label::Kernel.text(lang));
    }
    for (i, h) in hotspots.iter().enumerate() {
        let top = plot.y1() + 6.0 + ROW * i as f64;
        let middle = top + ROW / 2.0;
        let dso = h
            .dso
            .as_deref()
            .map(|d| format!("  {d}"))
            .unwrap_or_default();
        let name = fit(
            &h.symbol,
            LABEL_WIDTH - 40.0 - (dso.len() as f64 * 6.2).min(130.0),
            12.5,
        );
        let dso = fit(&dso, 130.0, 11.0);
        let tip = format!(
            "#{} {}{}: {} {} %{}",
            h.rank,
            h.symbol,
            h.dso
                .as_deref()
                .map(|d| format!(" ({d})"))
                .unwrap_or_default(),
            Label::SelfShare.text(lang),
            grouped(h.self_pct),
            h.total_pct
                .map(|t| format!(", {} {} %", Label::TotalShare.text(lang), grouped(t)))
                .unwrap_or_default()
        );
        let _ = write!(out, "<g><title>{}</title>", esc(&tip));
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end" class="symbol">{}<tspan class="dso">{}</tspan></text>"#,
            num(plot.x0() - 10.0),
            num(middle + 4.5),
            esc(&name),
            esc(&dso)
        );
        if let Some(total) = h.total_pct {
            bar(
                &mut out,
                x.at(0.0),
                top + 4.0,
                x.at(total) - x.at(0.0),
                "bar total",
            );
        }
        let class = if h.kernel == Some(true) {
            "bar kernel"
        } else {
            "bar"
        };
        bar(
            &mut out,
            x.at(0.0),
            top + 4.0,
            x.at(h.self_pct) - x.at(0.0),
            class,
        );
        let end = x.at(h.total_pct.unwrap_or(0.0).max(h.self_pct));
        text(
            &mut out,
            end + 6.0,
            middle + 4.0,
            "start",
            "value",
            &format!("{} %", grouped(h.self_pct)),
        );
        out.push_str("</g>");
    }
    out.push_str("</svg>");
    out
}

fn bar(out: &mut String, x: f64, y: f64, width: f64, class: &str) {
    let _ = write!(
        out,
        r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}" rx="2"/>"#,
        num(x),
        num(y),
        num(width.max(1.0)),
        num(ROW - 8.0)
    );
}

fn legend(out: &mut String, x: f64, class: &str, label: &str) -> f64 {
    let _ = write!(
        out,
        r#"<rect class="{class}" x="{}" y="10" width="14" height="12" rx="2"/>"#,
        num(x)
    );
    text(out, x + 20.0, 20.0, "start", "legend", label);
    x + 20.0 + super::svg::estimate_width(label, 12.0) + 24.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bar_per_function_and_names_escaped() {
        let hotspots = vec![
            Hotspot {
                rank: 1,
                symbol: "os_interlock_inc".into(),
                dso: Some("dmserver".into()),
                self_pct: 21.5,
                total_pct: Some(30.0),
                kernel: Some(false),
                file: "perf.txt".into(),
            },
            Hotspot {
                rank: 2,
                symbol: "<script>alert(1)</script>".into(),
                dso: None,
                self_pct: 3.0,
                total_pct: None,
                kernel: Some(true),
                file: "perf.txt".into(),
            },
        ];
        let svg = render(&hotspots, Lang::En);
        assert!(!svg.contains("<script"));
        assert!(svg.contains("&lt;script&gt;"));
        assert_eq!(
            svg.matches(r#"class="bar kernel""#).count(),
            2,
            "bar and legend"
        );
        assert!(svg.contains(">21.5 %<"));
    }
}
