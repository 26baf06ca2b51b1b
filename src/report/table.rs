//! The terminal report: per host a one-line verdict, the key metrics, the steps taken,
//! each finding with its evidence (fact = value, file:line), recommendation, expected
//! gain and source case, then the steps not taken, what to capture next and how each
//! capture was read.

use super::Exporter;
use super::labels::{self, Label, Lang};
use super::localize;
use super::next_actions;
use super::numbers::with_unit;
use crate::diagnosis::{Diagnosis, HostDiagnosis, TargetStatus};
use crate::rules::Finding;
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, ContentArrangement, Table};
use std::fmt::Write;

pub struct TableReport {
    /// Terminal width to wrap to.
    pub width: u16,
    pub lang: Lang,
}

impl Exporter for TableReport {
    fn serialize(&self, diagnosis: &Diagnosis) -> anyhow::Result<Vec<u8>> {
        let mut out = String::new();
        writeln!(
            out,
            "perfsage {} — {} {}",
            diagnosis.perfsage_version,
            self.label(Label::DiagnosisOf).to_lowercase(),
            diagnosis.bundle
        )?;
        for host in &diagnosis.hosts {
            self.host(&mut out, diagnosis, host)?;
        }
        Ok(out.into_bytes())
    }
}

/// A comfy table with the report's style, wrapped to `width`.
pub fn styled_table(width: u16, header: &[&str]) -> Table {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(width);
    if !header.is_empty() {
        table.set_header(header.iter().map(Cell::new));
    }
    table
}

impl TableReport {
    fn label(&self, label: Label) -> &'static str {
        label.text(self.lang)
    }

    fn table(&self, header: &[Label]) -> Table {
        let header: Vec<&str> = header.iter().map(|l| self.label(*l)).collect();
        styled_table(self.width, &header)
    }

    fn host(&self, out: &mut String, d: &Diagnosis, host: &HostDiagnosis) -> std::fmt::Result {
        let lang = self.lang;
        let what: Vec<&str> = host
            .role
            .iter()
            .chain(&host.platform)
            .map(|s| s.as_str())
            .collect();
        let what = if what.is_empty() {
            String::new()
        } else {
            format!(" ({})", what.join(", "))
        };
        writeln!(out, "\n══ {} {}{what}", self.label(Label::Host), host.host)?;
        let verdict = &host.bottleneck;
        writeln!(
            out,
            "{}{}{} ({} {:.0} %)",
            self.label(Label::Verdict),
            labels::colon(lang),
            labels::verdict_headline(verdict.resource, lang),
            self.label(Label::Confidence).to_lowercase(),
            verdict.confidence * 100.0
        )?;
        writeln!(out, "  {}", localize::verdict_summary(verdict, lang))?;
        if let Some(target) = &host.target {
            writeln!(out, "{}", target_line(target, lang))?;
        }

        if !host.key_metrics.is_empty() {
            writeln!(out, "\n{}", self.label(Label::KeyMetrics))?;
            let mut metrics = self.table(&[Label::Metric, Label::Value, Label::Source]);
            for metric in &host.key_metrics {
                metrics.add_row(vec![
                    Cell::new(labels::metric_name(&metric.key, lang)),
                    Cell::new(with_unit(metric.value, metric.unit)),
                    Cell::new(metric.provenance.to_string()),
                ]);
            }
            writeln!(out, "{metrics}")?;
        }

        let actions = next_actions::rows(host, lang);
        if !actions.is_empty() {
            writeln!(out, "\n{}", self.label(next_actions::heading(host)))?;
            let mut table = styled_table(
                self.width,
                &[
                    "#",
                    self.label(Label::Action),
                    self.label(Label::GainExpected),
                    self.label(Label::EffortColumn),
                ],
            );
            for a in &actions {
                table.add_row(vec![
                    Cell::new(a.rank),
                    Cell::new(action_cell(a)),
                    Cell::new(&a.gain),
                    Cell::new(&a.effort),
                ]);
            }
            writeln!(out, "{table}")?;
        }

        writeln!(out, "\n{}", self.label(Label::StepsTaken))?;
        let mut steps = styled_table(
            self.width,
            &[
                "#",
                self.label(Label::Step),
                self.label(Label::Question),
                self.label(Label::Found),
            ],
        );
        for (i, step) in host.steps.iter().enumerate() {
            let found = if step.findings.is_empty() {
                "—".to_string()
            } else {
                step.findings.join("\n")
            };
            steps.add_row(vec![
                Cell::new(i + 1),
                Cell::new(&step.visit.step),
                Cell::new(localize::step_title(
                    &d.methodology,
                    &step.visit.step,
                    &step.visit.title,
                    lang,
                )),
                Cell::new(found),
            ]);
        }
        writeln!(out, "{steps}")?;

        if !host.findings.is_empty() {
            writeln!(out, "\n{}", self.label(Label::Findings))?;
            for (i, finding) in host.findings.iter().enumerate() {
                self.finding(out, i + 1, finding)?;
            }
        }
        if !host.off_path_findings.is_empty() {
            writeln!(out, "\n{}", self.label(Label::OffPathFindings))?;
            for (i, finding) in host.off_path_findings.iter().enumerate() {
                self.finding(out, i + 1, finding)?;
            }
        }
        if !host.skipped_steps.is_empty() {
            writeln!(out, "\n{}", self.label(Label::StepsNotTaken))?;
            let mut skipped = self.table(&[Label::Step, Label::Question, Label::WhyNot]);
            for step in &host.skipped_steps {
                let reasons: Vec<String> = step
                    .reasons
                    .iter()
                    .map(|r| localize::skipped_reason(r, lang))
                    .collect();
                skipped.add_row(vec![
                    Cell::new(&step.step),
                    Cell::new(localize::step_title(
                        &d.methodology,
                        &step.step,
                        &step.title,
                        lang,
                    )),
                    Cell::new(reasons.join("\n")),
                ]);
            }
            writeln!(out, "{skipped}")?;
        }
        if !host.rule_errors.is_empty() {
            writeln!(out, "\n{}", self.label(Label::RuleErrors))?;
            for error in &host.rule_errors {
                writeln!(out, "  {}: {error}", error.rule)?;
            }
        }
        if !host.capture_next.is_empty() {
            writeln!(out, "\n{}", self.label(Label::CaptureNext))?;
            let mut next = self.table(&[Label::Capture, Label::Supplies, Label::NeededBy]);
            for hint in &host.capture_next {
                let facts = if hint.facts.is_empty() {
                    "—".to_string()
                } else {
                    hint.facts.join("\n")
                };
                let needed: Vec<&str> = hint
                    .needed_by
                    .iter()
                    .map(|n| localize::needed_by(n, lang))
                    .collect();
                next.add_row(vec![
                    Cell::new(localize::capture_hint(&hint.capture, lang)),
                    Cell::new(facts),
                    Cell::new(needed.join("\n")),
                ]);
            }
            writeln!(out, "{next}")?;
        }
        if !host.fact_conflicts.is_empty() {
            writeln!(out, "\n{}", self.label(Label::FactConflicts))?;
            let mut conflicts = self.table(&[Label::FactKey, Label::Kept, Label::Ignored]);
            for c in &host.fact_conflicts {
                conflicts.add_row(vec![
                    Cell::new(&c.key),
                    Cell::new(c.kept.to_string()),
                    Cell::new(format!("{} ({})", c.ignored, c.ignored_value)),
                ]);
            }
            writeln!(out, "{conflicts}")?;
        }
        writeln!(out, "\n{}", self.label(Label::Captures))?;
        let mut captures = self.table(&[Label::File, Label::Tool, Label::Result]);
        for capture in &host.captures {
            captures.add_row(vec![
                Cell::new(capture.location()),
                Cell::new(capture.tool.as_deref().unwrap_or("—")),
                Cell::new(localize::capture_result(capture, lang).join("\n")),
            ]);
        }
        writeln!(out, "{captures}")
    }

    fn finding(&self, out: &mut String, number: usize, f: &Finding) -> std::fmt::Result {
        let lang = self.lang;
        writeln!(
            out,
            "\n{number}. [{}] {} — {}",
            labels::severity(f.severity, lang),
            f.rule,
            localize::finding_title(f, lang)
        )?;
        let mut table = self.table(&[]);
        let row = |table: &mut Table, label: Label, text: &str| {
            table.add_row(vec![Cell::new(label.text(lang)), Cell::new(text)]);
        };
        row(&mut table, Label::Why, localize::finding_summary(f, lang));
        let evidence: Vec<String> = f
            .evidence
            .iter()
            .map(|e| format!("{}  ({})", e.statement(), e.location()))
            .collect();
        row(&mut table, Label::Evidence, &evidence.join("\n"));
        if let Some(r) = localize::recommendation(f, lang) {
            let mut action = r.action.to_string();
            for command in r.commands {
                write!(action, "\n$ {command}")?;
            }
            row(&mut table, Label::Do, &action);
            if let Some(alternative) = r.alternative {
                row(&mut table, Label::Alternative, alternative);
            }
            if let Some(cost) = r.cost {
                row(&mut table, Label::Cost, cost);
            }
            row(&mut table, Label::Verify, r.verify);
            row(&mut table, Label::Rollback, r.rollback);
        }
        if let Some(s) = &f.source {
            row(
                &mut table,
                Label::GainInCase,
                &format!(
                    "{} — {} {} (seeds/{})",
                    localize::source_gain(s, lang),
                    Label::Case.text(lang),
                    s.case_id,
                    s.seed
                ),
            );
        }
        row(
            &mut table,
            Label::Confidence,
            &format!("{:.0} %", f.confidence * 100.0),
        );
        writeln!(out, "{table}")
    }
}

/// A next action as one cell: the title first, then what to do, the first command and
/// the rule id.
fn action_cell(a: &next_actions::NextActionRow) -> String {
    let mut cell = format!("{}\n{}", a.title, a.action);
    if let Some(command) = a.command {
        cell.push_str(&format!("\n$ {command}"));
    }
    cell.push_str(&format!("\n[{}]", a.rule));
    cell
}

/// `Target: 4,297 TPS beats the 4,000 TPS target by 7.4 % …`
pub fn target_line(target: &TargetStatus, lang: Lang) -> String {
    format!(
        "{}{}{}",
        Label::TargetStatus.text(lang),
        labels::colon(lang),
        localize::target_summary(target, lang)
    )
}
