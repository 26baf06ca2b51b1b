//! The methodology graph as the report draws it: every step with its question in both
//! languages and every edge with its guard. Each host's walk (`steps`, `skipped_steps`)
//! is drawn on top of it, so the map is kept once per diagnosis.

use crate::graph::Methodology;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MethodologyMap {
    pub root: String,
    /// In the order the methodology file lists them, each after its predecessors.
    pub steps: Vec<MapStep>,
    pub edges: Vec<MapEdge>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapStep {
    pub id: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_zh: Option<String>,
    /// Rules that answer this step.
    pub rules: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapEdge {
    pub from: String,
    pub to: String,
    pub when: String,
}

impl MethodologyMap {
    pub fn of(methodology: &Methodology) -> MethodologyMap {
        let graph = &methodology.graph;
        MethodologyMap {
            root: graph[methodology.root].id.clone(),
            steps: methodology
                .order
                .iter()
                .map(|&node| {
                    let step = &graph[node];
                    MapStep {
                        id: step.id.clone(),
                        title: step.title.clone(),
                        title_zh: step.title_zh.clone(),
                        rules: step.rules.clone(),
                    }
                })
                .collect(),
            edges: methodology
                .order
                .iter()
                .flat_map(|&node| {
                    graph[node].edges.iter().map(move |edge| MapEdge {
                        from: graph[node].id.clone(),
                        to: graph[edge.to].id.clone(),
                        when: edge.when.clone(),
                    })
                })
                .collect(),
        }
    }

    pub fn step(&self, id: &str) -> Option<&MapStep> {
        self.steps.iter().find(|s| s.id == id)
    }
}
