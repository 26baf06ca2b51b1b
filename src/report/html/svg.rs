//! What the SVG charts share: the plot area, scales, "nice" axis ticks, tick labels
//! and a few elements. Colours are CSS classes (see `style.css`), so the charts follow
//! the page into dark mode and print.

use super::escape::esc;
use crate::report::numbers::grouped;
use std::fmt::Write;

/// A chart's canvas and the margins around its plot area, in SVG user units.
#[derive(Debug, Clone, Copy)]
pub struct Plot {
    pub width: f64,
    pub height: f64,
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
}

impl Plot {
    pub fn x0(&self) -> f64 {
        self.left
    }
    pub fn x1(&self) -> f64 {
        self.width - self.right
    }
    pub fn y0(&self) -> f64 {
        self.height - self.bottom
    }
    pub fn y1(&self) -> f64 {
        self.top
    }

    /// The opening `<svg>` tag, scaled to its container's width.
    pub fn open(&self, class: &str, label: &str) -> String {
        format!(
            r#"<svg class="chart {class}" viewBox="0 0 {} {}" role="img" aria-label="{}" xmlns="http://www.w3.org/2000/svg">"#,
            num(self.width),
            num(self.height),
            esc(label)
        )
    }
}

/// Maps a data range onto a pixel range, linearly or on a log2 scale.
#[derive(Debug, Clone, Copy)]
pub struct Scale {
    pub d0: f64,
    pub d1: f64,
    pub r0: f64,
    pub r1: f64,
    pub log2: bool,
}

impl Scale {
    pub fn linear(d0: f64, d1: f64, r0: f64, r1: f64) -> Scale {
        Scale {
            d0,
            d1,
            r0,
            r1,
            log2: false,
        }
    }

    pub fn at(&self, v: f64) -> f64 {
        let (v, d0, d1) = if self.log2 {
            (
                v.max(f64::MIN_POSITIVE).log2(),
                self.d0.log2(),
                self.d1.log2(),
            )
        } else {
            (v, self.d0, self.d1)
        };
        if d1 == d0 {
            return (self.r0 + self.r1) / 2.0;
        }
        self.r0 + (v - d0) / (d1 - d0) * (self.r1 - self.r0)
    }
}

/// Ticks from 0 to at least `max`, about `count` of them, on 1-2-5 steps.
pub fn ticks_from_zero(max: f64, count: usize) -> Vec<f64> {
    if max.is_nan() || max <= 0.0 || max.is_infinite() {
        return vec![0.0, 1.0];
    }
    let raw = max / count.max(1) as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * magnitude);
    let mut ticks = vec![0.0];
    while *ticks.last().unwrap_or(&0.0) < max - step * 1e-9 {
        let next = ticks.len() as f64 * step;
        ticks.push(next);
    }
    ticks
}

/// A tick label: `1.2M`, `350k`, `3,200`, `0.5`.
pub fn tick_label(v: f64) -> String {
    let abs = v.abs();
    if abs >= 1e6 {
        format!("{}M", trim(v / 1e6))
    } else if abs >= 1e5 {
        format!("{}k", trim(v / 1e3))
    } else {
        grouped((v * 100.0).round() / 100.0)
    }
}

fn trim(v: f64) -> String {
    let text = format!("{v:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A coordinate with at most one decimal: keeps the SVG small and the output stable.
pub fn num(v: f64) -> String {
    let rounded = (v * 10.0).round() / 10.0;
    if rounded == rounded.trunc() {
        format!("{rounded:.0}")
    } else {
        format!("{rounded:.1}")
    }
}

pub fn text(out: &mut String, x: f64, y: f64, anchor: &str, class: &str, content: &str) {
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" text-anchor="{anchor}" class="{class}">{}</text>"#,
        num(x),
        num(y),
        esc(content)
    );
}

pub fn line(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), class: &str) {
    let _ = write!(
        out,
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}" class="{class}"/>"#,
        num(x1),
        num(y1),
        num(x2),
        num(y2)
    );
}

/// `points` as an SVG path (`M x,y L x,y …`).
pub fn path_through(points: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(
            d,
            "{}{},{}",
            if i == 0 { "M" } else { " L" },
            num(*x),
            num(*y)
        );
    }
    d
}

/// Horizontal grid lines and labels of a left (or right) value axis.
pub fn value_axis(out: &mut String, plot: &Plot, scale: &Scale, ticks: &[f64], right: bool) {
    for &tick in ticks {
        let y = scale.at(tick);
        if !right {
            line(out, (plot.x0(), y), (plot.x1(), y), "grid");
        }
        let (x, anchor) = if right {
            (plot.x1() + 8.0, "start")
        } else {
            (plot.x0() - 8.0, "end")
        };
        text(out, x, y + 4.0, anchor, "tick", &tick_label(tick));
    }
}

/// A legend entry: a short line (dashed with `dashed`) or a dot, then the label.
pub fn legend_entry(out: &mut String, x: f64, y: f64, class: &str, label: &str) -> f64 {
    line(out, (x, y - 4.0), (x + 22.0, y - 4.0), class);
    text(out, x + 28.0, y, "start", "legend", label);
    x + 28.0 + estimate_width(label, 12.0) + 22.0
}

/// Rough width of `s` at `font_size` (Latin ≈ 0.56 em, CJK ≈ 1 em), to lay out text
/// without a font engine.
pub fn estimate_width(s: &str, font_size: f64) -> f64 {
    s.chars()
        .map(|c| if c.is_ascii() { 0.56 } else { 1.0 })
        .sum::<f64>()
        * font_size
}

/// `s` cut to fit `width` at `font_size`, with `…` when cut.
pub fn fit(s: &str, width: f64, font_size: f64) -> String {
    if estimate_width(s, font_size) <= width {
        return s.to_string();
    }
    let mut out = String::new();
    let budget = width - font_size;
    for c in s.chars() {
        if estimate_width(&out, font_size) + estimate_width(&c.to_string(), font_size) > budget {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_maximum() {
        assert_eq!(
            ticks_from_zero(3171.0, 5),
            [0.0, 1000.0, 2000.0, 3000.0, 4000.0]
        );
        assert_eq!(
            ticks_from_zero(100.0, 5),
            [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
        );
        assert_eq!(ticks_from_zero(0.0, 5), [0.0, 1.0]);
        assert_eq!(tick_label(1_500_000.0), "1.5M");
        assert_eq!(tick_label(250_000.0), "250k");
        assert_eq!(tick_label(3000.0), "3,000");
    }

    #[test]
    fn log_scale_spaces_doublings_evenly() {
        let s = Scale {
            log2: true,
            ..Scale::linear(16.0, 512.0, 0.0, 500.0)
        };
        assert_eq!(s.at(16.0), 0.0);
        assert_eq!(s.at(512.0), 500.0);
        assert!((s.at(32.0) - 100.0).abs() < 1e-9);
    }

    #[test]
    fn long_text_is_cut_to_fit() {
        assert_eq!(fit("short", 100.0, 10.0), "short");
        let cut = fit("a_very_long_function_name_indeed", 100.0, 10.0);
        assert!(cut.ends_with('…') && estimate_width(&cut, 10.0) <= 100.0);
    }
}
