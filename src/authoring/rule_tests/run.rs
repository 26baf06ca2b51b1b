//! Runs rule tests: builds each test's facts (units from the catalog, provenance in
//! the test file), evaluates the rule and compares the outcome with the expectation.
//! A broken test file or a test naming an unknown rule counts as a failure with its
//! file:line, so a CI run cannot pass by skipping it; tests of a rule that a later
//! rule directory overrides are skipped, saying by which file.

use super::file::{Expect, RuleTest, TestFile, parse_test_file};
use crate::facts::{Fact, Facts, Provenance, Unit, Value};
use crate::knowledge::{KnowledgeBase, TEST_SUFFIX};
use crate::parse::dbconf::param_units::{Dialect, normalised_facts};
use crate::rules::loader::RuleSource;
use crate::rules::{Finding, Outcome};
use crate::tools::catalog;
use std::sync::Arc;

/// One test's result; `failure` is none when it passed.
#[derive(Debug, Clone, PartialEq)]
pub struct TestResult {
    pub file: String,
    pub line: Option<usize>,
    pub rule: String,
    pub name: String,
    pub failure: Option<String>,
}

impl TestResult {
    pub fn passed(&self) -> bool {
        self.failure.is_none()
    }

    /// `file:line`.
    pub fn location(&self) -> String {
        match self.line {
            Some(line) => format!("{}:{line}", self.file),
            None => self.file.clone(),
        }
    }
}

/// A test file not run, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct TestSkipped {
    pub file: String,
    pub reason: String,
}

#[derive(Debug, Default)]
pub struct SuiteReport {
    pub results: Vec<TestResult>,
    pub skipped: Vec<TestSkipped>,
}

impl SuiteReport {
    pub fn passed(&self) -> usize {
        self.results.iter().filter(|r| r.passed()).count()
    }

    pub fn failed(&self) -> usize {
        self.results.len() - self.passed()
    }

    pub fn failures(&self) -> impl Iterator<Item = &TestResult> {
        self.results.iter().filter(|r| !r.passed())
    }
}

/// Runs every test of the given test files against the knowledge base.
pub fn run_suite(kb: &KnowledgeBase, files: &[&RuleSource]) -> SuiteReport {
    let mut report = SuiteReport::default();
    for source in files {
        let (file, problems) = parse_test_file(source);
        for problem in problems {
            report.results.push(TestResult {
                file: problem.file.clone(),
                line: problem.line,
                rule: file.as_ref().map(|f| f.rule.clone()).unwrap_or_default(),
                name: "(test file)".into(),
                failure: Some(problem.message),
            });
        }
        let Some(file) = file else { continue };
        let rule_file = source
            .path
            .strip_suffix(TEST_SUFFIX)
            .map(|stem| format!("{stem}.rhai"));
        if let Some(overridden) = rule_file
            .as_deref()
            .and_then(|f| kb.overridden.iter().find(|o| o.file == f))
        {
            report.skipped.push(TestSkipped {
                file: source.path.clone(),
                reason: format!("rule {} is overridden by {}", overridden.id, overridden.by),
            });
            continue;
        }
        let Some(rule) = kb.rules.get(&file.rule) else {
            report.results.push(TestResult {
                file: file.path.clone(),
                line: file.rule_line,
                rule: file.rule.clone(),
                name: "(test file)".into(),
                failure: Some(format!("tests unknown rule {:?}", file.rule)),
            });
            continue;
        };
        for test in &file.tests {
            let outcome = kb.engine.evaluate(rule, &test_facts(&file, test));
            report.results.push(TestResult {
                file: file.path.clone(),
                line: Some(test.line),
                rule: file.rule.clone(),
                name: test.name.clone(),
                failure: check(test, &outcome).err(),
            });
        }
    }
    report
}

/// A test's facts, each with its catalog unit and its line in the test file. A
/// database parameter written as text (`db.param.checkpoint_timeout: 15min`) also
/// gets the normalised facts the configuration parsers emit for it with the test's
/// `db.engine` (`db.param_s.checkpoint_timeout` = 900), on the same line, unless the
/// test gives them itself: a test writes a parameter as the file would.
pub fn test_facts(file: &TestFile, test: &RuleTest) -> Arc<Facts> {
    let mut facts = Facts::default();
    let provenance = |line: usize| Provenance {
        file: file.path.clone(),
        line: line as u64,
        line_end: line as u64,
        tool: "test".into(),
    };
    for fact in &test.facts {
        facts.insert(Fact {
            key: fact.key.clone(),
            value: fact.value.clone(),
            unit: catalog::lookup(&fact.key).map_or(Unit::None, |e| e.unit),
            provenance: provenance(fact.line),
        });
    }
    let Some(dialect) = facts.text("db.engine").and_then(Dialect::of_engine) else {
        return Arc::new(facts);
    };
    for fact in &test.facts {
        let (Some(name), Value::Text(value)) = (fact.key.strip_prefix("db.param."), &fact.value)
        else {
            continue;
        };
        for (key, value, unit) in normalised_facts(dialect, name, value) {
            if !test.facts.iter().any(|f| f.key == key) {
                facts.insert(Fact {
                    key,
                    value,
                    unit,
                    provenance: provenance(fact.line),
                });
            }
        }
    }
    Arc::new(facts)
}

/// Whether the outcome is what the test expects; why not otherwise.
fn check(test: &RuleTest, outcome: &Outcome) -> Result<(), String> {
    match (test.expect, outcome) {
        (Expect::Fires, Outcome::Fired { findings }) => check_findings(test, findings),
        (Expect::Quiet, Outcome::Quiet) => Ok(()),
        (Expect::NotEvaluated, Outcome::NotEvaluated { missing }) => {
            let absent: Vec<&str> = test
                .missing
                .iter()
                .filter(|k| !missing.contains(k))
                .map(String::as_str)
                .collect();
            if absent.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "not evaluated as expected, but missing {} rather than {}",
                    missing.join(", "),
                    absent.join(", ")
                ))
            }
        }
        (Expect::Error, Outcome::Failed { error }) => match &test.error_contains {
            Some(wanted) if !error.message.contains(wanted.as_str()) => {
                Err(format!("the error does not contain {wanted:?}: {error}"))
            }
            _ => Ok(()),
        },
        (expected, got) => Err(format!("expected {expected}, got {}", describe(got))),
    }
}

fn check_findings(test: &RuleTest, findings: &[Finding]) -> Result<(), String> {
    let mismatches: Vec<Vec<String>> = findings.iter().map(|f| mismatches(test, f)).collect();
    if mismatches.iter().any(Vec::is_empty) {
        return Ok(());
    }
    if let [only] = mismatches.as_slice() {
        return Err(only.join("; "));
    }
    Err(mismatches
        .iter()
        .enumerate()
        .map(|(i, m)| format!("finding {}: {}", i + 1, m.join("; ")))
        .collect::<Vec<_>>()
        .join(" | "))
}

fn mismatches(test: &RuleTest, finding: &Finding) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(severity) = test.severity
        && finding.severity != severity
    {
        problems.push(format!(
            "expected severity {severity}, got {}",
            finding.severity
        ));
    }
    if let Some(wanted) = &test.summary_contains
        && !finding.summary.contains(wanted.as_str())
    {
        problems.push(format!(
            "summary does not contain {wanted:?}: {:?}",
            finding.summary
        ));
    }
    if let Some(wanted) = &test.summary_zh_contains {
        let chinese = finding.zh.as_ref().and_then(|zh| zh.summary.as_deref());
        if !chinese.is_some_and(|text| text.contains(wanted.as_str())) {
            problems.push(format!(
                "Chinese summary does not contain {wanted:?}: {chinese:?}"
            ));
        }
    }
    let cited: Vec<&str> = finding.evidence.iter().map(|e| e.key.as_str()).collect();
    let uncited: Vec<&str> = test
        .evidence
        .iter()
        .map(String::as_str)
        .filter(|k| !cited.contains(k))
        .collect();
    if !uncited.is_empty() {
        problems.push(format!(
            "evidence does not cite {} (cites {})",
            uncited.join(", "),
            cited.join(", ")
        ));
    }
    problems
}

fn describe(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Fired { findings } => findings
            .iter()
            .map(|f| format!("fires ({}): {}", f.severity, f.summary))
            .collect::<Vec<_>>()
            .join("; "),
        Outcome::Quiet => "quiet".into(),
        Outcome::NotEvaluated { missing } => {
            format!("not-evaluated (missing {})", missing.join(", "))
        }
        Outcome::Failed { error } => format!("error: {error}"),
    }
}
