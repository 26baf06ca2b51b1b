//! The rule-test file format. A rule `<layer>/<name>.rhai` may have tests in
//! `<layer>/<name>.test.yaml`:
//!
//! ```yaml
//! rule: storage.disk_saturated
//! tests:
//!   - name: a 99 % busy data disk with idle CPUs fires
//!     facts:
//!       disk.busiest.name: vdb                    # string  -> text
//!       disk.busiest.util_pct: [99, 99.5, 98.7]   # numbers -> series (samples)
//!       host.virtualized: true                    # bool    -> flag
//!       cpu.count: 64                             # number  -> number
//!     expect: fires              # fires | quiet | not-evaluated | error
//!     severity: high             # with fires: the finding's severity
//!     summary_contains: "vdb"    # with fires: a substring of its summary
//!     summary_zh_contains: "繁忙" # with fires: a substring of its Chinese summary
//!     evidence: [disk.busiest.util_pct]   # with fires: keys it must cite
//!     missing: [cpu.util_pct]    # with not-evaluated: among the missing facts
//!     error_contains: "stopped"  # with error: a substring of the message
//! ```
//!
//! Units come from the fact catalog; each fact's provenance is the test file and the
//! line the fact is written on, so a finding's evidence points into the test file.
//! Every problem (unknown expect value, fact key not in the catalog, an option that
//! does not go with the expectation) is reported with its line.

use crate::authoring::fact_keys::suggest;
use crate::facts::{SeriesBuilder, Value};
use crate::files::yaml_file::from_yaml;
use crate::rules::Severity;
use crate::rules::loader::{LoadError, RuleSource};
use crate::text::yaml_positions::{Step, YamlPositions};
use crate::tools::catalog;
use serde::Deserialize;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    Fires,
    Quiet,
    NotEvaluated,
    Error,
}

impl Expect {
    const ALL: [(&'static str, Expect); 4] = [
        ("fires", Expect::Fires),
        ("quiet", Expect::Quiet),
        ("not-evaluated", Expect::NotEvaluated),
        ("error", Expect::Error),
    ];
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = Expect::ALL
            .iter()
            .find(|(_, e)| e == self)
            .map_or("?", |(n, _)| n);
        f.write_str(name)
    }
}

/// One fact of a test, with the line it is written on.
#[derive(Debug, Clone, PartialEq)]
pub struct TestFact {
    pub key: String,
    pub value: Value,
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RuleTest {
    pub name: String,
    /// Line of the test's first field (its `- name:`).
    pub line: usize,
    pub facts: Vec<TestFact>,
    pub expect: Expect,
    pub severity: Option<Severity>,
    pub summary_contains: Option<String>,
    pub summary_zh_contains: Option<String>,
    pub evidence: Vec<String>,
    pub missing: Vec<String>,
    pub error_contains: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TestFile {
    pub path: String,
    /// The rule under test.
    pub rule: String,
    pub rule_line: Option<usize>,
    /// The tests that are well formed.
    pub tests: Vec<RuleTest>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSpec {
    rule: String,
    tests: Vec<TestSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TestSpec {
    name: String,
    #[serde(default)]
    facts: serde_yaml::Mapping,
    expect: String,
    #[serde(default)]
    severity: Option<String>,
    #[serde(default)]
    summary_contains: Option<String>,
    #[serde(default)]
    summary_zh_contains: Option<String>,
    #[serde(default)]
    evidence: Option<Vec<String>>,
    #[serde(default)]
    missing: Option<Vec<String>>,
    #[serde(default)]
    error_contains: Option<String>,
}

/// Reads a test file; the tests that are well formed, and a problem (with its line)
/// for each that is not. `None` when the file cannot be read at all.
pub fn parse_test_file(source: &RuleSource) -> (Option<TestFile>, Vec<LoadError>) {
    let problem = |line: Option<usize>, message: String| LoadError {
        file: source.path.clone(),
        line,
        column: None,
        message,
    };
    let spec: FileSpec = match from_yaml(&source.text) {
        Ok(spec) => spec,
        Err(e) => {
            return (
                None,
                vec![LoadError {
                    file: source.path.clone(),
                    line: e.line,
                    column: e.column,
                    message: e.message,
                }],
            );
        }
    };
    let lines = Lines::new(&source.text);
    let mut problems = Vec::new();
    let mut tests = Vec::new();
    for (index, spec) in spec.tests.into_iter().enumerate() {
        // (line, message) of each problem of this test.
        let mut found: Vec<(usize, String)> = Vec::new();
        let expect = Expect::ALL
            .iter()
            .find(|(name, _)| *name == spec.expect)
            .map(|(_, e)| *e);
        let Some(expect) = expect else {
            problems.push(problem(
                Some(lines.field(index, "expect")),
                format!(
                    "test {:?}: unknown expect {:?} (expected fires, quiet, not-evaluated or error)",
                    spec.name, spec.expect
                ),
            ));
            continue;
        };
        let options = [
            ("severity", spec.severity.is_some(), Expect::Fires),
            (
                "summary_contains",
                spec.summary_contains.is_some(),
                Expect::Fires,
            ),
            (
                "summary_zh_contains",
                spec.summary_zh_contains.is_some(),
                Expect::Fires,
            ),
            ("evidence", spec.evidence.is_some(), Expect::Fires),
            ("missing", spec.missing.is_some(), Expect::NotEvaluated),
            (
                "error_contains",
                spec.error_contains.is_some(),
                Expect::Error,
            ),
        ];
        for (option, present, wanted) in options {
            if present && expect != wanted {
                found.push((
                    lines.field(index, option),
                    format!(
                        "test {:?}: `{option}` only goes with `expect: {wanted}`",
                        spec.name
                    ),
                ));
            }
        }
        let severity = match spec.severity.as_deref().map(str::parse::<Severity>) {
            Some(Err(e)) => {
                found.push((
                    lines.field(index, "severity"),
                    format!("test {:?}: {e}", spec.name),
                ));
                None
            }
            Some(Ok(s)) => Some(s),
            None => None,
        };
        let mut facts = Vec::new();
        for (key, value) in &spec.facts {
            let Some(key) = key.as_str() else {
                found.push((
                    lines.field(index, "facts"),
                    format!("test {:?}: fact keys must be text", spec.name),
                ));
                continue;
            };
            let line = lines.key(index, key);
            if catalog::lookup(key).is_none() {
                found.push((line, unknown_key(&spec.name, key)));
            }
            match test_value(value) {
                Ok(value) => facts.push(TestFact {
                    key: key.to_string(),
                    value,
                    line,
                }),
                Err(why) => {
                    found.push((line, format!("test {:?}: fact `{key}`: {why}", spec.name)))
                }
            }
        }
        for (field, keys) in [("evidence", &spec.evidence), ("missing", &spec.missing)] {
            for key in keys.iter().flatten() {
                if catalog::lookup(key).is_none() {
                    found.push((lines.field(index, field), unknown_key(&spec.name, key)));
                }
            }
        }
        if !found.is_empty() {
            problems.extend(found.into_iter().map(|(line, m)| problem(Some(line), m)));
            continue;
        }
        tests.push(RuleTest {
            name: spec.name,
            line: lines.item_line(index),
            facts,
            expect,
            severity,
            summary_contains: spec.summary_contains,
            summary_zh_contains: spec.summary_zh_contains,
            evidence: spec.evidence.unwrap_or_default(),
            missing: spec.missing.unwrap_or_default(),
            error_contains: spec.error_contains,
        });
    }
    let file = TestFile {
        path: source.path.clone(),
        rule: spec.rule,
        rule_line: lines.top_level("rule"),
        tests,
    };
    (Some(file), problems)
}

fn unknown_key(test: &str, key: &str) -> String {
    let hint = suggest(key).map_or_else(String::new, |s| format!("; did you mean `{s}`?"));
    format!("test {test:?}: fact key `{key}` is not in the fact catalog{hint}")
}

/// A test fact's value: text, flag, number, or a list of numbers (a series).
fn test_value(value: &serde_yaml::Value) -> Result<Value, String> {
    use serde_yaml::Value as Y;
    match value {
        Y::Bool(b) => Ok(Value::Flag(*b)),
        Y::Number(n) => n
            .as_f64()
            .map(Value::Number)
            .ok_or_else(|| "not a usable number".to_string()),
        Y::String(s) => Ok(Value::Text(s.clone())),
        Y::Sequence(items) => {
            let samples: Option<Vec<f64>> = items.iter().map(Y::as_f64).collect();
            match samples {
                Some(samples) if !samples.is_empty() => Ok(Value::Series(
                    SeriesBuilder::from_values(&samples).finish(None),
                )),
                Some(_) => Err("an empty list: a series needs at least one sample".into()),
                None => Err("a list must hold numbers (the samples of a series)".into()),
            }
        }
        Y::Null => Err("no value".into()),
        Y::Mapping(_) | Y::Tagged(_) => {
            Err("expected text, a number, true/false or a list of numbers".into())
        }
    }
}

/// Lines in the test file, which serde does not keep, by each test's place under
/// `tests:`.
struct Lines {
    positions: YamlPositions,
}

impl Lines {
    fn new(text: &str) -> Lines {
        Lines {
            positions: YamlPositions::of(text),
        }
    }

    /// The 1-based first line of the test (else of `tests:`).
    fn item_line(&self, test: usize) -> usize {
        self.positions
            .line(&[Step::from("tests"), test.into()])
            .or_else(|| self.positions.line(&["tests"]))
            .unwrap_or(1)
    }

    /// The 1-based line of `name:` inside the test, else the test's first line.
    fn field(&self, test: usize, name: &str) -> usize {
        self.positions
            .line(&[Step::from("tests"), test.into(), name.into()])
            .unwrap_or_else(|| self.item_line(test))
    }

    /// The 1-based line of a fact key inside the test, else of its `facts:`.
    fn key(&self, test: usize, key: &str) -> usize {
        let path = [Step::from("tests"), test.into(), "facts".into(), key.into()];
        self.positions
            .line(&path)
            .unwrap_or_else(|| self.field(test, "facts"))
    }

    fn top_level(&self, key: &str) -> Option<usize> {
        self.positions.line(&[key])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Option<TestFile>, Vec<String>) {
        let (file, problems) = parse_test_file(&RuleSource {
            path: "t.test.yaml".into(),
            text: text.into(),
        });
        (file, problems.iter().map(ToString::to_string).collect())
    }

    const GOOD: &str = "rule: storage.disk_saturated
tests:
  - name: fires
    facts:
      disk.busiest.name: vdb
      disk.busiest.util_pct: [99, 99.5]
      host.virtualized: true
      cpu.count: 64
    expect: fires
    severity: high
  - name: quiet
    facts: {}
    expect: quiet
";

    #[test]
    fn reads_values_with_their_lines() {
        let (file, problems) = parse(GOOD);
        assert!(problems.is_empty(), "{problems:?}");
        let file = file.unwrap();
        assert_eq!(file.rule, "storage.disk_saturated");
        assert_eq!(file.rule_line, Some(1));
        let test = &file.tests[0];
        assert_eq!((test.line, test.expect), (3, Expect::Fires));
        let lines: Vec<(&str, usize)> = test
            .facts
            .iter()
            .map(|f| (f.key.as_str(), f.line))
            .collect();
        assert_eq!(
            lines,
            vec![
                ("disk.busiest.name", 5),
                ("disk.busiest.util_pct", 6),
                ("host.virtualized", 7),
                ("cpu.count", 8)
            ]
        );
        assert_eq!(test.facts[0].value, Value::Text("vdb".into()));
        assert!(matches!(test.facts[1].value, Value::Series(ref s) if s.count == 2));
        assert_eq!(test.facts[2].value, Value::Flag(true));
        assert_eq!(test.facts[3].value, Value::Number(64.0));
        assert_eq!(test.severity, Some(Severity::High));
        assert_eq!(file.tests[1].line, 11);
    }

    #[test]
    fn problems_name_their_line() {
        let (_, problems) = parse(&GOOD.replace("expect: quiet", "expect: silent"));
        assert_eq!(problems.len(), 1);
        assert!(problems[0].starts_with("t.test.yaml:13: "), "{problems:?}");
        assert!(problems[0].contains("unknown expect \"silent\""));

        let (_, problems) = parse(&GOOD.replace("cpu.count: 64", "cpu.cuont: 64"));
        assert!(problems[0].starts_with("t.test.yaml:8: "), "{problems:?}");
        assert!(
            problems[0].contains("did you mean `cpu.count`"),
            "{problems:?}"
        );

        let (_, problems) = parse(&GOOD.replace("severity: high", "severity: huge"));
        assert!(problems[0].starts_with("t.test.yaml:10: "), "{problems:?}");

        let (_, problems) =
            parse(&GOOD.replace("    expect: quiet", "    expect: quiet\n    severity: low"));
        assert!(
            problems[0].contains("`severity` only goes with `expect: fires`"),
            "{problems:?}"
        );

        let (_, problems) = parse(&GOOD.replace("[99, 99.5]", "[]"));
        assert!(problems[0].contains("empty list"), "{problems:?}");

        let (file, problems) =
            parse("rule: x\ntests:\n  - name: a\n    expect: fires\n    sevrity: high\n");
        assert!(file.is_none());
        assert!(
            problems[0].contains("unknown field `sevrity`"),
            "{problems:?}"
        );
        assert!(problems[0].starts_with("t.test.yaml:5:5: "), "{problems:?}");
    }
}
