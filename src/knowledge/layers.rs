//! Assembles rule layers into one rule set and one methodology. A rule of a later
//! layer whose id an earlier layer already defines is an error unless its META says
//! `overrides: true`, in which case it replaces the earlier rule; `overrides: true`
//! with nothing to replace is an error too, so a renamed built-in rule cannot leave a
//! consultancy's override silently dead. Every problem is collected, so `rules lint`
//! can list them all; the rules that did compile are kept. Each layer's
//! `thresholds.yaml` then sets threshold values of the rules assembled.

use super::{METHODOLOGY_FILE, RuleLayer, threshold_overrides};
use crate::graph::Methodology;
use crate::rules::engine::RuleEngine;
use crate::rules::loader::{LoadError, Rule, RuleSet, RuleSource, meta_field_line};
use crate::rules::prelude;
use rhai::AST;

/// A rule replaced by one of the same id in a later layer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overridden {
    pub id: String,
    /// The file of the replaced rule.
    pub file: String,
    /// The file of the rule that replaced it.
    pub by: String,
}

/// What assembling layers produced: the rules that compiled, the methodology if it
/// validated, and every problem found on the way.
pub struct Assembly {
    pub engine: RuleEngine,
    pub rules: RuleSet,
    pub methodology: Option<Methodology>,
    pub layers: Vec<RuleLayer>,
    pub overridden: Vec<Overridden>,
    pub problems: Vec<LoadError>,
}

pub fn assemble(layers: Vec<RuleLayer>) -> Assembly {
    let engine = RuleEngine::new();
    let mut problems = Vec::new();
    let mut rules: Vec<Rule> = Vec::new();
    let mut overridden = Vec::new();
    // Each layer's rules see the shared functions of that layer and the ones before it.
    let mut prelude = AST::empty();
    for layer in &layers {
        let (with_layer, mut errors) = prelude::compile(&engine.engine, &prelude, &layer.lib);
        problems.append(&mut errors);
        prelude = with_layer;
        let (compiled, mut errors) =
            RuleSet::compile(&engine.engine, &layer.rules, &prelude, &super::shipped_code);
        problems.append(&mut errors);
        for rule in compiled.rules {
            let text = source_of(layer, &rule.file);
            let overrides_line = || meta_field_line(text, "overrides");
            match rules.iter().position(|r| r.meta.id == rule.meta.id) {
                Some(i) if rule.meta.overrides => {
                    overridden.push(Overridden {
                        id: rule.meta.id.clone(),
                        file: rules[i].file.clone(),
                        by: rule.file.clone(),
                    });
                    rules[i] = rule;
                }
                Some(i) => problems.push(LoadError {
                    file: rule.file.clone(),
                    line: meta_field_line(text, "id"),
                    column: None,
                    message: format!(
                        "rule id {:?} is already defined in {}; add `overrides: true` to META to replace that rule",
                        rule.meta.id, rules[i].file
                    ),
                }),
                None if rule.meta.overrides => problems.push(LoadError {
                    file: rule.file.clone(),
                    line: overrides_line(),
                    column: None,
                    message: format!(
                        "META.overrides is set but no rule loaded before this one has id {:?}",
                        rule.meta.id
                    ),
                }),
                None => rules.push(rule),
            }
        }
    }
    rules.sort_by(|a, b| a.meta.id.cmp(&b.meta.id));
    let mut rules = RuleSet { rules };
    // Overrides apply once every layer's rules are in, later layers last.
    for source in layers.iter().filter_map(|l| l.thresholds.as_ref()) {
        problems.extend(threshold_overrides::apply(source, &mut rules));
    }
    for rule in &rules.rules {
        for symptom in rule.meta.explains.iter().flat_map(|e| &e.symptoms) {
            if rules.get(symptom).is_none() {
                let text = layers
                    .iter()
                    .map(|l| source_of(l, &rule.file))
                    .find(|t| !t.is_empty())
                    .unwrap_or_default();
                problems.push(LoadError {
                    file: rule.file.clone(),
                    line: meta_field_line(text, "explains"),
                    column: None,
                    message: format!("META.explains names unknown rule {symptom:?}"),
                });
            }
        }
    }
    let graphs: Vec<RuleSource> = layers
        .iter()
        .filter_map(|l| l.methodology.clone())
        .collect();
    let methodology = if layers.first().is_some_and(|l| l.methodology.is_none()) {
        problems.push(LoadError {
            file: layers[0]
                .dir
                .as_ref()
                .map_or_else(|| "rules".to_string(), |d| d.display().to_string()),
            line: None,
            column: None,
            message: format!("no {METHODOLOGY_FILE} found"),
        });
        None
    } else {
        match Methodology::load_layers(&graphs, &engine.engine, &rules) {
            Ok(methodology) => Some(methodology),
            Err(errors) => {
                // The graph names a rule file only for its META.step: point at that line.
                problems.extend(errors.into_iter().map(|mut e| {
                    if e.line.is_none()
                        && let Some(text) = layers
                            .iter()
                            .flat_map(|l| &l.rules)
                            .find(|s| s.path == e.file)
                            .map(|s| s.text.as_str())
                    {
                        e.line = meta_field_line(text, "step");
                    }
                    e
                }));
                None
            }
        }
    };
    Assembly {
        engine,
        rules,
        methodology,
        layers,
        overridden,
        problems,
    }
}

fn source_of<'a>(layer: &'a RuleLayer, file: &str) -> &'a str {
    layer
        .rules
        .iter()
        .find(|s| s.path == file)
        .map_or("", |s| s.text.as_str())
}
