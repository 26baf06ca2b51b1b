//! Lint checks on a rule-test file: it must parse, name a rule that exists, use
//! known expectations and catalogued fact keys (all reported by the parser with their
//! line); values should have the kind the catalog gives the fact, and a file next to
//! a rule should test that rule.

use super::Diagnostic;
use super::rule_file::placeholders;
use crate::authoring::rule_tests::parse_test_file;
use crate::facts::Value;
use crate::knowledge::TEST_SUFFIX;
use crate::rules::loader::{RuleSet, RuleSource};
use crate::tools::catalog::{self, Kind};

pub fn check(source: &RuleSource, rules: &RuleSet) -> Vec<Diagnostic> {
    let file = source.path.as_str();
    let mut found = placeholders(source);
    let (parsed, problems) = parse_test_file(source);
    found.extend(problems.into_iter().map(Diagnostic::from));
    let Some(parsed) = parsed else {
        return found;
    };
    if rules.get(&parsed.rule).is_none() {
        found.push(Diagnostic::error(
            file,
            parsed.rule_line,
            None,
            format!("tests unknown rule {:?}", parsed.rule),
        ));
    }
    let sibling = file
        .strip_suffix(TEST_SUFFIX)
        .map(|stem| format!("{stem}.rhai"));
    if let Some(sibling) = sibling
        && let Some(rule) = rules.rules.iter().find(|r| r.file == sibling)
        && rule.meta.id != parsed.rule
    {
        found.push(Diagnostic::warning(
            file,
            parsed.rule_line,
            format!(
                "sits next to {sibling} (rule {}) but tests rule {}",
                rule.meta.id, parsed.rule
            ),
        ));
    }
    for test in &parsed.tests {
        for fact in &test.facts {
            let Some(entry) = catalog::lookup(&fact.key) else {
                continue;
            };
            let given = match fact.value {
                Value::Number(_) => Kind::Number,
                Value::Text(_) => Kind::Text,
                Value::Flag(_) => Kind::Flag,
                Value::Series(_) => Kind::Series,
            };
            // A plain number stands for a series (it is its own average).
            let fine = given == entry.kind || (given == Kind::Number && entry.kind == Kind::Series);
            if !fine {
                found.push(Diagnostic::warning(
                    file,
                    Some(fact.line),
                    format!(
                        "test {:?}: the catalog gives `{}` as {}, the test as {}",
                        test.name,
                        fact.key,
                        kind_name(entry.kind),
                        kind_name(given)
                    ),
                ));
            }
        }
    }
    found
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Number => "a number",
        Kind::Text => "text",
        Kind::Flag => "a flag (true/false)",
        Kind::Series => "a series (a list of samples)",
    }
}
