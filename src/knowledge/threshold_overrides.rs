//! A rule directory's `thresholds.yaml`: new values for the named thresholds of rules
//! already loaded (`<rule id>: { <name>: <value> }`), so a consultancy can apply its
//! own figures without forking the rule. An override of a rule or a name that does
//! not exist is a load error naming the file and line, so a renamed threshold cannot
//! leave an override silently dead.

use crate::files::yaml_file::from_yaml;
use crate::rules::RuleSet;
use crate::rules::loader::{LoadError, RuleSource};
use crate::text::yaml_positions::YamlPositions;
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
    let positions = YamlPositions::of(&source.text);
    let mut problems = Vec::new();
    for (id, values) in overrides {
        let rule_line = positions.line(&[&id]);
        let Some(rule) = rules.rules.iter_mut().find(|r| r.meta.id == id) else {
            problems.push(error(
                rule_line,
                format!("no rule loaded has id {id:?}, so its thresholds cannot be overridden"),
            ));
            continue;
        };
        for (name, value) in values {
            let line = positions.line(&[&id, &name]).or(rule_line);
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
