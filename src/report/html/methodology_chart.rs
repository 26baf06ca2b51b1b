//! The methodology graph with this host's walk drawn on it: steps in columns by their
//! distance from the first step, the walked steps filled and numbered in walk order,
//! the edges the walk followed drawn strong, the others faint. Guards and rule ids are
//! in the tooltips.

use super::escape::esc;
use super::svg::{Plot, estimate_width, num, text};
use crate::diagnosis::{MethodologyMap, StepTaken};
use crate::report::i18n::labels::{Label, Lang};
use crate::report::i18n::localize;
use std::collections::HashMap;
use std::fmt::Write;

const NODE_HEIGHT: f64 = 84.0;
const ROW: f64 = 104.0;
const FONT: f64 = 12.5;

/// `uid` keeps marker ids unique when a page holds several hosts.
pub fn render(map: &MethodologyMap, walked: &[StepTaken], uid: &str, lang: Lang) -> String {
    let index: HashMap<&str, usize> = map
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| (s.id.as_str(), i))
        .collect();
    let columns = columns(map, &index);
    let rows = columns.iter().map(Vec::len).max().unwrap_or(1) as f64;
    let plot = Plot {
        width: 960.0,
        height: 40.0 + rows * ROW + 16.0,
        left: 12.0,
        right: 12.0,
        top: 40.0,
        bottom: 16.0,
    };
    let column_width = (plot.x1() - plot.x0()) / columns.len().max(1) as f64;
    let node_width = (column_width - 34.0).min(200.0);
    let mut position: Vec<(f64, f64)> = vec![(0.0, 0.0); map.steps.len()];
    for (c, column) in columns.iter().enumerate() {
        let x = plot.x0() + column_width * c as f64 + (column_width - node_width) / 2.0;
        let offset = (rows - column.len() as f64) * ROW / 2.0;
        for (r, &step) in column.iter().enumerate() {
            position[step] = (
                x,
                plot.y1() + offset + ROW * r as f64 + (ROW - NODE_HEIGHT) / 2.0,
            );
        }
    }
    let order: HashMap<&str, usize> = walked
        .iter()
        .enumerate()
        .map(|(i, s)| (s.visit.step.as_str(), i + 1))
        .collect();
    let walked_edges: Vec<(&str, &str)> = walked
        .iter()
        .filter_map(|s| Some((s.visit.from.as_deref()?, s.visit.step.as_str())))
        .collect();

    let mut out = plot.open("methodology", Label::MethodologyChart.text(lang));
    let _ = write!(
        out,
        r#"<defs><marker id="arrow-{uid}" class="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z"/></marker><marker id="arrow-walked-{uid}" class="arrow walked" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z"/></marker></defs>"#
    );
    legend(&mut out, lang);
    // Faint edges first so the walked ones are drawn over them.
    let mut edges: Vec<_> = map.edges.iter().collect();
    edges.sort_by_key(|e| walked_edges.contains(&(e.from.as_str(), e.to.as_str())));
    for edge in edges {
        let (Some(&from), Some(&to)) = (index.get(edge.from.as_str()), index.get(edge.to.as_str()))
        else {
            continue;
        };
        let is_walked = walked_edges.contains(&(edge.from.as_str(), edge.to.as_str()));
        let (fx, fy) = position[from];
        let (tx, ty) = position[to];
        let (x1, y1) = (fx + node_width, fy + NODE_HEIGHT / 2.0);
        let (x2, y2) = (tx - 2.0, ty + NODE_HEIGHT / 2.0);
        let bend = ((x2 - x1) / 2.0).max(24.0);
        let _ = write!(
            out,
            r#"<path class="edge{}" d="M{},{} C{},{} {},{} {},{}" marker-end="url(#arrow-{}{uid})"><title>{} → {}: {}</title></path>"#,
            if is_walked { " walked" } else { "" },
            num(x1),
            num(y1),
            num(x1 + bend),
            num(y1),
            num(x2 - bend),
            num(y2),
            num(x2),
            num(y2),
            if is_walked { "walked-" } else { "" },
            esc(&edge.from),
            esc(&edge.to),
            esc(&edge.when)
        );
    }
    for (i, step) in map.steps.iter().enumerate() {
        let (x, y) = position[i];
        let number = order.get(step.id.as_str());
        let title = localize::step_title(map, &step.id, &step.title, lang);
        let rules = if step.rules.is_empty() {
            String::new()
        } else {
            format!(" [{}]", step.rules.join(", "))
        };
        let _ = write!(
            out,
            r#"<g class="step{}"><title>{}: {}{}</title><rect x="{}" y="{}" width="{}" height="{}" rx="9"/>"#,
            if number.is_some() { " walked" } else { "" },
            esc(&step.id),
            esc(title),
            esc(&rules),
            num(x),
            num(y),
            num(node_width),
            num(NODE_HEIGHT)
        );
        text(&mut out, x + 12.0, y + 18.0, "start", "step-id", &step.id);
        for (l, line) in wrap(title, node_width - 24.0, FONT, 3).iter().enumerate() {
            text(
                &mut out,
                x + 12.0,
                y + 36.0 + 15.0 * l as f64,
                "start",
                "step-title",
                line,
            );
        }
        if let Some(n) = number {
            let _ = write!(
                out,
                r#"<circle class="badge" cx="{}" cy="{}" r="11"/>"#,
                num(x + node_width - 4.0),
                num(y + 4.0)
            );
            text(
                &mut out,
                x + node_width - 4.0,
                y + 8.5,
                "middle",
                "badge-text",
                &n.to_string(),
            );
        }
        out.push_str("</g>");
    }
    out.push_str("</svg>");
    out
}

/// Steps grouped by their longest distance from the root, each column ordered by
/// where its predecessors sit (then by file order), which keeps crossings few.
fn columns(map: &MethodologyMap, index: &HashMap<&str, usize>) -> Vec<Vec<usize>> {
    let mut depth = vec![0usize; map.steps.len()];
    for (i, step) in map.steps.iter().enumerate() {
        for edge in map.edges.iter().filter(|e| e.from == step.id) {
            if let Some(&to) = index.get(edge.to.as_str()) {
                depth[to] = depth[to].max(depth[i] + 1);
            }
        }
    }
    let count = depth.iter().max().map_or(0, |d| d + 1);
    let mut columns: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (i, d) in depth.iter().enumerate() {
        columns[*d].push(i);
    }
    let mut row_of = vec![0.0f64; map.steps.len()];
    for column in &mut columns {
        let centre = |step: usize| {
            let parents: Vec<f64> = map
                .edges
                .iter()
                .filter(|e| index.get(e.to.as_str()) == Some(&step))
                .filter_map(|e| index.get(e.from.as_str()))
                .map(|&p| row_of[p])
                .collect();
            if parents.is_empty() {
                0.0
            } else {
                parents.iter().sum::<f64>() / parents.len() as f64
            }
        };
        let mut keyed: Vec<(f64, usize)> = column.iter().map(|&s| (centre(s), s)).collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        *column = keyed.into_iter().map(|(_, s)| s).collect();
        let n = column.len() as f64;
        for (r, &step) in column.iter().enumerate() {
            row_of[step] = r as f64 - (n - 1.0) / 2.0;
        }
    }
    columns
}

/// Breaks `s` into at most `max_lines` lines of `width`: at spaces for Latin text,
/// anywhere in CJK text; the last line ends in `…` when text is left over.
fn wrap(s: &str, width: f64, font: f64, max_lines: usize) -> Vec<String> {
    // Tokens are words and single CJK characters, each with whether a space preceded it.
    let mut tokens: Vec<(String, bool)> = Vec::new();
    let mut word = String::new();
    let mut space = false;
    for c in s.chars() {
        if c == ' ' || !c.is_ascii() {
            if !word.is_empty() {
                tokens.push((std::mem::take(&mut word), space));
                space = false;
            }
            if c == ' ' {
                space = true;
            } else if "？。，；：！、）》”".contains(c) && !space {
                // Chinese punctuation never starts a line.
                match tokens.last_mut() {
                    Some((last, _)) => last.push(c),
                    None => tokens.push((c.to_string(), false)),
                }
            } else {
                tokens.push((c.to_string(), space));
                space = false;
            }
        } else {
            word.push(c);
        }
    }
    if !word.is_empty() {
        tokens.push((word, space));
    }
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for (token, space) in tokens {
        let joiner = if space && !current.is_empty() {
            " "
        } else {
            ""
        };
        let candidate = format!("{current}{joiner}{token}");
        if estimate_width(&candidate, font) > width && !current.is_empty() {
            lines.push(std::mem::replace(&mut current, token));
        } else {
            current = candidate;
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        let last = lines.pop().unwrap_or_default();
        lines.push(super::svg::fit(&format!("{last} …"), width, font));
    }
    lines
}

fn legend(out: &mut String, lang: Lang) {
    let _ = write!(
        out,
        r#"<g class="step walked"><rect x="14" y="8" width="18" height="14" rx="4"/></g>"#
    );
    text(out, 38.0, 20.0, "start", "legend", Label::Walked.text(lang));
    let x = 38.0 + estimate_width(Label::Walked.text(lang), 12.0) + 24.0;
    let _ = write!(
        out,
        r#"<g class="step"><rect x="{}" y="8" width="18" height="14" rx="4"/></g>"#,
        num(x)
    );
    text(
        out,
        x + 24.0,
        20.0,
        "start",
        "legend",
        Label::NotWalked.text(lang),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnosis::methodology_map::{MapEdge, MapStep};
    use crate::graph::VisitedStep;

    fn map() -> MethodologyMap {
        let step = |id: &str| MapStep {
            id: id.into(),
            title: format!("Is {id} the limit?"),
            title_zh: None,
            rules: vec![],
        };
        let edge = |from: &str, to: &str| MapEdge {
            from: from.into(),
            to: to.into(),
            when: "true".into(),
        };
        MethodologyMap {
            root: "cpu".into(),
            steps: vec![step("cpu"), step("hot"), step("disk"), step("end")],
            edges: vec![
                edge("cpu", "hot"),
                edge("cpu", "disk"),
                edge("hot", "end"),
                edge("disk", "end"),
            ],
        }
    }

    fn taken(step: &str, from: Option<&str>) -> StepTaken {
        StepTaken {
            visit: VisitedStep {
                step: step.into(),
                title: String::new(),
                from: from.map(str::to_string),
                when: from.map(|_| "true".to_string()),
            },
            findings: vec![],
        }
    }

    #[test]
    fn columns_follow_the_distance_from_the_root() {
        let m = map();
        let index: HashMap<&str, usize> = m
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| (s.id.as_str(), i))
            .collect();
        assert_eq!(columns(&m, &index), vec![vec![0], vec![1, 2], vec![3]]);
    }

    #[test]
    fn the_walk_is_numbered_and_its_edges_highlighted() {
        let walk = [
            taken("cpu", None),
            taken("disk", Some("cpu")),
            taken("end", Some("disk")),
        ];
        let svg = render(&map(), &walk, "h1", Lang::En);
        assert_eq!(
            svg.matches(r#"<g class="step walked">"#).count(),
            4,
            "3 steps + legend"
        );
        assert_eq!(svg.matches(r#"class="edge walked""#).count(), 2);
        assert!(svg.contains(">3</text>"));
        assert!(svg.contains("url(#arrow-walked-h1)"));
    }

    #[test]
    fn titles_wrap_at_spaces_and_anywhere_in_chinese() {
        assert_eq!(
            wrap("Is storage saturated while the CPU waits?", 150.0, 12.5, 3),
            ["Is storage saturated", "while the CPU waits?"]
        );
        let zh = wrap("存储是否饱和而 CPU 在等待？", 90.0, 12.5, 3);
        assert!(zh.len() >= 2 && zh.concat().contains("存储"), "{zh:?}");
    }
}
