//! The knowledge base: the compiled rule set and the methodology graph, loaded once
//! per run. The base is the rule set built into the binary; each extra rule directory
//! (`--rules DIR`) adds its rules, methodology additions and rule tests on top. A
//! directory whose `methodology.yaml` names a `root` is a complete rule base and
//! replaces the built-in one (how `perfsage rules lint rules/` checks a working copy).
//! A directory's `thresholds.yaml` gives rules loaded new threshold values.

mod dirs;
mod layers;
pub mod measured;
mod shipped_code;
pub mod threshold_overrides;

pub use dirs::read_rule_dir;
pub use layers::{Assembly, Overridden, assemble};
pub use shipped_code::shipped_code;

use crate::error::InputError;
use crate::graph::Methodology;
use crate::rules::RuleSet;
use crate::rules::engine::RuleEngine;
use crate::rules::loader::{LoadError, RuleSource};
use crate::rules::prelude::is_lib_path;
use std::fmt;
use std::path::PathBuf;
use threshold_overrides::THRESHOLDS_FILE;

include!(concat!(env!("OUT_DIR"), "/builtin_rules.rs"));

pub const METHODOLOGY_FILE: &str = "methodology.yaml";
/// Rule tests sit next to their rule: `<name>.rhai` and `<name>.test.yaml`.
pub const TEST_SUFFIX: &str = ".test.yaml";

/// The files of one rule set: the built-in one or a directory.
#[derive(Debug, Clone)]
pub struct RuleLayer {
    /// The directory as the user gave it; none for the rules built into the binary.
    pub dir: Option<PathBuf>,
    pub rules: Vec<RuleSource>,
    /// Shared Rhai functions (`lib/*.rhai`), merged into this layer's rules and the
    /// layers after it.
    pub lib: Vec<RuleSource>,
    pub methodology: Option<RuleSource>,
    /// New values for named thresholds of the rules loaded (`thresholds.yaml`).
    pub thresholds: Option<RuleSource>,
    pub tests: Vec<RuleSource>,
}

impl RuleLayer {
    pub fn builtin() -> RuleLayer {
        let source = |(path, text): &(&str, &str)| RuleSource {
            path: (*path).to_string(),
            text: (*text).to_string(),
        };
        let (graphs, scripts): (Vec<RuleSource>, Vec<RuleSource>) = BUILTIN_RULE_FILES
            .iter()
            .map(source)
            .partition(|s| s.path.ends_with(".yaml"));
        let (lib, rules): (Vec<RuleSource>, Vec<RuleSource>) = scripts
            .into_iter()
            .partition(|s| s.path.strip_prefix("rules/").is_some_and(is_lib_path));
        let (methodology, thresholds) = graphs.into_iter().fold((None, None), |(m, t), g| {
            if g.path.ends_with(METHODOLOGY_FILE) {
                (Some(g), t)
            } else if g.path.ends_with(THRESHOLDS_FILE) {
                (m, Some(g))
            } else {
                (m, t)
            }
        });
        RuleLayer {
            dir: None,
            rules,
            lib,
            methodology,
            thresholds,
            tests: BUILTIN_RULE_TESTS.iter().map(source).collect(),
        }
    }

    /// A layer from files given as text: `.rhai` rules, `lib/*.rhai` shared
    /// functions, one `methodology.yaml`, `.test.yaml` rule tests.
    pub fn from_sources(sources: Vec<RuleSource>) -> RuleLayer {
        let mut layer = RuleLayer {
            dir: None,
            rules: Vec::new(),
            lib: Vec::new(),
            methodology: None,
            thresholds: None,
            tests: Vec::new(),
        };
        for source in sources {
            if source.path.ends_with(TEST_SUFFIX) {
                layer.tests.push(source);
            } else if source.path.ends_with(METHODOLOGY_FILE) {
                layer.methodology = Some(source);
            } else if source.path.ends_with(THRESHOLDS_FILE) {
                layer.thresholds = Some(source);
            } else if is_lib_path(&source.path) {
                layer.lib.push(source);
            } else {
                layer.rules.push(source);
            }
        }
        layer
    }

    /// `built-in` or the directory.
    pub fn name(&self) -> String {
        match &self.dir {
            Some(dir) => dir.display().to_string(),
            None => "built-in".into(),
        }
    }

    /// Whether the layer is a whole rule base (its methodology names the root) rather
    /// than additions to the one before it.
    pub fn is_complete(&self) -> bool {
        self.methodology.as_ref().is_some_and(|m| {
            crate::files::yaml_file::from_yaml::<serde_yaml::Value>(&m.text)
                .ok()
                .and_then(|v| v.get("root").cloned())
                .is_some()
        })
    }

    /// Every file of the layer: rules, lib, methodology, threshold overrides, tests.
    pub fn files(&self) -> impl Iterator<Item = &RuleSource> {
        self.rules
            .iter()
            .chain(&self.lib)
            .chain(&self.methodology)
            .chain(&self.thresholds)
            .chain(&self.tests)
    }
}

/// The rule layers for a run: the base (built in, or a complete rule directory among
/// `dirs`), then the other directories in the order given.
pub fn layers_for(dirs: &[PathBuf]) -> Result<Vec<RuleLayer>, InputError> {
    let mut base: Option<RuleLayer> = None;
    let mut additions = Vec::new();
    for dir in dirs {
        let layer = read_rule_dir(dir)?;
        if !layer.is_complete() {
            additions.push(layer);
            continue;
        }
        if let Some(first) = &base {
            return Err(InputError::new(
                dir.display().to_string(),
                format!(
                    "both this and {} are complete rule bases (their methodology.yaml names a root); give one, and the others as additions without `root`",
                    first.name()
                ),
            ));
        }
        base = Some(layer);
    }
    let mut layers = vec![base.unwrap_or_else(RuleLayer::builtin)];
    layers.extend(additions);
    Ok(layers)
}

pub struct KnowledgeBase {
    pub engine: RuleEngine,
    pub rules: RuleSet,
    pub methodology: Methodology,
    /// The layers the rule base was assembled from, base first.
    pub layers: Vec<RuleLayer>,
    /// Rules a later layer replaced.
    pub overridden: Vec<Overridden>,
    /// The gains each rule's step measured in the shipped cases' chains.
    pub measured: measured::MeasuredGains,
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
        Self::from_layers(vec![RuleLayer::builtin()])
    }

    /// The built-in rule base with the rule directories given by `--rules` on top.
    pub fn load(dirs: &[PathBuf]) -> anyhow::Result<KnowledgeBase> {
        Ok(Self::from_layers(layers_for(dirs)?)?)
    }

    /// A knowledge base from rule files given as text (`.rhai` rules and one
    /// `methodology.yaml`).
    pub fn from_sources(sources: Vec<RuleSource>) -> Result<KnowledgeBase, KnowledgeError> {
        Self::from_layers(vec![RuleLayer::from_sources(sources)])
    }

    /// A knowledge base from layers, refused with every problem if any layer has one.
    pub fn from_layers(layers: Vec<RuleLayer>) -> Result<KnowledgeBase, KnowledgeError> {
        let assembly = assemble(layers);
        match assembly.methodology {
            Some(methodology) if assembly.problems.is_empty() => Ok(KnowledgeBase {
                engine: assembly.engine,
                rules: assembly.rules,
                methodology,
                layers: assembly.layers,
                overridden: assembly.overridden,
                measured: measured::builtin(),
            }),
            _ => Err(KnowledgeError(assembly.problems)),
        }
    }

    /// The text of a rule or methodology file the rule base was loaded from.
    pub fn source_text(&self, path: &str) -> Option<&str> {
        self.layers
            .iter()
            .flat_map(RuleLayer::files)
            .find(|s| s.path == path)
            .map(|s| s.text.as_str())
    }
}
