//! Exports the methodology graph as Graphviz DOT or Mermaid, so consultants can
//! review the methodology as a picture.

use super::Methodology;

impl Methodology {
    pub fn to_dot(&self) -> String {
        let mut out = String::from(
            "digraph methodology {\n  rankdir=TB;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n",
        );
        for node in &self.order {
            let step = &self.graph[*node];
            let mut label = format!("{}\\n{}", dot_escape(&step.id), dot_escape(&step.title));
            if !step.rules.is_empty() {
                label.push_str(&format!("\\n[{}]", dot_escape(&step.rules.join(", "))));
            }
            out.push_str(&format!(
                "  \"{}\" [label=\"{label}\"];\n",
                dot_escape(&step.id)
            ));
        }
        for node in &self.order {
            let step = &self.graph[*node];
            for edge in &step.edges {
                out.push_str(&format!(
                    "  \"{}\" -> \"{}\" [label=\"{}\"];\n",
                    dot_escape(&step.id),
                    dot_escape(&self.graph[edge.to].id),
                    dot_escape(&edge.when)
                ));
            }
        }
        out.push_str("}\n");
        out
    }

    pub fn to_mermaid(&self) -> String {
        let name = |node: petgraph::graph::NodeIndex| format!("s{}", node.index());
        let mut out = String::from("flowchart TD\n");
        for node in &self.order {
            let step = &self.graph[*node];
            out.push_str(&format!(
                "  {}[\"{}: {}\"]\n",
                name(*node),
                mermaid_escape(&step.id),
                mermaid_escape(&step.title)
            ));
        }
        for node in &self.order {
            for edge in &self.graph[*node].edges {
                out.push_str(&format!(
                    "  {} -->|\"{}\"| {}\n",
                    name(*node),
                    mermaid_escape(&edge.when),
                    name(edge.to)
                ));
            }
        }
        out
    }
}

fn dot_escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

fn mermaid_escape(text: &str) -> String {
    text.replace('"', "#quot;").replace('|', "#124;")
}
