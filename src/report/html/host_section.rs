//! One host of the HTML report: verdict, key metrics, charts, the steps walked,
//! findings, steps not taken, what to capture next and how each capture was read.

use super::escape::{esc, slug};
use super::{
    finding_card, flame_graph, hotspot_chart, methodology_chart, scaling_chart, utilisation_chart,
};
use crate::diagnosis::{Diagnosis, HostDiagnosis, TargetStatus};
use crate::report::labels::{self, Label, Lang};
use crate::report::localize;
use crate::report::next_actions;
use crate::report::numbers::{grouped, with_unit};
use std::fmt::Write;

/// The anchor of the host's section (`host-1` …), unique and independent of its name.
pub fn anchor(index: usize) -> String {
    format!("host-{}", index + 1)
}

/// The host's section; `id` is its anchor (see [`anchor`]), unique in the page.
pub fn render(d: &Diagnosis, id: &str, host: &HostDiagnosis, lang: Lang) -> String {
    let l = |label: Label| esc(label.text(lang));
    let verdict = &host.bottleneck;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<section class="host res-{}" id="{id}"><h2>{} {}"#,
        verdict.resource,
        l(Label::Host),
        esc(&host.host)
    );
    for tag in host.role.iter().chain(&host.platform) {
        let _ = write!(out, r#"<span class="tag">{}</span>"#, esc(tag));
    }
    out.push_str("</h2>");
    let _ = write!(
        out,
        r#"<div class="verdict"><div class="label">{}</div><div class="headline">{}</div><div class="confidence"><span>{}</span><div class="meter"><span style="width:{:.0}%"></span></div><span>{:.0} %</span></div><p class="summary">{}</p></div>"#,
        l(Label::Verdict),
        esc(&labels::verdict_headline(verdict.resource, lang)),
        l(Label::Confidence),
        verdict.confidence * 100.0,
        verdict.confidence * 100.0,
        esc(localize::verdict_summary(verdict, lang))
    );
    if let Some(target) = &host.target {
        out.push_str(&target_paragraph(target, lang));
    }
    if !host.key_metrics.is_empty() {
        out.push_str(r#"<div class="metrics">"#);
        for m in &host.key_metrics {
            let value = with_unit(m.value, m.unit);
            let (number, unit) = value.split_once(' ').unwrap_or((&value, ""));
            let _ = write!(
                out,
                r#"<div class="metric"><div class="name">{}</div><div class="value">{}<small>{}</small></div><div class="source">{}</div></div>"#,
                esc(&labels::metric_name(&m.key, lang)),
                esc(number),
                esc(unit),
                esc(&m.provenance.to_string())
            );
        }
        out.push_str("</div>");
    }

    let actions = next_actions::rows(host, lang);
    if !actions.is_empty() {
        let _ = write!(
            out,
            r#"<h3>{}</h3><table class="next-actions"><thead><tr><th class="num">#</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>"#,
            l(next_actions::heading(host)),
            l(Label::Action),
            l(Label::GainExpected),
            l(Label::EffortColumn)
        );
        for a in &actions {
            let _ = write!(
                out,
                r##"<tr><td class="num">{}</td><td><strong>{}</strong> {}{} <a href="#{id}-{}"><code>{}</code></a></td><td>{}</td><td>{}</td></tr>"##,
                a.rank,
                esc(a.title),
                esc(a.action),
                a.command
                    .map(|c| format!(r#"<pre class="command">{}</pre>"#, esc(c)))
                    .unwrap_or_default(),
                slug(a.rule),
                esc(a.rule),
                esc(&a.gain),
                esc(&a.effort)
            );
        }
        out.push_str("</tbody></table>");
    }

    let charts = charts(d, id, host, lang);
    if !charts.is_empty() {
        let _ = write!(
            out,
            r#"<h3>{}</h3><div class="charts">{charts}</div>"#,
            l(Label::Charts)
        );
    }

    let _ = write!(
        out,
        r#"<h3>{}</h3><ol class="steps">"#,
        l(Label::StepsTaken)
    );
    for step in &host.steps {
        let title = localize::step_title(&d.methodology, &step.visit.step, &step.visit.title, lang);
        let _ = write!(
            out,
            r#"<li><div class="question">{}</div><div class="via"><code>{}</code>"#,
            esc(title),
            esc(&step.visit.step)
        );
        if let (Some(from), Some(when)) = (&step.visit.from, &step.visit.when) {
            let _ = write!(
                out,
                " · {} <code>{}</code>: <code>{}</code>",
                l(Label::ReachedVia),
                esc(from),
                esc(when)
            );
        }
        out.push_str("</div>");
        if !step.findings.is_empty() {
            out.push_str(r#"<div class="chips">"#);
            for rule in &step.findings {
                let _ = write!(
                    out,
                    r##"<a class="chip" href="#{id}-{}">{}</a>"##,
                    slug(rule),
                    esc(rule)
                );
            }
            out.push_str("</div>");
        }
        out.push_str("</li>");
    }
    out.push_str("</ol>");

    if !host.findings.is_empty() {
        let _ = write!(out, "<h3>{}</h3>", l(Label::Findings));
        for f in &host.findings {
            out.push_str(&finding_card::render(f, id, lang));
        }
    }
    if !host.off_path_findings.is_empty() {
        let _ = write!(out, "<h3>{}</h3>", l(Label::OffPathFindings));
        for f in &host.off_path_findings {
            out.push_str(&finding_card::render(f, id, lang));
        }
    }
    if !host.skipped_steps.is_empty() {
        let _ = write!(
            out,
            "<h3>{}</h3><table><thead><tr><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
            l(Label::StepsNotTaken),
            l(Label::Step),
            l(Label::Question),
            l(Label::WhyNot)
        );
        for step in &host.skipped_steps {
            let reasons: Vec<String> = step
                .reasons
                .iter()
                .map(|r| esc(&localize::skipped_reason(r, lang)))
                .collect();
            let _ = write!(
                out,
                "<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
                esc(&step.step),
                esc(localize::step_title(
                    &d.methodology,
                    &step.step,
                    &step.title,
                    lang
                )),
                reasons.join("<br>")
            );
        }
        out.push_str("</tbody></table>");
    }
    if !host.rule_errors.is_empty() {
        let _ = write!(out, "<h3>{}</h3><ul>", l(Label::RuleErrors));
        for e in &host.rule_errors {
            let _ = write!(
                out,
                "<li><code>{}</code>: {}</li>",
                esc(&e.rule),
                esc(&e.to_string())
            );
        }
        out.push_str("</ul>");
    }
    if !host.capture_next.is_empty() {
        let _ = write!(
            out,
            "<h3>{}</h3><table><thead><tr><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
            l(Label::CaptureNext),
            l(Label::Capture),
            l(Label::Supplies),
            l(Label::NeededBy)
        );
        for hint in &host.capture_next {
            let facts: Vec<String> = hint
                .facts
                .iter()
                .map(|f| format!("<code>{}</code>", esc(f)))
                .collect();
            let needed: Vec<String> = hint
                .needed_by
                .iter()
                .map(|n| format!("<code>{}</code>", esc(localize::needed_by(n, lang))))
                .collect();
            let _ = write!(
                out,
                "<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
                esc(localize::capture_hint(&hint.capture, lang)),
                if facts.is_empty() {
                    "—".to_string()
                } else {
                    facts.join("<br>")
                },
                needed.join("<br>")
            );
        }
        out.push_str("</tbody></table>");
    }
    if !host.fact_conflicts.is_empty() {
        let _ = write!(out, "<h3>{}</h3><ul>", l(Label::FactConflicts));
        for c in &host.fact_conflicts {
            let _ = write!(
                out,
                "<li><code>{}</code>: {} <code>{}</code>, {} <code>{}</code> ({})</li>",
                esc(&c.key),
                l(Label::Kept),
                esc(&c.kept.to_string()),
                l(Label::Ignored),
                esc(&c.ignored.to_string()),
                esc(&c.ignored_value)
            );
        }
        out.push_str("</ul>");
    }
    let _ = write!(
        out,
        "<h3>{}</h3><table><thead><tr><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
        l(Label::Captures),
        l(Label::File),
        l(Label::Tool),
        l(Label::Result)
    );
    for capture in &host.captures {
        let result: Vec<String> = localize::capture_result(capture, lang)
            .iter()
            .map(|line| esc(line))
            .collect();
        let _ = write!(
            out,
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
            esc(&capture.location()),
            esc(capture.tool.as_deref().unwrap_or("—")),
            result.join("<br>")
        );
    }
    out.push_str("</tbody></table></section>\n");
    out
}

/// Every chart the host's data allows, as `<figure>`s tagged with `data-chart`.
fn charts(d: &Diagnosis, id: &str, host: &HostDiagnosis, lang: Lang) -> String {
    let c = &host.charts;
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
        if let Some(body) = flame_graph::render(flame, &host.host, lang) {
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
    if !d.methodology.steps.is_empty() {
        let walked = host.steps.len();
        let note = format!(
            r#"<p class="chart-note">{} {} / {}</p>"#,
            esc(Label::Walked.text(lang)),
            grouped(walked as f64),
            grouped(d.methodology.steps.len() as f64)
        );
        figure(
            &mut out,
            "methodology",
            true,
            Label::MethodologyChart.text(lang),
            &methodology_chart::render(&d.methodology, &host.steps, id, lang),
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

/// Whether the target is met, as a paragraph styled by the outcome.
pub fn target_paragraph(target: &TargetStatus, lang: Lang) -> String {
    format!(
        r#"<p class="target {}"><strong>{}</strong>{}{}</p>"#,
        if target.met { "met" } else { "missed" },
        esc(Label::TargetStatus.text(lang)),
        esc(labels::colon(lang)),
        esc(localize::target_summary(target, lang))
    )
}
