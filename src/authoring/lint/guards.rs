//! Lint checks on a methodology file's guards: the fact keys they read must be in the
//! fact catalog. (Unknown steps and rules, cycles and unreachable steps are found when
//! the methodology is loaded.)

use super::Diagnostic;
use super::rule_file::reference_problem;
use crate::authoring::fact_refs::fact_refs;
use crate::rules::loader::RuleSource;

pub fn check(methodology: &RuleSource) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (index, line) in methodology.text.lines().enumerate() {
        let Some((offset, guard)) = guard_of(line) else {
            continue;
        };
        for reference in fact_refs(&guard) {
            if let Some(message) = reference_problem(&reference) {
                found.push(Diagnostic::error(
                    &methodology.path,
                    Some(index + 1),
                    Some(offset + reference.column),
                    format!("guard: {message}"),
                ));
            }
        }
    }
    found
}

/// The guard expression of a `when:` line without its YAML quoting, and the number of
/// characters before it on the line.
fn guard_of(line: &str) -> Option<(usize, String)> {
    let at = line.find("when:")?;
    let before = line[..at].trim_start().trim_start_matches('-').trim();
    if !before.is_empty() {
        return None;
    }
    let value_start = at + "when:".len();
    let raw = &line[value_start..];
    let leading = raw.len() - raw.trim_start().len();
    let value = raw.trim();
    let chars_before = |bytes: usize| line[..bytes].chars().count();
    if let Some(inner) = value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) {
        Some((
            chars_before(value_start + leading + 1),
            inner.replace("''", "'"),
        ))
    } else if let Some(inner) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        Some((
            chars_before(value_start + leading + 1),
            inner.replace("\\\"", "\""),
        ))
    } else {
        let value = value.split(" #").next().unwrap_or(value);
        Some((chars_before(value_start + leading), value.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guards_lose_their_quotes_and_keep_their_column() {
        assert_eq!(
            guard_of("        when: fired(\"a.b\") && flag(\"host.virtualized\")"),
            Some((14, "fired(\"a.b\") && flag(\"host.virtualized\")".into()))
        );
        assert_eq!(
            guard_of("        when: '!fired(\"a.b\")'"),
            Some((15, "!fired(\"a.b\")".into()))
        );
        assert_eq!(guard_of("  title: when: not a guard"), None);
    }
}
