//! Where things are in a YAML file. serde reads bundle.yaml, methodology files, rule
//! tests and threshold overrides into structs and forgets the lines; a problem found
//! afterwards (an unknown step, a threshold override of a rule that does not exist)
//! must still name the line to fix. This reads the same text once more with a YAML
//! event parser and records the line of every mapping key and sequence item by its
//! path (`steps` → 3 → `next` → 0 → `when`), so callers ask by structure instead of
//! searching text.

use std::collections::HashMap;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;

/// One step of a path: a mapping key or a sequence index.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Step {
    Key(String),
    Index(usize),
}

impl From<&str> for Step {
    fn from(key: &str) -> Step {
        Step::Key(key.to_string())
    }
}

impl From<&String> for Step {
    fn from(key: &String) -> Step {
        Step::Key(key.clone())
    }
}

impl From<usize> for Step {
    fn from(index: usize) -> Step {
        Step::Index(index)
    }
}

/// Deeper nodes are not recorded: no file perfsage reads nests this far, and a
/// hostile one cannot grow the table past it.
const MAX_DEPTH: usize = 32;

/// The 1-based line of every key and item of a YAML document, by path.
#[derive(Debug, Clone, Default)]
pub struct YamlPositions {
    lines: HashMap<Vec<Step>, usize>,
    /// Keys in document order with their line, for `first_key`.
    keys: Vec<(String, usize)>,
}

impl YamlPositions {
    /// Reads `text`; what precedes a syntax error is kept (serde reports the error).
    pub fn of(text: &str) -> YamlPositions {
        let mut recorder = Recorder::default();
        let _ = Parser::new_from_str(text).load(&mut recorder, false);
        recorder.positions
    }

    /// The line of the node at `path`: a key's own line, or an item's first line.
    pub fn line<S: Into<Step> + Clone>(&self, path: &[S]) -> Option<usize> {
        let path: Vec<Step> = path.iter().cloned().map(Into::into).collect();
        self.lines.get(&path).copied()
    }

    /// The line of the first key named `name`, at any depth.
    pub fn first_key(&self, name: &str) -> Option<usize> {
        self.keys.iter().find(|(k, _)| k == name).map(|(_, l)| *l)
    }
}

/// A container being read: a mapping waiting for a key or a value, or a sequence at
/// its next item.
enum Open {
    Mapping { key: Option<String> },
    Sequence { next: usize },
}

#[derive(Default)]
struct Recorder {
    positions: YamlPositions,
    path: Vec<Step>,
    open: Vec<Open>,
}

impl Recorder {
    /// A node starts at `line`: a mapping key is recorded and waits for its value;
    /// a value or item is recorded under its key or index. Returns whether the node
    /// is a value (it then owns a path step until it ends).
    fn node(&mut self, key_text: Option<&str>, line: usize) -> bool {
        match self.open.last_mut() {
            Some(Open::Mapping { key }) if key.is_none() => {
                // A key: only scalar keys are named; a complex key's value is not recorded.
                let name = key_text.unwrap_or_default().to_string();
                if self.path.len() < MAX_DEPTH {
                    let mut path = self.path.clone();
                    path.push(Step::Key(name.clone()));
                    self.positions.lines.entry(path).or_insert(line);
                    self.positions.keys.push((name.clone(), line));
                }
                *key = Some(name);
                false
            }
            Some(Open::Mapping { key }) => {
                let name = key.take().unwrap_or_default();
                self.path.push(Step::Key(name));
                true
            }
            Some(Open::Sequence { next }) => {
                let index = *next;
                *next += 1;
                self.path.push(Step::Index(index));
                if self.path.len() <= MAX_DEPTH {
                    self.positions
                        .lines
                        .entry(self.path.clone())
                        .or_insert(line);
                }
                true
            }
            None => false,
        }
    }
}

impl Recorder {
    /// A node with nothing inside (a scalar or an alias).
    fn leaf(&mut self, text: Option<&str>, line: usize) {
        if self.node(text, line) {
            self.path.pop();
        }
    }
}

impl MarkedEventReceiver for Recorder {
    fn on_event(&mut self, event: Event, mark: Marker) {
        let line = mark.line().max(1);
        match event {
            Event::Scalar(text, ..) => self.leaf(Some(&text), line),
            Event::Alias(_) => self.leaf(None, line),
            Event::MappingStart(..) => {
                let is_value = self.node(None, line);
                if !is_value {
                    // The document's root, or a complex key: a path step keeps the
                    // stack balanced when it ends.
                    self.path.push(Step::Key(String::new()));
                }
                self.open.push(Open::Mapping { key: None });
                if self.open.len() == 1 {
                    self.path.clear();
                }
            }
            Event::SequenceStart(..) => {
                let is_value = self.node(None, line);
                if !is_value {
                    self.path.push(Step::Key(String::new()));
                }
                self.open.push(Open::Sequence { next: 0 });
                if self.open.len() == 1 {
                    self.path.clear();
                }
            }
            Event::MappingEnd | Event::SequenceEnd => {
                self.open.pop();
                self.path.pop();
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const METHODOLOGY: &str = "\
root: validity
steps:
  # a comment
  - id: validity
    title: Can it be trusted?
    next:
      - to: platform

  - id: cpu
    next:
      - to: memory
        when: fired(\"x\")
edges: [{ from: cpu, to: disk }]
";

    #[test]
    fn keys_and_items_are_found_by_path() {
        let p = YamlPositions::of(METHODOLOGY);
        assert_eq!(p.line(&["root"]), Some(1));
        assert_eq!(
            p.line(&[Step::from("steps"), 0.into(), "id".into()]),
            Some(4)
        );
        assert_eq!(p.line(&[Step::from("steps"), 1.into()]), Some(9));
        let when = [
            Step::from("steps"),
            1.into(),
            "next".into(),
            0.into(),
            "when".into(),
        ];
        assert_eq!(p.line(&when), Some(12));
        let flow = [Step::from("edges"), 0.into(), "to".into()];
        assert_eq!(p.line(&flow), Some(13));
        assert_eq!(p.line(&["nothing"]), None);
        assert_eq!(p.first_key("to"), Some(7));
    }

    #[test]
    fn dotted_keys_stay_whole_and_broken_text_keeps_what_precedes_the_error() {
        let p = YamlPositions::of("storage.disk_saturated:\n  busy_pct: 85\nbad: [\n");
        assert_eq!(p.line(&["storage.disk_saturated", "busy_pct"]), Some(2));
        assert_eq!(p.line(&["bad"]), Some(3));
    }

    #[test]
    fn deep_nesting_is_not_recorded_past_the_limit() {
        let text = format!("{}1{}", "[".repeat(200), "]".repeat(200));
        let p = YamlPositions::of(&text);
        assert!(p.lines.len() <= MAX_DEPTH);
    }
}
