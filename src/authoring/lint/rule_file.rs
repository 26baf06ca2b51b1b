//! Lint checks on one rule file: the fact keys it names (in `needs` and in helper
//! calls) must be in the fact catalog, it must declare the facts it needs and the
//! effort of its recommendation, the thresholds it reads must be declared with their
//! source (and those declared read), it should have tests, no scaffold placeholder
//! may be left, and no finding may give its Chinese beside the English (`summary_zh`).

use super::Diagnostic;
use crate::authoring::fact_keys::{
    is_catalogued, prefix_may_match, suggest, template_may_match, template_prefix_may_match,
};
use crate::authoring::fact_refs::{
    FactRef, KeyText, calls_of, fact_refs, map_keys, pattern_as_template, string_literals,
    syntax_error,
};
use crate::authoring::scaffold::PLACEHOLDER;
use crate::knowledge::{RuleLayer, TEST_SUFFIX, shipped_code};
use crate::rules::api::split_pattern;
use crate::rules::effort::Effort;
use crate::rules::finding_spec::{RETIRED_KEYS, retired};
use crate::rules::loader::{RuleSet, RuleSource, meta_field_line};
use crate::rules::threshold::Thresholds;
use rhai::{AST, Engine};

pub fn check(source: &RuleSource, engine: &Engine, layer: &RuleLayer) -> Vec<Diagnostic> {
    let file = source.path.as_str();
    let mut found = placeholders(source);
    for reference in fact_refs(&source.text) {
        if let Some(message) = reference_problem(&reference) {
            found.push(Diagnostic::error(
                file,
                Some(reference.line),
                Some(reference.column),
                message,
            ));
        }
    }
    // The metadata as the rule declares it (compiling again is cheap; problems with
    // the file itself were reported when the rule base was assembled).
    let (compiled, _) = RuleSet::compile(
        engine,
        std::slice::from_ref(source),
        &AST::empty(),
        &shipped_code,
    );
    if let Some(rule) = compiled.rules.first() {
        // The rule loaded, yet the file as a whole may not compile: META is read
        // without Rhai and functions compile when they first run.
        if let Some((line, column, message)) = syntax_error(&source.text) {
            found.push(Diagnostic::error(
                file,
                line,
                column,
                format!("the file does not compile as Rhai: {message}"),
            ));
        }
        let needs_line = meta_field_line(&source.text, "needs");
        if rule.meta.needs.is_empty() {
            found.push(Diagnostic::error(
                file,
                needs_line,
                None,
                "META.needs is empty: list the facts the rule cannot do without (perfsage facts --catalog lists them)".into(),
            ));
        }
        for key in &rule.meta.needs {
            if is_catalogued(key) {
                continue;
            }
            let position = string_literals(&source.text)
                .into_iter()
                .find(|(text, line, _)| text == key && Some(*line) >= needs_line)
                .map(|(_, line, column)| (line, column));
            found.push(Diagnostic::error(
                file,
                position.map(|p| p.0).or(needs_line),
                position.map(|p| p.1),
                format!("META.needs: {}", unknown_key(key)),
            ));
        }
        if rule
            .meta
            .recommendation
            .as_ref()
            .is_some_and(|r| r.effort.is_none())
        {
            found.push(Diagnostic::error(
                file,
                meta_field_line(&source.text, "recommendation"),
                None,
                format!(
                    "META.recommendation has no `effort`: say what trying it takes, one of: {} (the ranking of next actions weighs the gain against it)",
                    Effort::ALL.map(Effort::name).join(", ")
                ),
            ));
        }
        found.extend(threshold_problems(source, &rule.meta.thresholds));
        for (key, line, column) in map_keys(&source.text, &RETIRED_KEYS) {
            found.push(Diagnostic::error(
                file,
                Some(line),
                Some(column),
                retired(&key),
            ));
        }
        if let Some(stem) = file.strip_suffix(".rhai") {
            let test_file = format!("{stem}{TEST_SUFFIX}");
            if !layer.tests.iter().any(|t| t.path == test_file) {
                found.push(Diagnostic::warning(
                    file,
                    None,
                    format!("no tests: add {test_file} (the format is in rules/README.md)"),
                ));
            }
        }
    }
    found
}

/// Thresholds read but not declared, declared but never read, or declared without
/// the reference they come from.
fn threshold_problems(source: &RuleSource, declared: &Thresholds) -> Vec<Diagnostic> {
    let file = source.path.as_str();
    let reads = calls_of(&source.text, "threshold");
    let mut found = Vec::new();
    for read in &reads {
        if let KeyText::Literal(name) = &read.key
            && !declared.contains_key(name)
        {
            found.push(Diagnostic::error(
                file,
                Some(read.line),
                Some(read.column),
                format!(
                    "threshold(\"{name}\") is not declared in META.thresholds (add `{name}: #{{ value: …, unit: \"…\", source: \"…\" }}`)"
                ),
            ));
        }
    }
    // A name built at run time may read any threshold: only literal reads are counted.
    let dynamic = reads.iter().any(|r| matches!(r.key, KeyText::Template(_)));
    for (name, threshold) in declared {
        let line = meta_field_line(&source.text, name);
        if !dynamic
            && !reads
                .iter()
                .any(|r| matches!(&r.key, KeyText::Literal(n) if n == name))
        {
            found.push(Diagnostic::warning(
                file,
                line,
                format!("threshold {name:?} is declared but never read with threshold(\"{name}\")"),
            ));
        }
        if threshold
            .source
            .as_deref()
            .is_none_or(|s| s.trim().is_empty())
        {
            found.push(Diagnostic::error(
                file,
                line,
                None,
                format!("threshold {name:?} has no `source`: say where the figure comes from (a measurement, document or standard)"),
            ));
        }
    }
    found
}

/// What is wrong with the key, prefix or pattern a helper call names, if anything: it
/// must be able to name a fact of the catalog.
pub fn reference_problem(reference: &FactRef) -> Option<String> {
    let helper = &reference.helper;
    match &reference.key {
        KeyText::Literal(prefix) if reference.is_prefix() => {
            (!prefix_may_match(prefix)).then(|| {
                format!("{helper}(\"{prefix}\"): no fact in the catalog starts with `{prefix}`")
            })
        }
        KeyText::Literal(pattern) if reference.is_pattern() => {
            if split_pattern(pattern).is_none() {
                Some(format!(
                    "{helper}(\"{pattern}\"): the pattern needs exactly one `*`, as a whole segment"
                ))
            } else {
                (!template_may_match(&pattern_as_template(pattern))).then(|| {
                    format!("{helper}(\"{pattern}\"): no fact in the catalog matches `{pattern}`")
                })
            }
        }
        KeyText::Literal(key) => (!is_catalogued(key)).then(|| unknown_key(key)),
        KeyText::Template(template) => {
            let may_match = if reference.is_prefix() {
                template_prefix_may_match(template)
            } else if reference.is_pattern() {
                template_may_match(&pattern_as_template(template))
            } else {
                template_may_match(template)
            };
            (!may_match).then(|| format!(
                "`{template}` cannot name any fact in the fact catalog (each `${{…}}` stands for one or more segments)"
            ))
        }
    }
}

/// A lib file holds functions that reshape values: they are given values, never read
/// facts themselves (a fact they read would be missing from the `needs`, evidence and
/// `explain` of every rule calling them).
pub fn lib_file(source: &RuleSource) -> Vec<Diagnostic> {
    let mut found = placeholders(source);
    for reference in fact_refs(&source.text) {
        found.push(Diagnostic::error(
            &source.path,
            Some(reference.line),
            Some(reference.column),
            format!(
                "a lib function may not read facts ({}): pass the value in from the rule",
                reference.helper
            ),
        ));
    }
    found
}

/// Lines still holding the scaffold's placeholder text.
pub fn placeholders(source: &RuleSource) -> Vec<Diagnostic> {
    source
        .text
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let column = line.find(PLACEHOLDER)?;
            let what = line[column + PLACEHOLDER.len()..]
                .trim_start_matches(':')
                .split('"')
                .next()
                .unwrap_or("")
                .trim();
            Some(Diagnostic::error(
                &source.path,
                Some(i + 1),
                Some(line[..column].chars().count() + 1),
                format!("left to fill in (scaffold placeholder): {what}"),
            ))
        })
        .collect()
}

pub fn unknown_key(key: &str) -> String {
    match suggest(key) {
        Some(s) => format!("fact key `{key}` is not in the fact catalog; did you mean `{s}`?"),
        None => format!(
            "fact key `{key}` is not in the fact catalog (perfsage facts --catalog lists them)"
        ),
    }
}
