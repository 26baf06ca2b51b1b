//! Runs every built-in rule's `<rule>.test.yaml` (facts in, expected outcome out) and
//! fails listing each test that does not hold, so the rule base cannot regress.
//!
//! ```yaml
//! rule: storage.disk_saturated
//! tests:
//!   - name: a 99 % busy data disk with idle CPUs fires
//!     facts: {disk.busiest.util_pct: [99, 99.5], cpu.util_pct: [20, 30], disk.busiest.name: vdb}
//!     expect: fires          # fires | quiet | not-evaluated | error
//!     severity: high         # optional, with fires
//!     summary_contains: vdb  # optional, with fires
//!     evidence: [cpu.util_pct]   # optional, with fires: keys that must be cited
//!     missing: [cpu.util_pct]    # optional, with not-evaluated
//! ```

use crate::support::*;
use perfsage::facts::{Fact, Facts, Provenance, SeriesBuilder, Unit, Value, catalog};
use perfsage::knowledge::KnowledgeBase;
use perfsage::rules::Outcome;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TestFile {
    rule: String,
    tests: Vec<RuleTest>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleTest {
    name: String,
    facts: BTreeMap<String, serde_yaml::Value>,
    expect: String,
    severity: Option<String>,
    summary_contains: Option<String>,
    #[serde(default)]
    evidence: Vec<String>,
    #[serde(default)]
    missing: Vec<String>,
}

fn value_of(yaml: &serde_yaml::Value) -> Value {
    match yaml {
        serde_yaml::Value::Bool(b) => Value::Flag(*b),
        serde_yaml::Value::Number(n) => Value::Number(n.as_f64().unwrap_or(0.0)),
        serde_yaml::Value::Sequence(items) => {
            let samples: Vec<f64> = items.iter().filter_map(|i| i.as_f64()).collect();
            Value::Series(SeriesBuilder::from_values(&samples).finish(None))
        }
        other => Value::Text(
            other
                .as_str()
                .map_or_else(|| format!("{other:?}"), str::to_string),
        ),
    }
}

fn facts_of(file: &str, entries: &BTreeMap<String, serde_yaml::Value>) -> Rc<Facts> {
    let mut facts = Facts::default();
    for (key, value) in entries {
        let unit = catalog::lookup(key).map_or(Unit::None, |e| e.unit);
        facts.insert(Fact {
            key: key.clone(),
            value: value_of(value),
            unit,
            provenance: Provenance {
                file: file.to_string(),
                line: 1,
                line_end: 1,
                tool: "rule-test".into(),
            },
        });
    }
    Rc::new(facts)
}

fn test_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            test_files(&path, out);
        } else if path.to_string_lossy().ends_with(".test.yaml") {
            out.push(path);
        }
    }
}

/// What is wrong with one test's outcome, if anything.
fn check(test: &RuleTest, outcome: &Outcome) -> Option<String> {
    match (test.expect.as_str(), outcome) {
        ("fires", Outcome::Fired { findings }) => {
            let f = &findings[0];
            if let Some(severity) = &test.severity
                && &f.severity.to_string() != severity
            {
                return Some(format!("severity {}, expected {severity}", f.severity));
            }
            if let Some(part) = &test.summary_contains
                && !f.summary.contains(part.as_str())
            {
                return Some(format!("summary {:?} lacks {part:?}", f.summary));
            }
            let cited: Vec<&str> = f.evidence.iter().map(|e| e.key.as_str()).collect();
            test.evidence
                .iter()
                .find(|k| !cited.contains(&k.as_str()))
                .map(|k| format!("evidence {cited:?} lacks {k}"))
        }
        ("quiet", Outcome::Quiet) => None,
        ("not-evaluated", Outcome::NotEvaluated { missing }) => test
            .missing
            .iter()
            .find(|k| !missing.contains(k))
            .map(|k| format!("missing {missing:?} lacks {k}")),
        ("error", Outcome::Failed { .. }) => None,
        (want, got) => Some(format!("expected {want}, got {got:?}")),
    }
}

#[test]
fn every_built_in_rule_test_holds() {
    let kb = KnowledgeBase::builtin().unwrap();
    let mut files = Vec::new();
    test_files(&root().join("rules"), &mut files);
    files.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for path in &files {
        let name = path.strip_prefix(root()).unwrap().display().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let file: TestFile = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let Some(rule) = kb.rules.get(&file.rule) else {
            failures.push(format!("{name}: no rule {}", file.rule));
            continue;
        };
        for test in &file.tests {
            count += 1;
            for key in test.facts.keys() {
                if catalog::lookup(key).is_none() {
                    failures.push(format!(
                        "{name}: {}: fact {key} is not in the catalog",
                        test.name
                    ));
                }
            }
            let outcome = kb.engine.evaluate(rule, &facts_of(&name, &test.facts));
            if let Some(problem) = check(test, &outcome) {
                failures.push(format!("{name}: {}: {problem}", test.name));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} rule tests fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_built_in_rule_has_tests_that_fire_stay_quiet_and_go_unevaluated() {
    let kb = KnowledgeBase::builtin().unwrap();
    for rule in &kb.rules.rules {
        let path = root().join(rule.file.replace(".rhai", ".test.yaml"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("{} has no {}", rule.meta.id, path.display()));
        let file: TestFile = serde_yaml::from_str(&text).unwrap();
        for expect in ["fires", "quiet", "not-evaluated"] {
            assert!(
                file.tests.iter().any(|t| t.expect == expect),
                "{}: no test that {expect}",
                rule.meta.id
            );
        }
    }
}

#[test]
fn every_rule_documents_itself() {
    let kb = KnowledgeBase::builtin().unwrap();
    for rule in &kb.rules.rules {
        assert!(!rule.rationale.trim().is_empty(), "{}", rule.meta.id);
        assert!(
            !rule.meta.needs.is_empty(),
            "{} declares no needed facts",
            rule.meta.id
        );
        for key in &rule.meta.needs {
            assert!(
                perfsage::facts::catalog::lookup(key).is_some(),
                "{}: {key} not in the catalog",
                rule.meta.id
            );
        }
        if let Some(r) = &rule.meta.recommendation {
            assert!(
                !r.verify.is_empty() && !r.rollback.is_empty(),
                "{}",
                rule.meta.id
            );
        }
    }
}
