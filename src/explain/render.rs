//! The text form of an explanation: one block per host, facts as
//! `key = value (file:line)`, and the rule line that read each.

use super::{
    Checked, Explanation, FactSeen, GuardResult, RuleExplanation, RuleVerdict, StepExplanation,
    SubjectExplanation,
};
use crate::report::i18n::labels::Lang;
use crate::report::i18n::localize::skipped_reason;
use std::fmt::Write;

pub fn render_text(explanation: &Explanation) -> String {
    let mut out = String::new();
    for host in &explanation.hosts {
        let _ = writeln!(out, "══ {} — host {}", explanation.bundle, host.host);
        match &host.subject {
            SubjectExplanation::Rule(rule) => rule_text(&mut out, rule),
            SubjectExplanation::Step(step) => step_text(&mut out, step),
        }
        out.push('\n');
    }
    out
}

fn rule_text(out: &mut String, r: &RuleExplanation) {
    let _ = writeln!(out, "Rule {} — {}", r.rule, r.title);
    let _ = writeln!(out, "  file {}, step {}", r.file, r.step);
    let verdict = match r.outcome {
        RuleVerdict::Fired => "FIRED",
        RuleVerdict::Quiet => "QUIET: evaluate() returned no finding",
        RuleVerdict::NotEvaluated => "NOT EVALUATED: facts it needs are missing",
        RuleVerdict::Failed => "FAILED",
    };
    let _ = writeln!(out, "Outcome: {verdict}");
    for finding in &r.findings {
        let _ = writeln!(
            out,
            "  {} (confidence {:.2}): {}",
            finding.severity, finding.confidence, finding.summary
        );
        let cited: Vec<&str> = finding.evidence.iter().map(|e| e.key.as_str()).collect();
        let _ = writeln!(out, "  evidence cited: {}", cited.join(", "));
    }
    if let Some(error) = &r.error {
        let _ = writeln!(out, "  {error}");
    }
    section(out, "Needs (META.needs)", &r.needs);
    section(out, "Read by the rule", &r.read);
    checked(out, "Checked with has()", &r.checked);
    section(out, "Asked for but missing", &r.missing);
    let _ = writeln!(
        out,
        "Step {}: {}",
        r.step,
        if r.step_reached {
            "reached by the walk"
        } else {
            "not reached by the walk (a finding here is reported off the walked path)"
        }
    );
}

fn step_text(out: &mut String, s: &StepExplanation) {
    let _ = writeln!(out, "Step {} — {} ({})", s.step, s.title, s.location);
    match (&s.via, s.reached) {
        (Some(via), _) if via.when == "true" => {
            let _ = writeln!(
                out,
                "Reached: yes, from {}, which always leads here ({})",
                via.from, via.location
            );
        }
        (Some(via), _) => {
            let _ = writeln!(
                out,
                "Reached: yes, from {} because `{}` held ({})",
                via.from, via.when, via.location
            );
        }
        (None, true) => {
            let _ = writeln!(out, "Reached: yes, it is the root of the walk");
        }
        (None, false) => {
            let _ = writeln!(out, "Reached: no");
            for reason in &s.not_reached {
                let _ = writeln!(out, "  {}", skipped_reason(reason, Lang::En));
            }
        }
    }
    if s.rules.is_empty() {
        let _ = writeln!(out, "Rules at this step: none");
    } else {
        let _ = writeln!(out, "Rules at this step:");
        for rule in &s.rules {
            let outcome = match rule.outcome {
                RuleVerdict::Fired => "fired",
                RuleVerdict::Quiet => "quiet",
                RuleVerdict::NotEvaluated => "not evaluated",
                RuleVerdict::Failed => "failed",
            };
            let detail = if rule.detail.is_empty() {
                String::new()
            } else {
                format!(" — {}", rule.detail)
            };
            let _ = writeln!(out, "  {}: {outcome}{detail}", rule.rule);
        }
    }
    if s.guards.is_empty() {
        let _ = writeln!(out, "Guards out of this step: none (a leaf)");
        return;
    }
    let _ = writeln!(
        out,
        "Guards out of this step{}:",
        if s.reached {
            ""
        } else {
            " (not evaluated by the walk; what they give on these facts)"
        }
    );
    for guard in &s.guards {
        let result = match guard.result {
            GuardResult::True => "true",
            GuardResult::False => "false",
            GuardResult::MissingFacts => "false: facts missing",
            GuardResult::Failed => "failed",
        };
        let _ = writeln!(
            out,
            "  → {}: {result}   when `{}` ({})",
            guard.to, guard.when, guard.location
        );
        if let Some(error) = &guard.error {
            let _ = writeln!(out, "      {error}");
        }
        for rule in &guard.rules {
            let _ = writeln!(
                out,
                "      fired(\"{}\") = {}",
                rule.rule,
                if rule.fired { "yes" } else { "no" }
            );
        }
        for fact in &guard.facts {
            let _ = writeln!(out, "      {}", fact_line(fact));
        }
        for check in &guard.checked {
            let _ = writeln!(out, "      {}", checked_line(check));
        }
        for fact in &guard.missing {
            let _ = writeln!(out, "      {}", fact_line(fact));
        }
    }
}

fn section(out: &mut String, title: &str, facts: &[FactSeen]) {
    if facts.is_empty() {
        return;
    }
    let _ = writeln!(out, "{title}:");
    for fact in facts {
        let _ = writeln!(out, "  {}", fact_line(fact));
        for at in &fact.read_at {
            let _ = writeln!(out, "      read at {}:{}  {}", at.file, at.line, at.text);
        }
    }
}

fn checked(out: &mut String, title: &str, checks: &[Checked]) {
    if checks.is_empty() {
        return;
    }
    let _ = writeln!(out, "{title}:");
    for check in checks {
        let _ = writeln!(out, "  {}", checked_line(check));
        for at in &check.fact.read_at {
            let _ = writeln!(out, "      checked at {}:{}  {}", at.file, at.line, at.text);
        }
    }
}

/// `key = value (file:line)` or `key: missing — capture: …`.
fn fact_line(fact: &FactSeen) -> String {
    match (&fact.value, &fact.location) {
        (Some(value), Some(location)) => format!("{} = {value} ({location})", fact.key),
        (Some(value), None) => format!("{} = {value}", fact.key),
        _ => match &fact.capture {
            Some(capture) => format!("{}: missing — capture: {capture}", fact.key),
            None => format!("{}: missing (not in the fact catalog)", fact.key),
        },
    }
}

fn checked_line(check: &Checked) -> String {
    if check.present {
        format!(
            "has(\"{}\") = yes: {}",
            check.fact.key,
            fact_line(&check.fact)
        )
    } else {
        format!("has(\"{}\") = no", check.fact.key)
    }
}
