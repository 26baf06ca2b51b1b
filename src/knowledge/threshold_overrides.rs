//! A rule directory's `thresholds.yaml`: new values for the named thresholds of rules
//! already loaded (`<rule id>: { <name>: <value> }`), so a consultancy can apply its
//! own figures without forking the rule. An override of a rule or a name that does
//! not exist is a load error naming the file and line, so a renamed threshold cannot
//! leave an override silently dead.

use crate::bundle::metadata_file::from_yaml;
use crate::rules::RuleSet;
use crate::rules::loader::{LoadError, RuleSource};
use std::collections::BTreeMap;

pub const THRESHOLDS_FILE: &str = "thresholds.yaml";

type Overrides = BTreeMap<String, BTreeMap<String, f64>>;

/// Applies one `thresholds.yaml` to the rules; every problem, each at its line.
pub fn apply(source: &RuleSource, rules: &mut RuleSet) -> Vec<LoadError> {
    let error = |line: Option<usize>, message: String| LoadError {
        file: source.path.clone(),
        line,
        column: None,
        message,
    };
    let overrides: Overrides = match from_yaml::<Option<Overrides>>(&source.text) {
        Ok(overrides) => overrides.unwrap_or_default(),
        Err(e) => {
            return vec![LoadError {
                file: source.path.clone(),
                line: e.line,
                column: e.column,
                message: format!(
                    "{}; expected `<rule id>: {{ <threshold name>: <number> }}`",
                    e.message
                ),
            }];
        }
    };
    let mut problems = Vec::new();
    for (id, values) in overrides {
        let rule_line = key_line(&source.text, &id, 0);
        let Some(rule) = rules.rules.iter_mut().find(|r| r.meta.id == id) else {
            problems.push(error(
                rule_line,
                format!("no rule loaded has id {id:?}, so its thresholds cannot be overridden"),
            ));
            continue;
        };
        for (name, value) in values {
            let line = key_line(&source.text, &name, rule_line.unwrap_or(1) - 1);
            let Some(threshold) = rule.meta.thresholds.get_mut(&name) else {
                let declared: Vec<&str> = rule.meta.thresholds.keys().map(String::as_str).collect();
                problems.push(error(
                    line,
                    format!(
                        "rule {id} has no threshold {name:?} (it declares: {})",
                        if declared.is_empty() {
                            "none".to_string()
                        } else {
                            declared.join(", ")
                        }
                    ),
                ));
                continue;
            };
            if !value.is_finite() {
                problems.push(error(line, format!("{id}.{name}: not a finite number")));
                continue;
            }
            threshold.value = value;
            threshold.overridden_at = Some(match line {
                Some(l) => format!("{}:{l}", source.path),
                None => source.path.clone(),
            });
        }
    }
    problems
}

/// 1-based line of the first `key:` at or after line index `from` (as a block key or
/// inside a `{ … }` map), so problems point at the line to fix.
fn key_line(text: &str, key: &str, from: usize) -> Option<usize> {
    let written_as = |line: &str| {
        [
            format!("{key}:"),
            format!("\"{key}\":"),
            format!("'{key}':"),
        ]
        .iter()
        .any(|k| {
            line.trim_start().starts_with(k.as_str())
                || line.contains(&format!("{{ {k}"))
                || line.contains(&format!("{{{k}"))
                || line.contains(&format!(", {k}"))
        })
    };
    text.lines()
        .enumerate()
        .skip(from)
        .find(|(_, line)| written_as(line))
        .map(|(i, _)| i + 1)
}

#[cfg(test)]
mod tests {
    use super::key_line;

    #[test]
    fn keys_are_found_in_block_and_flow_maps() {
        let text = "# values\nstorage.disk_saturated:\n  disk_busy_pct: 85\nos.x: { a: 1, b: 2 }\n";
        assert_eq!(key_line(text, "storage.disk_saturated", 0), Some(2));
        assert_eq!(key_line(text, "disk_busy_pct", 1), Some(3));
        assert_eq!(key_line(text, "os.x", 0), Some(4));
        assert_eq!(key_line(text, "b", 3), Some(4));
        assert_eq!(key_line(text, "c", 0), None);
    }
}
