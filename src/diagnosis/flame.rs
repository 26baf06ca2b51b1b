//! Folded stacks for the report's flame graphs. Hotspot facts keep only the top
//! functions; a flame graph needs every stack, so the profile parsers (`perf script`,
//! folded stacks) hand over each profile's folded stacks from the same read that
//! gave its facts. Here they are only shaped for drawing: no file is opened again.
//!
//! Stacks too thin to be drawn (under 1/1000 of the total weight) are merged, below the
//! widest ancestor that is drawn, into one `…` frame; every drawn frame keeps its
//! exact width and the report stays small however large the profile was.

use crate::parse::CaptureReport;
use crate::parse::profile::profile_stacks::StackWeight;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Stacks narrower than this share of all samples are merged.
const MERGE_BELOW: u64 = 1000;
/// The frame that stands for merged thin stacks.
pub const MERGED_FRAME: &str = "…";
/// How many profiles of one host get a flame graph.
const MAX_PROFILES: usize = 4;

/// The stacks of one profile, folded: frames root first, joined by `;`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlameStacks {
    /// The capture, relative to the bundle.
    pub file: String,
    /// What the stacks' weights count.
    pub weight: StackWeight,
    /// The weight of all stacks: samples for folded files; for perf script, summed
    /// event periods (each sample weighs its period, e.g. nanoseconds of cpu-clock,
    /// as inferno weighs it).
    pub total: u64,
    /// Stacks lighter than this were merged into a `…` frame (1/1000 of the total).
    pub merged_below: u64,
    pub stacks: Vec<FoldedStack>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FoldedStack {
    pub frames: String,
    pub weight: u64,
}

/// What the profiles of a host gave: flame graph data, and why a profile gave none.
#[derive(Debug, Default)]
pub struct Profiles {
    pub flames: Vec<FlameStacks>,
    pub problems: Vec<String>,
}

/// Takes the folded stacks the parsers left on a host's captures (they are not kept
/// on the reports) and shapes the first `MAX_PROFILES` for drawing.
pub fn collect(captures: &mut [CaptureReport]) -> Profiles {
    let mut profiles = Profiles::default();
    for capture in captures {
        let Some(stacks) = capture.stacks.take() else {
            continue;
        };
        if profiles.flames.len() == MAX_PROFILES {
            profiles.problems.push(format!(
                "{}: no flame graph, only the first {MAX_PROFILES} profiles of a host get one",
                capture.location()
            ));
            continue;
        }
        match prune(&capture.file, stacks.weight, stacks.stacks) {
            Some(flame) => profiles.flames.push(flame),
            None => profiles.problems.push(format!(
                "{}: no flame graph, the profile holds no stacks",
                capture.location()
            )),
        }
    }
    profiles
}

/// One node per distinct stack prefix, with the samples of every stack through it.
struct Trie {
    frame_ids: HashMap<String, u32>,
    frames: Vec<String>,
    /// (parent node, frame) → child node; node 0 is the root.
    children: HashMap<(u32, u32), u32>,
    /// Per node: its frame and the samples through it.
    nodes: Vec<(u32, u64)>,
}

impl Trie {
    fn new() -> Trie {
        Trie {
            frame_ids: HashMap::new(),
            frames: Vec::new(),
            children: HashMap::new(),
            nodes: vec![(u32::MAX, 0)],
        }
    }

    fn insert(&mut self, stack: &str, samples: u64) {
        let mut node = 0u32;
        self.nodes[0].1 += samples;
        for frame in stack.split(';') {
            let frame_id = match self.frame_ids.get(frame) {
                Some(&id) => id,
                None => {
                    let id = self.frames.len() as u32;
                    self.frames.push(frame.to_string());
                    self.frame_ids.insert(frame.to_string(), id);
                    id
                }
            };
            let next = self.nodes.len() as u32;
            node = *self.children.entry((node, frame_id)).or_insert(next);
            if node == next {
                self.nodes.push((frame_id, 0));
            }
            self.nodes[node as usize].1 += samples;
        }
    }
}

/// Folded stacks with the thin ones merged, sorted; `None` without samples.
fn prune(file: &str, weight: StackWeight, stacks: HashMap<String, u64>) -> Option<FlameStacks> {
    let mut trie = Trie::new();
    for (stack, samples) in &stacks {
        trie.insert(stack, *samples);
    }
    drop(stacks);
    let total = trie.nodes[0].1;
    if total == 0 {
        return None;
    }
    let threshold = (total / MERGE_BELOW).max(1);
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); trie.nodes.len()];
    for (&(parent, _), &child) in &trie.children {
        children[parent as usize].push(child);
    }
    let mut out: Vec<FoldedStack> = Vec::new();
    // (node, its stack as text); the root's stack is empty.
    let mut pending: Vec<(u32, String)> = vec![(0, String::new())];
    while let Some((node, path)) = pending.pop() {
        let (_, through) = trie.nodes[node as usize];
        let mut below = 0u64;
        let mut merged = 0u64;
        for &child in &children[node as usize] {
            let (frame, samples) = trie.nodes[child as usize];
            below += samples;
            if samples < threshold {
                merged += samples;
            } else {
                let name = &trie.frames[frame as usize];
                let child_path = if path.is_empty() {
                    name.clone()
                } else {
                    format!("{path};{name}")
                };
                pending.push((child, child_path));
            }
        }
        if node != 0 && through > below {
            out.push(FoldedStack {
                frames: path.clone(),
                weight: through - below,
            });
        }
        if merged > 0 {
            out.push(FoldedStack {
                frames: if path.is_empty() {
                    MERGED_FRAME.to_string()
                } else {
                    format!("{path};{MERGED_FRAME}")
                },
                weight: merged,
            });
        }
    }
    out.sort_by(|a, b| a.frames.cmp(&b.frames));
    Some(FlameStacks {
        file: file.to_string(),
        weight,
        total,
        merged_below: threshold,
        stacks: out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stacks(entries: &[(&str, u64)]) -> HashMap<String, u64> {
        entries.iter().map(|(s, n)| (s.to_string(), *n)).collect()
    }

    fn folded(flame: &FlameStacks) -> Vec<(String, u64)> {
        flame
            .stacks
            .iter()
            .map(|s| (s.frames.clone(), s.weight))
            .collect()
    }

    #[test]
    fn small_profiles_are_kept_exactly() {
        let flame = prune(
            "p.txt",
            StackWeight::Samples,
            stacks(&[("a;b;c", 3), ("a;b", 2), ("a;d", 1)]),
        )
        .unwrap();
        assert_eq!(flame.total, 6);
        assert_eq!(
            folded(&flame),
            [("a;b".into(), 2), ("a;b;c".into(), 3), ("a;d".into(), 1)]
        );
    }

    #[test]
    fn thin_stacks_merge_under_their_widest_drawn_ancestor() {
        let mut entries = vec![("main;work;hot".to_string(), 5000u64)];
        for i in 0..3000 {
            entries.push((format!("main;work;cold{i}"), 1));
        }
        entries.push(("idle".to_string(), 2));
        let map: HashMap<String, u64> = entries.into_iter().collect();
        let flame = prune("p.txt", StackWeight::Samples, map).unwrap();
        assert_eq!(flame.merged_below, 8);
        assert_eq!(
            folded(&flame),
            [
                ("main;work;hot".into(), 5000),
                ("main;work;…".into(), 3000),
                ("…".into(), 2),
            ]
        );
        let sum: u64 = flame.stacks.iter().map(|s| s.weight).sum();
        assert_eq!(sum, flame.total);
    }
}
