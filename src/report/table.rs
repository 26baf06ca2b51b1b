//! The terminal report: per host a one-line verdict, the steps taken, each finding
//! with its evidence (fact = value, file:line), recommendation, expected gain and
//! source case, then the steps not taken, what to capture next and how each capture
//! was read.

use super::Exporter;
use crate::capture::CaptureStatus;
use crate::diagnosis::{Diagnosis, HostDiagnosis};
use crate::rules::{Finding, Resource};
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, ContentArrangement, Table};
use std::fmt::Write;

pub struct TableReport {
    /// Terminal width to wrap to.
    pub width: u16,
}

impl Exporter for TableReport {
    fn serialize(&self, diagnosis: &Diagnosis) -> anyhow::Result<Vec<u8>> {
        let mut out = String::new();
        writeln!(
            out,
            "perfsage {} — diagnosis of {}",
            diagnosis.perfsage_version, diagnosis.bundle
        )?;
        for host in &diagnosis.hosts {
            self.host(&mut out, host)?;
        }
        Ok(out.into_bytes())
    }
}

impl TableReport {
    fn table(&self, header: &[&str]) -> Table {
        let mut table = Table::new();
        table
            .load_style(UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Dynamic)
            .set_width(self.width);
        if !header.is_empty() {
            table.set_header(header.iter().map(Cell::new));
        }
        table
    }

    fn host(&self, out: &mut String, host: &HostDiagnosis) -> std::fmt::Result {
        let mut what: Vec<&str> = Vec::new();
        if let Some(role) = &host.role {
            what.push(role);
        }
        if let Some(platform) = &host.platform {
            what.push(platform);
        }
        let what = if what.is_empty() {
            String::new()
        } else {
            format!(" ({})", what.join(", "))
        };
        writeln!(out, "\n══ Host {}{what}", host.host)?;
        let verdict = &host.bottleneck;
        let headline = match verdict.resource {
            Resource::None => "no resource is saturated".to_string(),
            Resource::Unknown => "bottleneck unknown".to_string(),
            r => format!("{} limits throughput", r.to_string().to_uppercase()),
        };
        writeln!(
            out,
            "Verdict: {headline} (confidence {:.0} %)",
            verdict.confidence * 100.0
        )?;
        writeln!(out, "  {}", verdict.summary)?;

        writeln!(out, "\nSteps taken")?;
        let mut steps = self.table(&["#", "Step", "Question", "Found"]);
        for (i, step) in host.steps.iter().enumerate() {
            let found = if step.findings.is_empty() {
                "—".to_string()
            } else {
                step.findings.join("\n")
            };
            steps.add_row(vec![
                Cell::new(i + 1),
                Cell::new(&step.visit.step),
                Cell::new(&step.visit.title),
                Cell::new(found),
            ]);
        }
        writeln!(out, "{steps}")?;

        if !host.findings.is_empty() {
            writeln!(out, "\nFindings")?;
            for (i, finding) in host.findings.iter().enumerate() {
                self.finding(out, i + 1, finding)?;
            }
        }
        if !host.off_path_findings.is_empty() {
            writeln!(out, "\nFindings off the walked path")?;
            for (i, finding) in host.off_path_findings.iter().enumerate() {
                self.finding(out, i + 1, finding)?;
            }
        }
        if !host.skipped_steps.is_empty() {
            writeln!(out, "\nSteps not taken")?;
            let mut skipped = self.table(&["Step", "Question", "Why not"]);
            for step in &host.skipped_steps {
                skipped.add_row(vec![
                    Cell::new(&step.step),
                    Cell::new(&step.title),
                    Cell::new(step.reasons.join("\n")),
                ]);
            }
            writeln!(out, "{skipped}")?;
        }
        if !host.rule_errors.is_empty() {
            writeln!(
                out,
                "\nRule errors (the diagnosis continued without these rules)"
            )?;
            for error in &host.rule_errors {
                writeln!(out, "  {}: {error}", error.rule)?;
            }
        }
        if !host.capture_next.is_empty() {
            writeln!(out, "\nCapture next")?;
            let mut next = self.table(&["Capture", "Supplies", "Needed by"]);
            for hint in &host.capture_next {
                let facts = if hint.facts.is_empty() {
                    "—".to_string()
                } else {
                    hint.facts.join("\n")
                };
                next.add_row(vec![
                    Cell::new(&hint.capture),
                    Cell::new(facts),
                    Cell::new(hint.needed_by.join("\n")),
                ]);
            }
            writeln!(out, "{next}")?;
        }
        writeln!(out, "\nCaptures")?;
        let mut captures = self.table(&["File", "Tool", "Result"]);
        for capture in &host.captures {
            let mut result = match &capture.status {
                CaptureStatus::Parsed => format!("{} facts", capture.facts),
                CaptureStatus::Failed {
                    line: Some(l),
                    message,
                } => format!("error at line {l}: {message}"),
                CaptureStatus::Failed {
                    line: None,
                    message,
                } => format!("error: {message}"),
                CaptureStatus::Unrecognized { reason } => format!("not recognised: {reason}"),
            };
            if let Some(encoding) = capture.encoding {
                write!(result, "; read as {encoding}")?;
            }
            for warning in &capture.warnings {
                write!(result, "\nline {}: {}", warning.line, warning.message)?;
            }
            captures.add_row(vec![
                Cell::new(capture.location()),
                Cell::new(capture.tool.as_deref().unwrap_or("—")),
                Cell::new(result),
            ]);
        }
        writeln!(out, "{captures}")
    }

    fn finding(&self, out: &mut String, number: usize, f: &Finding) -> std::fmt::Result {
        writeln!(out, "\n{number}. [{}] {} — {}", f.severity, f.rule, f.title)?;
        let mut table = self.table(&[]);
        table.add_row(vec![Cell::new("Why"), Cell::new(&f.summary)]);
        let evidence: Vec<String> = f
            .evidence
            .iter()
            .map(|e| format!("{}  ({})", e.statement(), e.location()))
            .collect();
        table.add_row(vec![Cell::new("Evidence"), Cell::new(evidence.join("\n"))]);
        if let Some(r) = &f.recommendation {
            let mut action = r.action.clone();
            for command in &r.commands {
                write!(action, "\n$ {command}")?;
            }
            table.add_row(vec![Cell::new("Do"), Cell::new(action)]);
            if let Some(alternative) = &r.alternative {
                table.add_row(vec![Cell::new("Alternative"), Cell::new(alternative)]);
            }
            if let Some(cost) = &r.cost {
                table.add_row(vec![Cell::new("Cost"), Cell::new(cost)]);
            }
            table.add_row(vec![Cell::new("Verify"), Cell::new(&r.verify)]);
            table.add_row(vec![Cell::new("Roll back"), Cell::new(&r.rollback)]);
        }
        if let Some(s) = &f.source {
            table.add_row(vec![
                Cell::new("Gain in case"),
                Cell::new(format!(
                    "{} — case {} (seeds/{})",
                    s.gain, s.case_id, s.seed
                )),
            ]);
        }
        table.add_row(vec![
            Cell::new("Confidence"),
            Cell::new(format!("{:.0} %", f.confidence * 100.0)),
        ]);
        writeln!(out, "{table}")
    }
}
