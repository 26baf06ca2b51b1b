//! The stacks of a profile, folded for its flame graph, gathered by the profile parsers
//! in the same read that gives the hotspot facts: a gigabyte `perf script` is read
//! once, not once for facts and again for the picture. Memory grows with the distinct
//! stacks (frames interned as ids), never with the input, and is capped.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Distinct stacks kept; past this, further new stacks are counted under one frame
/// that says so (a profile with this many distinct stacks cannot be drawn readably
/// anyway, and memory must stay bounded on adversarial input).
const MAX_STACKS: usize = 500_000;
/// What the stacks past `MAX_STACKS` are counted under.
pub const OVERFLOW_FRAME: &str = "[stacks past the distinct-stack limit]";

/// A profile's folded stacks: frames root first joined by `;`, with their weight
/// (samples, or summed event periods for perf script, as inferno weighs them).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileStacks {
    pub weight: StackWeight,
    pub total: u64,
    pub stacks: HashMap<String, u64>,
    /// Whether stacks past the limit were merged into `OVERFLOW_FRAME`.
    pub overflowed: bool,
}

/// What the weight of a stack counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StackWeight {
    /// Samples (folded stacks count them).
    #[default]
    Samples,
    /// Summed event periods of the samples (perf script: nanoseconds of cpu-clock,
    /// cycles …).
    EventPeriod,
}

/// Collects one sample at a time as frame ids (leaf first, as perf script prints
/// them) and counts each distinct stack once.
#[derive(Default)]
pub struct StackFolder {
    current: Vec<u32>,
    counts: HashMap<Box<[u32]>, u64>,
    overflow_weight: u64,
    total: u64,
}

impl StackFolder {
    /// Starts a sample whose root frame is `root` (perf script's command name).
    pub fn start(&mut self, root: u32) {
        self.current.clear();
        self.current.push(root);
    }

    /// Adds the sample's next frame, going from the leaf towards the root.
    pub fn frame(&mut self, id: u32) {
        self.current.push(id);
    }

    /// Counts the sample started last with `weight`.
    pub fn finish(&mut self, weight: u64) {
        if self.current.is_empty() {
            return;
        }
        self.total = self.total.saturating_add(weight);
        if let Some(count) = self.counts.get_mut(&self.current[..]) {
            *count = count.saturating_add(weight);
        } else if self.counts.len() < MAX_STACKS {
            self.counts
                .insert(self.current.clone().into_boxed_slice(), weight);
        } else {
            self.overflow_weight = self.overflow_weight.saturating_add(weight);
        }
        self.current.clear();
    }

    /// The folded stacks, whose weights count `weight`, naming the root frame with
    /// `root_name` and every other frame with `frame_name`.
    pub fn fold<'a>(
        self,
        weight: StackWeight,
        root_name: impl Fn(u32) -> &'a str,
        frame_name: impl Fn(u32) -> &'a str,
    ) -> ProfileStacks {
        let mut stacks: HashMap<String, u64> = HashMap::with_capacity(self.counts.len());
        let mut line = String::new();
        for (ids, weight) in self.counts {
            line.clear();
            line.push_str(&frame_label(root_name(ids[0])));
            for &id in ids[1..].iter().rev() {
                line.push(';');
                line.push_str(&frame_label(frame_name(id)));
            }
            let count = stacks.entry(line.clone()).or_insert(0);
            *count = count.saturating_add(weight);
        }
        if self.overflow_weight > 0 {
            stacks.insert(OVERFLOW_FRAME.to_string(), self.overflow_weight);
        }
        ProfileStacks {
            weight,
            total: self.total,
            stacks,
            overflowed: self.overflow_weight > 0,
        }
    }
}

/// A frame as the flame graph can draw it: no `;` (the frame separator), no control
/// characters (inferno's renderer and terminals choke on them), never empty.
pub fn frame_label(name: &str) -> std::borrow::Cow<'_, str> {
    let clean = !name.is_empty() && !name.chars().any(|c| c == ';' || c.is_control());
    if clean {
        return std::borrow::Cow::Borrowed(name);
    }
    let label: String = name
        .chars()
        .map(|c| if c == ';' { ':' } else { c })
        .filter(|c| !c.is_control())
        .collect();
    if label.is_empty() {
        std::borrow::Cow::Borrowed("[unnamed]")
    } else {
        std::borrow::Cow::Owned(label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_stacks_are_counted_once_root_first() {
        let names = ["postgres", "main", "ExecScan", "memcpy"];
        let mut folder = StackFolder::default();
        for weight in [10, 5] {
            folder.start(0);
            for id in [3, 2, 1] {
                folder.frame(id);
            }
            folder.finish(weight);
        }
        folder.start(0);
        folder.frame(1);
        folder.finish(1);
        let folded = folder.fold(
            StackWeight::Samples,
            |i| names[i as usize],
            |i| names[i as usize],
        );
        assert_eq!(folded.total, 16);
        assert_eq!(folded.stacks["postgres;main;ExecScan;memcpy"], 15);
        assert_eq!(folded.stacks["postgres;main"], 1);
        assert!(!folded.overflowed);
    }

    #[test]
    fn labels_never_split_or_carry_control_characters() {
        assert_eq!(frame_label("a;b"), "a:b");
        assert_eq!(frame_label("x\u{7}y\tz"), "xyz");
        assert_eq!(frame_label(""), "[unnamed]");
        assert_eq!(frame_label("函数é"), "函数é");
    }
}
