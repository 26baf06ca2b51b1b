//! Loads and validates the methodology: every edge target and every rule id a guard
//! names must exist, every rule's step must exist, the graph must be acyclic, every
//! step reachable from the root, and every leaf must recommend something (rules or
//! captures). The built-in file may be followed by additions from extra rule
//! directories (new steps, overriding steps, extra edges). Problems come back
//! together, each with file and line.

use super::model::{EdgeAddition, EdgeSpec, MethodologyFile, StepSpec};
use crate::files::yaml_file::from_yaml;
use crate::rules::RuleSet;
use crate::rules::loader::{LoadError, RuleSource};
use crate::text::yaml_positions::{Step as YamlStep, YamlPositions};
use petgraph::Direction;
use petgraph::algo::toposort;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::Dfs;
use regex::Regex;
use rhai::{AST, Engine};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

pub struct Step {
    pub id: String,
    pub title: String,
    pub title_zh: Option<String>,
    pub capture: Vec<String>,
    /// Ids of the rules that declare this step, sorted.
    pub rules: Vec<String>,
    /// Outgoing edges in the order the file lists them.
    pub edges: Vec<Edge>,
    /// The methodology file that defines the step, and the line of its id.
    pub file: String,
    pub line: Option<usize>,
}

pub struct Edge {
    pub to: NodeIndex,
    pub when: String,
    pub guard: AST,
    /// The methodology file and line the edge is written at.
    pub file: String,
    pub line: Option<usize>,
}

impl Edge {
    /// `file:line` of the edge, for messages.
    pub fn location(&self) -> String {
        match self.line {
            Some(line) => format!("{}:{line}", self.file),
            None => self.file.clone(),
        }
    }
}

pub struct Methodology {
    /// The file that names the root.
    pub file: String,
    pub graph: DiGraph<Step, ()>,
    pub root: NodeIndex,
    /// All steps in an order where every step comes after its predecessors.
    pub order: Vec<NodeIndex>,
}

/// A step as the merged files define it, with the file it comes from.
struct PlacedStep<'a> {
    spec: &'a StepSpec,
    source: &'a RuleSource,
    line: Option<usize>,
    positions: &'a YamlPositions,
    /// Its place among its file's steps.
    at: usize,
}

/// A methodology file read: where it came from, its content, where things are in it.
type ParsedFile<'a> = (&'a RuleSource, MethodologyFile, YamlPositions);

/// An edge to build, with where it is written.
struct PlacedEdge<'a> {
    from: String,
    to: &'a str,
    when: &'a str,
    source: &'a RuleSource,
    line: Option<usize>,
}

impl Methodology {
    pub fn step(&self, id: &str) -> Option<&Step> {
        self.graph.node_weights().find(|s| s.id == id)
    }

    /// Loads a complete methodology file (with `root`) followed by additions.
    pub fn load_layers(
        files: &[RuleSource],
        engine: &Engine,
        rules: &RuleSet,
    ) -> Result<Methodology, Vec<LoadError>> {
        let mut errors = Vec::new();
        let mut parsed: Vec<ParsedFile> = Vec::new();
        for source in files {
            match from_yaml::<MethodologyFile>(&source.text) {
                Ok(spec) => parsed.push((source, spec, YamlPositions::of(&source.text))),
                Err(e) => errors.push(LoadError {
                    file: source.path.clone(),
                    line: e.line,
                    column: e.column,
                    message: e.message,
                }),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let Some((base_source, base, base_positions)) = parsed.first() else {
            return Err(vec![LoadError {
                file: "rules".into(),
                line: None,
                column: None,
                message: "no methodology file".into(),
            }]);
        };
        let Some(root_id) = base.root.as_deref() else {
            return Err(vec![error_at(
                base_source,
                None,
                format!(
                    "{} names no `root:` step, so it cannot be the base methodology",
                    base_source.path
                ),
            )]);
        };
        for (source, spec, positions) in parsed.iter().skip(1) {
            if spec.root.is_some() {
                errors.push(error_at(
                    source,
                    positions.line(&["root"]),
                    "an addition to the methodology may not name the root; only the base file does"
                        .into(),
                ));
            }
        }

        let steps = merge_steps(&parsed, &mut errors);
        let mut graph: DiGraph<Step, ()> = DiGraph::new();
        let mut index: HashMap<String, NodeIndex> = HashMap::new();
        for placed in &steps {
            let node = graph.add_node(Step {
                id: placed.spec.id.clone(),
                title: placed.spec.title.clone(),
                title_zh: placed.spec.title_zh.clone(),
                capture: placed.spec.capture.clone(),
                rules: Vec::new(),
                edges: Vec::new(),
                file: placed.source.path.clone(),
                line: placed.line,
            });
            index.insert(placed.spec.id.clone(), node);
        }
        let Some(&root) = index.get(root_id) else {
            errors.push(error_at(
                base_source,
                base_positions.line(&["root"]),
                format!("root step {root_id:?} is not defined"),
            ));
            return Err(errors);
        };

        for rule in &rules.rules {
            match index.get(&rule.meta.step) {
                Some(&node) => graph[node].rules.push(rule.meta.id.clone()),
                None => errors.push(LoadError {
                    file: rule.file.clone(),
                    line: None,
                    column: None,
                    message: format!(
                        "META.step {:?} is not a step of the methodology",
                        rule.meta.step
                    ),
                }),
            }
        }

        let fired_ref = Regex::new(r#"fired\(\s*"([^"]*)"\s*\)"#).expect("valid regex");
        for edge in edges_to_build(&steps, &parsed, &index, &mut errors) {
            let from = index[&edge.from];
            let Some(&to) = index.get(edge.to) else {
                errors.push(error_at(
                    edge.source,
                    edge.line,
                    format!("step {:?} leads to unknown step {:?}", edge.from, edge.to),
                ));
                continue;
            };
            for reference in fired_ref.captures_iter(edge.when) {
                let rule_id = &reference[1];
                if rules.get(rule_id).is_none() {
                    errors.push(error_at(
                        edge.source,
                        edge.line,
                        format!("guard names unknown rule {rule_id:?}"),
                    ));
                }
            }
            match engine.compile_expression(edge.when) {
                Ok(guard) => {
                    graph.add_edge(from, to, ());
                    graph[from].edges.push(Edge {
                        to,
                        when: edge.when.to_string(),
                        guard,
                        file: edge.source.path.clone(),
                        line: edge.line,
                    });
                }
                Err(e) => errors.push(error_at(
                    edge.source,
                    edge.line,
                    format!("guard `{}` does not compile: {}", edge.when, e.err_type()),
                )),
            }
        }

        let step_error = |node: NodeIndex, message: String| {
            let step = &graph[node];
            LoadError {
                file: step.file.clone(),
                line: step.line,
                column: None,
                message,
            }
        };
        let order = match toposort(&graph, None) {
            Ok(_) => file_order_topologically(&graph),
            Err(cycle) => {
                let id = &graph[cycle.node_id()].id;
                errors.push(step_error(
                    cycle.node_id(),
                    format!("step {id:?} is part of a cycle"),
                ));
                Vec::new()
            }
        };
        let mut reachable = vec![false; graph.node_count()];
        let mut dfs = Dfs::new(&graph, root);
        while let Some(node) = dfs.next(&graph) {
            reachable[node.index()] = true;
        }
        for node in graph.node_indices() {
            let step = &graph[node];
            if !reachable[node.index()] {
                errors.push(step_error(
                    node,
                    format!(
                        "step {:?} cannot be reached from the root {root_id:?}",
                        step.id
                    ),
                ));
            }
            if step.edges.is_empty() && step.rules.is_empty() && step.capture.is_empty() {
                errors.push(step_error(
                    node,
                    format!("leaf step {:?} recommends nothing: no rule declares it and it lists no capture", step.id),
                ));
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Methodology {
            file: base_source.path.clone(),
            graph,
            root,
            order,
        })
    }
}

/// The steps of all files in order; a later file may replace a step only when it
/// says `overrides: true`.
fn merge_steps<'a>(
    parsed: &'a [ParsedFile<'a>],
    errors: &mut Vec<LoadError>,
) -> Vec<PlacedStep<'a>> {
    let mut steps: Vec<PlacedStep<'a>> = Vec::new();
    let mut by_id: HashMap<&str, usize> = HashMap::new();
    for (source, file, positions) in parsed {
        let mut in_this_file: HashSet<&str> = HashSet::new();
        for (at, spec) in file.steps.iter().enumerate() {
            let line = positions.line(&[YamlStep::from("steps"), at.into(), "id".into()]);
            if !in_this_file.insert(&spec.id) {
                errors.push(error_at(
                    source,
                    line,
                    format!("duplicate step id {:?}", spec.id),
                ));
                continue;
            }
            let placed = PlacedStep {
                spec,
                source,
                line,
                positions,
                at,
            };
            match by_id.get(spec.id.as_str()) {
                Some(&i) if spec.overrides => steps[i] = placed,
                Some(&i) => errors.push(error_at(
                    source,
                    line,
                    format!(
                        "step {:?} is already defined in {}; add `overrides: true` to replace it",
                        spec.id, steps[i].source.path
                    ),
                )),
                None if spec.overrides => errors.push(error_at(
                    source,
                    line,
                    format!(
                        "step {:?} says `overrides: true` but no earlier methodology file defines it",
                        spec.id
                    ),
                )),
                None => {
                    by_id.insert(&spec.id, steps.len());
                    steps.push(placed);
                }
            }
        }
    }
    steps
}

/// Each step's own edges, then the `edges` additions, in file order.
fn edges_to_build<'a>(
    steps: &[PlacedStep<'a>],
    parsed: &'a [ParsedFile<'a>],
    index: &HashMap<String, NodeIndex>,
    errors: &mut Vec<LoadError>,
) -> Vec<PlacedEdge<'a>> {
    let mut edges = Vec::new();
    for step in steps {
        for (at, EdgeSpec { to, when }) in step.spec.next.iter().enumerate() {
            let path = [
                YamlStep::from("steps"),
                step.at.into(),
                "next".into(),
                at.into(),
            ];
            edges.push(PlacedEdge {
                from: step.spec.id.clone(),
                to,
                when,
                source: step.source,
                line: edge_line(step.positions, &path),
            });
        }
    }
    for (source, file, positions) in parsed {
        for (at, EdgeAddition { from, to, when }) in file.edges.iter().enumerate() {
            let path = [YamlStep::from("edges"), at.into()];
            let from_line = positions.line(&[path[0].clone(), path[1].clone(), "from".into()]);
            if !index.contains_key(from) {
                errors.push(error_at(
                    source,
                    from_line,
                    format!("edge from unknown step {from:?}"),
                ));
                continue;
            }
            edges.push(PlacedEdge {
                from: from.clone(),
                to,
                when,
                source,
                line: edge_line(positions, &path),
            });
        }
    }
    edges
}

fn error_at(source: &RuleSource, line: Option<usize>, message: String) -> LoadError {
    LoadError {
        file: source.path.clone(),
        line,
        column: None,
        message,
    }
}

/// 1-based line of the edge at `path`: its `when:`, or its `to:` when it has no guard.
fn edge_line(positions: &YamlPositions, path: &[YamlStep]) -> Option<usize> {
    let field = |name: &str| {
        let mut at = path.to_vec();
        at.push(name.into());
        positions.line(&at)
    };
    field("when").or_else(|| field("to"))
}

/// A topological order of an acyclic graph that, among steps free to come next,
/// keeps the order of the file, so reports list steps the way the author wrote them.
fn file_order_topologically(graph: &DiGraph<Step, ()>) -> Vec<NodeIndex> {
    let mut waiting: Vec<usize> = graph
        .node_indices()
        .map(|n| graph.neighbors_directed(n, Direction::Incoming).count())
        .collect();
    let mut ready: BinaryHeap<Reverse<usize>> = waiting
        .iter()
        .enumerate()
        .filter(|(_, w)| **w == 0)
        .map(|(i, _)| Reverse(i))
        .collect();
    let mut order = Vec::with_capacity(graph.node_count());
    while let Some(Reverse(i)) = ready.pop() {
        let node = NodeIndex::new(i);
        order.push(node);
        for next in graph.neighbors_directed(node, Direction::Outgoing) {
            waiting[next.index()] -= 1;
            if waiting[next.index()] == 0 {
                ready.push(Reverse(next.index()));
            }
        }
    }
    order
}
