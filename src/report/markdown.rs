//! The report as Markdown, for pasting into a ticket, a wiki or a customer document:
//! per host the verdict, key metrics, the walked steps, findings with their evidence
//! (fact = value, file:line), recommendations with commands, verify and roll back,
//! the gain in the source case, the steps not taken and why, and what to capture next.

use super::Exporter;
use super::labels::{self, Label, Lang};
use super::localize;
use super::markdown_text::{code, code_block, header, row, text};
use super::next_actions;
use super::numbers::with_unit;
use crate::diagnosis::{Diagnosis, HostDiagnosis, TargetStatus};
use crate::rules::Finding;
use std::fmt::Write;

pub struct Markdown {
    pub lang: Lang,
}

impl Exporter for Markdown {
    fn serialize(&self, diagnosis: &Diagnosis) -> anyhow::Result<Vec<u8>> {
        let mut out = String::new();
        let l = |label: Label| label.text(self.lang);
        writeln!(out, "# {}\n", l(Label::ReportTitle))?;
        let colon = labels::colon(self.lang);
        writeln!(
            out,
            "{}{colon}{}  ",
            l(Label::DiagnosisOf),
            code(&diagnosis.bundle)
        )?;
        writeln!(
            out,
            "{}{colon}perfsage {}{}{}\n",
            l(Label::GeneratedBy),
            text(&diagnosis.perfsage_version),
            labels::sentence_end(self.lang),
            l(Label::EvidenceNote)
        )?;
        for host in &diagnosis.hosts {
            self.host(&mut out, diagnosis, host)?;
        }
        Ok(out.into_bytes())
    }
}

impl Markdown {
    fn host(&self, out: &mut String, d: &Diagnosis, host: &HostDiagnosis) -> std::fmt::Result {
        let lang = self.lang;
        let l = |label: Label| label.text(lang);
        let what: Vec<&str> = host
            .role
            .iter()
            .chain(&host.platform)
            .map(|s| s.as_str())
            .collect();
        let what = if what.is_empty() {
            String::new()
        } else {
            format!(" ({})", text(&what.join(", ")))
        };
        writeln!(out, "## {} {}{what}\n", l(Label::Host), text(&host.host))?;
        let verdict = &host.bottleneck;
        writeln!(
            out,
            "**{}{}{}** ({} {:.0} %)\n",
            l(Label::Verdict),
            labels::colon(lang),
            labels::verdict_headline(verdict.resource, lang),
            l(Label::Confidence).to_lowercase(),
            verdict.confidence * 100.0
        )?;
        writeln!(
            out,
            "> {}\n",
            text(localize::verdict_summary(verdict, lang))
        )?;
        if let Some(target) = &host.target {
            writeln!(out, "{}\n", target_line(target, lang))?;
        }

        if !host.key_metrics.is_empty() {
            writeln!(out, "### {}\n", l(Label::KeyMetrics))?;
            out.push_str(&header(&[
                l(Label::Metric),
                l(Label::Value),
                l(Label::Source),
            ]));
            for metric in &host.key_metrics {
                out.push_str(&row(&[
                    text(&labels::metric_name(&metric.key, lang)),
                    text(&with_unit(metric.value, metric.unit)),
                    code(&metric.provenance.to_string()),
                ]));
            }
            out.push('\n');
        }

        let actions = next_actions::rows(host, lang);
        if !actions.is_empty() {
            writeln!(out, "### {}\n", l(next_actions::heading(host)))?;
            out.push_str(&header(&[
                "#",
                l(Label::Action),
                l(Label::GainExpected),
                l(Label::EffortColumn),
            ]));
            for a in &actions {
                out.push_str(&row(&[
                    a.rank.to_string(),
                    action_cell(a),
                    text(&a.gain),
                    text(&a.effort),
                ]));
            }
            out.push('\n');
        }

        writeln!(out, "### {}\n", l(Label::StepsTaken))?;
        out.push_str(&header(&[
            "#",
            l(Label::Step),
            l(Label::Question),
            l(Label::ReachedVia),
            l(Label::Found),
        ]));
        for (i, step) in host.steps.iter().enumerate() {
            let via = match (&step.visit.from, &step.visit.when) {
                (Some(from), Some(when)) => format!("{} {}", code(from), code(when)),
                _ => l(Label::Root).to_string(),
            };
            let found = if step.findings.is_empty() {
                "—".to_string()
            } else {
                step.findings
                    .iter()
                    .map(|f| code(f))
                    .collect::<Vec<_>>()
                    .join("<br>")
            };
            out.push_str(&row(&[
                (i + 1).to_string(),
                code(&step.visit.step),
                text(localize::step_title(
                    &d.methodology,
                    &step.visit.step,
                    &step.visit.title,
                    lang,
                )),
                via,
                found,
            ]));
        }
        out.push('\n');

        if !host.findings.is_empty() {
            writeln!(out, "### {}\n", l(Label::Findings))?;
            for (i, finding) in host.findings.iter().enumerate() {
                self.finding(out, i + 1, finding)?;
            }
        }
        if !host.off_path_findings.is_empty() {
            writeln!(out, "### {}\n", l(Label::OffPathFindings))?;
            for (i, finding) in host.off_path_findings.iter().enumerate() {
                self.finding(out, i + 1, finding)?;
            }
        }
        if !host.skipped_steps.is_empty() {
            writeln!(out, "### {}\n", l(Label::StepsNotTaken))?;
            out.push_str(&header(&[
                l(Label::Step),
                l(Label::Question),
                l(Label::WhyNot),
            ]));
            for step in &host.skipped_steps {
                let reasons: Vec<String> = step
                    .reasons
                    .iter()
                    .map(|r| text(&localize::skipped_reason(r, lang)))
                    .collect();
                out.push_str(&row(&[
                    code(&step.step),
                    text(localize::step_title(
                        &d.methodology,
                        &step.step,
                        &step.title,
                        lang,
                    )),
                    reasons.join("<br>"),
                ]));
            }
            out.push('\n');
        }
        if !host.rule_errors.is_empty() {
            writeln!(out, "### {}\n", l(Label::RuleErrors))?;
            for error in &host.rule_errors {
                writeln!(out, "- {}: {}", code(&error.rule), text(&error.to_string()))?;
            }
            out.push('\n');
        }
        if !host.capture_next.is_empty() {
            writeln!(out, "### {}\n", l(Label::CaptureNext))?;
            out.push_str(&header(&[
                l(Label::Capture),
                l(Label::Supplies),
                l(Label::NeededBy),
            ]));
            for hint in &host.capture_next {
                let facts = if hint.facts.is_empty() {
                    "—".to_string()
                } else {
                    hint.facts
                        .iter()
                        .map(|f| code(f))
                        .collect::<Vec<_>>()
                        .join("<br>")
                };
                let needed: Vec<String> = hint
                    .needed_by
                    .iter()
                    .map(|n| code(localize::needed_by(n, lang)))
                    .collect();
                out.push_str(&row(&[
                    code(localize::capture_hint(&hint.capture, lang)),
                    facts,
                    needed.join("<br>"),
                ]));
            }
            out.push('\n');
        }
        if !host.fact_conflicts.is_empty() {
            writeln!(out, "### {}\n", l(Label::FactConflicts))?;
            for c in &host.fact_conflicts {
                writeln!(
                    out,
                    "- {}: {} {}, {} {} ({})",
                    code(&c.key),
                    l(Label::Kept),
                    code(&c.kept.to_string()),
                    l(Label::Ignored),
                    code(&c.ignored.to_string()),
                    code(&c.ignored_value)
                )?;
            }
            out.push('\n');
        }
        writeln!(out, "### {}\n", l(Label::Captures))?;
        out.push_str(&header(&[l(Label::File), l(Label::Tool), l(Label::Result)]));
        for capture in &host.captures {
            out.push_str(&row(&[
                code(&capture.location()),
                capture.tool.as_deref().map_or("—".to_string(), code),
                text(&localize::capture_result(capture, lang).join("\n")),
            ]));
        }
        out.push('\n');
        Ok(())
    }

    fn finding(&self, out: &mut String, number: usize, f: &Finding) -> std::fmt::Result {
        let lang = self.lang;
        let l = |label: Label| label.text(lang);
        writeln!(
            out,
            "#### {number}. [{}] {} — {}\n",
            labels::severity(f.severity, lang),
            code(&f.rule),
            text(localize::finding_title(f, lang))
        )?;
        writeln!(
            out,
            "**{}** {}\n",
            labels::lead(Label::Why, lang),
            text(localize::finding_summary(f, lang))
        )?;
        writeln!(out, "**{}**\n", l(Label::Evidence))?;
        for e in &f.evidence {
            writeln!(out, "- {} ({})", code(&e.statement()), code(&e.location()))?;
        }
        out.push('\n');
        if let Some(r) = localize::recommendation(f, lang) {
            writeln!(
                out,
                "**{}** {}\n",
                labels::lead(Label::Do, lang),
                text(r.action)
            )?;
            if !r.commands.is_empty() {
                out.push_str(&code_block(r.commands, "sh"));
                out.push('\n');
            }
            if let Some(alternative) = r.alternative {
                writeln!(
                    out,
                    "**{}** {}\n",
                    labels::lead(Label::Alternative, lang),
                    text(alternative)
                )?;
            }
            if let Some(cost) = r.cost {
                writeln!(
                    out,
                    "**{}** {}\n",
                    labels::lead(Label::Cost, lang),
                    text(cost)
                )?;
            }
            writeln!(
                out,
                "**{}** {}\n",
                labels::lead(Label::Verify, lang),
                text(r.verify)
            )?;
            writeln!(
                out,
                "**{}** {}\n",
                labels::lead(Label::Rollback, lang),
                text(r.rollback)
            )?;
        }
        if let Some(s) = &f.source {
            writeln!(
                out,
                "**{}** {} — {} {} ({})\n",
                labels::lead(Label::GainInCase, lang),
                text(localize::source_gain(s, lang)),
                l(Label::Case),
                code(&s.case_id),
                code(&format!("seeds/{}", s.seed))
            )?;
        }
        writeln!(
            out,
            "**{}** {:.0} %\n",
            labels::lead(Label::Confidence, lang),
            f.confidence * 100.0
        )
    }
}

/// A next action as one cell: the title in bold, what to do, the first command and the
/// rule id.
fn action_cell(a: &next_actions::NextActionRow) -> String {
    let mut cell = format!("**{}** {}", text(a.title), text(a.action));
    if let Some(command) = a.command {
        cell.push_str(&format!(" {}", code(command)));
    }
    cell.push_str(&format!(" ({})", code(a.rule)));
    cell
}

/// `**Target**: 4,297 TPS beats the 4,000 TPS target by 7.4 % …`
pub fn target_line(target: &TargetStatus, lang: Lang) -> String {
    format!(
        "**{}**{}{}",
        Label::TargetStatus.text(lang),
        labels::colon(lang),
        text(localize::target_summary(target, lang))
    )
}
