//! The charts of one host in the HTML report, each a `<figure>` tagged with
//! `data-chart`: scaling curve, CPU and disk utilisation, hotspots, flame graphs and
//! the methodology path, drawn from the data the report document refers to.

use super::escape::esc;
use super::{flame_graph, hotspot_chart, methodology_chart, scaling_chart, utilisation_chart};
use crate::report::document::HostCharts;
use crate::report::i18n::labels::{Label, Lang};
use crate::report::numbers::grouped;
use std::fmt::Write;

/// Every chart the host's data allows, as `<figure>`s tagged with `data-chart`.
pub fn render(refs: &HostCharts, id: &str, lang: Lang) -> String {
    let c = refs.charts;
    let mut out = String::new();
    let figure = |out: &mut String,
                  kind: &str,
                  wide: bool,
                  caption: &str,
                  body: &str,
                  note: &str| {
        let _ = write!(
            out,
            r#"<figure class="{}" data-chart="{kind}"><figcaption>{}</figcaption>{body}{}</figure>"#,
            if wide { "wide" } else { "" },
            esc(caption),
            note
        );
    };
    if let Some(curve) = &c.scaling {
        let note = format!(r#"<p class="chart-note">{}</p>"#, esc(&curve.file));
        figure(
            &mut out,
            "scaling",
            true,
            Label::ScalingChart.text(lang),
            &scaling_chart::render(curve, lang),
            &note,
        );
    }
    if !c.cpu.is_empty() {
        let files = unique_files(c.cpu.iter().map(|s| s.file.as_str()));
        figure(
            &mut out,
            "cpu",
            c.disks.is_empty(),
            Label::CpuChart.text(lang),
            &utilisation_chart::render(&c.cpu, "cpu", Label::CpuChart.text(lang), lang),
            &format!(r#"<p class="chart-note">{}</p>"#, esc(&files)),
        );
    }
    if !c.disks.is_empty() {
        let mut note = unique_files(c.disks.iter().map(|s| s.file.as_str()));
        if c.disks_not_drawn > 0 {
            note.push_str(&format!(
                " · {} {}",
                c.disks_not_drawn,
                Label::DisksNotDrawn.text(lang)
            ));
        }
        figure(
            &mut out,
            "disk",
            c.cpu.is_empty(),
            Label::DiskChart.text(lang),
            &utilisation_chart::render(&c.disks, "disk", Label::DiskChart.text(lang), lang),
            &format!(r#"<p class="chart-note">{}</p>"#, esc(&note)),
        );
    }
    if !c.hotspots.is_empty() {
        let files = unique_files(c.hotspots.iter().map(|h| h.file.as_str()));
        figure(
            &mut out,
            "hotspots",
            true,
            Label::HotspotChart.text(lang),
            &hotspot_chart::render(&c.hotspots, lang),
            &format!(r#"<p class="chart-note">{}</p>"#, esc(&files)),
        );
    }
    for flame in &c.flames {
        if let Some(body) = flame_graph::render(flame, refs.host, lang) {
            figure(
                &mut out,
                "flame",
                true,
                &format!("{} · {}", Label::FlameGraph.text(lang), flame.file),
                &body,
                "",
            );
        }
    }
    if !c.flame_problems.is_empty() {
        let problems: Vec<String> = c.flame_problems.iter().map(|p| esc(p)).collect();
        let _ = write!(
            out,
            r#"<p class="chart-note wide">{}</p>"#,
            problems.join("<br>")
        );
    }
    if !refs.methodology.steps.is_empty() {
        let walked = refs.steps.len();
        let note = format!(
            r#"<p class="chart-note">{} {} / {}</p>"#,
            esc(Label::Walked.text(lang)),
            grouped(walked as f64),
            grouped(refs.methodology.steps.len() as f64)
        );
        figure(
            &mut out,
            "methodology",
            true,
            Label::MethodologyChart.text(lang),
            &methodology_chart::render(refs.methodology, refs.steps, id, lang),
            &note,
        );
    }
    out
}

fn unique_files<'a>(files: impl Iterator<Item = &'a str>) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for f in files {
        if !seen.contains(&f) {
            seen.push(f);
        }
    }
    seen.join(", ")
}
