//! Loads and validates the methodology: every edge target and every rule id a guard
//! names must exist, every rule's step must exist, the graph must be acyclic, every
//! step reachable from the root, and every leaf must recommend something (rules or
//! captures). Problems come back together, each with file and line.

use super::model::{MethodologyFile, StepSpec};
use crate::rules::RuleSet;
use crate::rules::loader::LoadError;
use petgraph::Direction;
use petgraph::algo::toposort;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::Dfs;
use regex::Regex;
use rhai::{AST, Engine};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

pub struct Step {
    pub id: String,
    pub title: String,
    pub capture: Vec<String>,
    /// Ids of the rules that declare this step, sorted.
    pub rules: Vec<String>,
    /// Outgoing edges in the order the file lists them.
    pub edges: Vec<Edge>,
}

pub struct Edge {
    pub to: NodeIndex,
    pub when: String,
    pub guard: AST,
}

pub struct Methodology {
    pub file: String,
    pub graph: DiGraph<Step, ()>,
    pub root: NodeIndex,
    /// All steps in an order where every step comes after its predecessors.
    pub order: Vec<NodeIndex>,
}

impl Methodology {
    pub fn step(&self, id: &str) -> Option<&Step> {
        self.graph.node_weights().find(|s| s.id == id)
    }

    pub fn load(
        file: &str,
        text: &str,
        engine: &Engine,
        rules: &RuleSet,
    ) -> Result<Methodology, Vec<LoadError>> {
        let spec: MethodologyFile = serde_yaml::from_str(text).map_err(|e| {
            let location = e.location();
            vec![LoadError {
                file: file.to_string(),
                line: location.as_ref().map(|l| l.line()),
                column: location.as_ref().map(|l| l.column()),
                message: e.to_string(),
            }]
        })?;
        let mut errors = Vec::new();
        let error_at = |needle: &str, message: String| LoadError {
            file: file.to_string(),
            line: line_of(text, needle),
            column: None,
            message,
        };

        let mut graph: DiGraph<Step, ()> = DiGraph::new();
        let mut index: HashMap<String, NodeIndex> = HashMap::new();
        for spec in &spec.steps {
            if index.contains_key(&spec.id) {
                errors.push(error_at(
                    &format!("id: {}", spec.id),
                    format!("duplicate step id {:?}", spec.id),
                ));
                continue;
            }
            let node = graph.add_node(Step {
                id: spec.id.clone(),
                title: spec.title.clone(),
                capture: spec.capture.clone(),
                rules: Vec::new(),
                edges: Vec::new(),
            });
            index.insert(spec.id.clone(), node);
        }
        let Some(&root) = index.get(&spec.root) else {
            errors.push(error_at(
                "root:",
                format!("root step {:?} is not defined", spec.root),
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
                    message: format!("META.step {:?} is not a step of {file}", rule.meta.step),
                }),
            }
        }

        let fired_ref = Regex::new(r#"fired\(\s*"([^"]*)"\s*\)"#).expect("valid regex");
        for StepSpec { id, next, .. } in &spec.steps {
            let Some(&from) = index.get(id) else { continue };
            for edge in next {
                let Some(&to) = index.get(&edge.to) else {
                    errors.push(error_at(
                        &format!("to: {}", edge.to),
                        format!("step {id:?} leads to unknown step {:?}", edge.to),
                    ));
                    continue;
                };
                for reference in fired_ref.captures_iter(&edge.when) {
                    let rule_id = &reference[1];
                    if rules.get(rule_id).is_none() {
                        errors.push(error_at(
                            &edge.when,
                            format!("guard names unknown rule {rule_id:?}"),
                        ));
                    }
                }
                match engine.compile_expression(&edge.when) {
                    Ok(guard) => {
                        graph.add_edge(from, to, ());
                        graph[from].edges.push(Edge {
                            to,
                            when: edge.when.clone(),
                            guard,
                        });
                    }
                    Err(e) => errors.push(error_at(
                        &edge.when,
                        format!("guard `{}` does not compile: {}", edge.when, e.err_type()),
                    )),
                }
            }
        }

        let order = match toposort(&graph, None) {
            Ok(_) => file_order_topologically(&graph),
            Err(cycle) => {
                let id = &graph[cycle.node_id()].id;
                errors.push(error_at(
                    &format!("id: {id}"),
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
                errors.push(error_at(
                    &format!("id: {}", step.id),
                    format!(
                        "step {:?} cannot be reached from the root {:?}",
                        step.id, spec.root
                    ),
                ));
            }
            if step.edges.is_empty() && step.rules.is_empty() && step.capture.is_empty() {
                errors.push(error_at(
                    &format!("id: {}", step.id),
                    format!("leaf step {:?} recommends nothing: no rule declares it and it lists no capture", step.id),
                ));
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Methodology {
            file: file.to_string(),
            graph,
            root,
            order,
        })
    }
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

/// 1-based line of the first line containing `needle`.
fn line_of(text: &str, needle: &str) -> Option<usize> {
    text.lines().position(|l| l.contains(needle)).map(|i| i + 1)
}
