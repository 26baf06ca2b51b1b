//! The knowledge base: the compiled rule set and the methodology graph, loaded once
//! per run from the rules built into the binary.

use crate::graph::Methodology;
use crate::rules::RuleSet;
use crate::rules::engine::RuleEngine;
use crate::rules::loader::{LoadError, RuleSource};
use std::fmt;

include!(concat!(env!("OUT_DIR"), "/builtin_rules.rs"));

pub const METHODOLOGY_FILE: &str = "methodology.yaml";

pub struct KnowledgeBase {
    pub engine: RuleEngine,
    pub rules: RuleSet,
    pub methodology: Methodology,
}

/// Everything wrong with a rule set, one problem per line.
#[derive(Debug)]
pub struct KnowledgeError(pub Vec<LoadError>);

impl fmt::Display for KnowledgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&lines.join("\n"))
    }
}

impl std::error::Error for KnowledgeError {}

impl KnowledgeBase {
    /// The rules and methodology shipped inside the binary.
    pub fn builtin() -> Result<KnowledgeBase, KnowledgeError> {
        let sources = BUILTIN_RULE_FILES
            .iter()
            .map(|(path, text)| RuleSource {
                path: (*path).to_string(),
                text: (*text).to_string(),
            })
            .collect();
        Self::from_sources(sources)
    }

    /// A knowledge base from rule files given as text (`.rhai` rules and one
    /// `methodology.yaml`).
    pub fn from_sources(sources: Vec<RuleSource>) -> Result<KnowledgeBase, KnowledgeError> {
        let (graphs, scripts): (Vec<RuleSource>, Vec<RuleSource>) =
            sources.into_iter().partition(|s| s.path.ends_with(".yaml"));
        let engine = RuleEngine::new();
        let rules = RuleSet::compile(&engine.engine, &scripts).map_err(KnowledgeError)?;
        let Some(graph) = graphs.iter().find(|g| g.path.ends_with(METHODOLOGY_FILE)) else {
            return Err(KnowledgeError(vec![LoadError {
                file: "rules".into(),
                line: None,
                column: None,
                message: format!("no {METHODOLOGY_FILE} found"),
            }]));
        };
        let methodology = Methodology::load(&graph.path, &graph.text, &engine.engine, &rules)
            .map_err(KnowledgeError)?;
        Ok(KnowledgeBase {
            engine,
            rules,
            methodology,
        })
    }
}
