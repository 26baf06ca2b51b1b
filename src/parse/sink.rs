//! Where a parser puts what it found: facts tagged with the capture's file and tool,
//! and warnings with line numbers. Facts marked as fallback only fill keys that no
//! primary source supplied (iostat's CPU summary yields to mpstat's). A file gives at
//! most `MAX_FACTS` facts and `MAX_WARNINGS` warnings, and says so when it reaches
//! either: 200 MB of repeated valid lines once gave 26 million facts and 12 GB.
//! Series stay open until the end, so that the sink of a later stretch of the same
//! file, read by another thread, can be appended to this one (`append`).

use crate::facts::{Fact, Provenance, SeriesBuilder, Unit, Value};
use crate::parse::capture_window::CaptureWindow;
use crate::parse::profile::profile_stacks::ProfileStacks;

/// Far more than any real capture gives (`sysctl -a` about 1,300).
pub const MAX_FACTS: usize = 100_000;
pub const MAX_WARNINGS: usize = 1_000;

/// What a parser says of a last line the file ends in the middle of (a truncated
/// capture): the line is not read.
pub const CUT_OFF_LINE: &str = "last line is cut off (truncated file); ignored";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    Primary,
    Fallback,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Warning {
    pub line: u64,
    pub message: String,
}

/// A fact as put, or a series still collecting.
enum Entry {
    Fact(Fact, Strength),
    Series(OpenSeries),
}

struct OpenSeries {
    key: String,
    builder: SeriesBuilder,
    unit: Unit,
    interval_s: Option<f64>,
    strength: Strength,
    reading: Reading,
}

/// What fact a series becomes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    Series,
    /// Its lowest sample, as a number (the least free space seen).
    Lowest,
    /// Its highest sample, as a number.
    Highest,
    /// The mean of its samples, as a number (a share over the whole capture).
    Mean,
}

pub struct FactSink {
    file: String,
    tool: &'static str,
    command: Option<String>,
    facts: Vec<Entry>,
    warnings: Vec<Warning>,
    /// Facts past the limit, not kept, and the line of the first of them.
    facts_dropped: u64,
    facts_cut_at: u64,
    warnings_dropped: u64,
    /// A profile's folded stacks, for its flame graph.
    stacks: Option<ProfileStacks>,
    /// When the bundle's capture ran, if bundle.yaml says.
    window: Option<CaptureWindow>,
}

impl FactSink {
    pub fn new(file: impl Into<String>, tool: &'static str) -> Self {
        FactSink {
            file: file.into(),
            tool,
            command: None,
            facts: Vec::new(),
            warnings: Vec::new(),
            facts_dropped: 0,
            facts_cut_at: 0,
            warnings_dropped: 0,
            stacks: None,
            window: None,
        }
    }

    /// Hands over a profile's folded stacks, read along with its facts; `last_line` is
    /// where a warning goes when there were too many stacks to keep them all.
    pub fn profile_stacks(&mut self, stacks: ProfileStacks, last_line: u64) {
        if stacks.overflowed {
            self.warn(
                last_line,
                "too many distinct stacks for the flame graph; the rest are drawn as one frame",
            );
        }
        self.stacks = Some(stacks);
    }

    /// The folded stacks a profile parser handed over, if any.
    pub fn take_profile_stacks(&mut self) -> Option<ProfileStacks> {
        self.stacks.take()
    }

    /// Records the command line that printed this output, when a transcript shows it
    /// (`$ ethtool -i eth0`); parsers use it for what the output itself omits.
    /// The sink of a file captured during `window`.
    pub fn within(mut self, window: Option<CaptureWindow>) -> Self {
        self.window = window;
        self
    }

    /// When the bundle's capture ran, for logs whose events reach back before it.
    pub fn capture_window(&self) -> Option<CaptureWindow> {
        self.window
    }

    pub fn with_command(mut self, command: impl Into<String>) -> Self {
        self.command = Some(command.into());
        self
    }

    /// The command line that printed this output, if the capture shows it.
    pub fn command(&self) -> Option<&str> {
        self.command.as_deref()
    }

    /// The capture's file name, for the rare output that does not say what it is
    /// (`cat /proc/pressure/cpu` saved as `cpu.pressure`).
    pub fn file(&self) -> &str {
        &self.file
    }

    pub fn put(&mut self, key: impl Into<String>, value: Value, unit: Unit, lines: (u64, u64)) {
        self.push(key.into(), value, unit, lines, Strength::Primary);
    }

    pub fn put_fallback(
        &mut self,
        key: impl Into<String>,
        value: Value,
        unit: Unit,
        lines: (u64, u64),
    ) {
        self.push(key.into(), value, unit, lines, Strength::Fallback);
    }

    pub fn number(&mut self, key: impl Into<String>, value: f64, unit: Unit, line: u64) {
        self.put(key, Value::Number(value), unit, (line, line));
    }

    pub fn text(&mut self, key: impl Into<String>, value: impl Into<String>, line: u64) {
        self.put(key, Value::Text(value.into()), Unit::None, (line, line));
    }

    /// Stores a series unless it has no samples.
    pub fn series(
        &mut self,
        key: impl Into<String>,
        builder: &SeriesBuilder,
        unit: Unit,
        interval_s: Option<f64>,
        strength: Strength,
    ) {
        self.open_series(
            key.into(),
            builder,
            unit,
            interval_s,
            strength,
            Reading::Series,
        );
    }

    /// Stores one reading of a series (its lowest, highest or mean sample) as a
    /// number, unless it has none.
    pub fn series_extreme(
        &mut self,
        key: impl Into<String>,
        builder: &SeriesBuilder,
        unit: Unit,
        reading: Reading,
    ) {
        self.open_series(key.into(), builder, unit, None, Strength::Primary, reading);
    }

    fn open_series(
        &mut self,
        key: String,
        builder: &SeriesBuilder,
        unit: Unit,
        interval_s: Option<f64>,
        strength: Strength,
        reading: Reading,
    ) {
        if builder.is_empty() || !self.has_room(builder.lines().0) {
            return;
        }
        self.facts.push(Entry::Series(OpenSeries {
            key,
            builder: builder.clone(),
            unit,
            interval_s,
            strength,
            reading,
        }));
    }

    /// Adds what `later` read from the rest of the same file (from a line after all of
    /// this sink's; its lines numbered `line_offset` lower): a series both read is
    /// joined into one, a fact only `later` has is added, and a fact both have (the
    /// file's header, read by both) is this sink's.
    pub fn append(&mut self, later: FactSink, line_offset: u64) {
        let mut index: std::collections::HashMap<String, usize> = self
            .facts
            .iter()
            .enumerate()
            .map(|(i, entry)| (entry.key().to_string(), i))
            .collect();
        for entry in later.facts {
            match index.get(entry.key()).map(|&i| &mut self.facts[i]) {
                Some(Entry::Series(mine)) => {
                    if let Entry::Series(theirs) = &entry
                        && mine.reading == theirs.reading
                    {
                        mine.builder.append(&theirs.builder, line_offset);
                        mine.interval_s = mine.interval_s.or(theirs.interval_s);
                    }
                }
                Some(Entry::Fact(..)) => {}
                None => {
                    let mut entry = entry;
                    entry.shift_lines(line_offset);
                    index.insert(entry.key().to_string(), self.facts.len());
                    self.facts.push(entry);
                }
            }
        }
        for mut warning in later.warnings {
            warning.line += line_offset;
            self.warn(warning.line, warning.message);
        }
        self.warnings_dropped += later.warnings_dropped;
        if later.facts_dropped > 0 && self.facts_dropped == 0 {
            self.facts_cut_at = later.facts_cut_at + line_offset;
        }
        self.facts_dropped += later.facts_dropped;
    }

    /// The warning for a last line the file ends in the middle of.
    pub fn warn_cut_off(&mut self, line: u64) {
        self.warn(line, CUT_OFF_LINE);
    }

    pub fn warn(&mut self, line: u64, message: impl Into<String>) {
        if self.warnings.len() >= MAX_WARNINGS {
            self.warnings_dropped += 1;
            return;
        }
        self.warnings.push(Warning {
            line,
            message: message.into(),
        });
    }

    /// Facts put so far, those past the limit included.
    pub fn fact_count(&self) -> usize {
        self.facts.len() + self.facts_dropped as usize
    }

    pub fn into_parts(mut self) -> (Vec<(Fact, Strength)>, Vec<Warning>) {
        if self.warnings_dropped > 0 {
            let line = self.warnings.last().map_or(0, |w| w.line);
            self.warnings.push(Warning {
                line,
                message: format!(
                    "{} more warnings after this one are not listed",
                    self.warnings_dropped
                ),
            });
        }
        if self.facts_dropped > 0 {
            self.warnings.push(Warning {
                line: self.facts_cut_at,
                message: format!(
                    "facts from this line on are not kept ({} of them): no real capture gives more than {MAX_FACTS}",
                    self.facts_dropped
                ),
            });
        }
        let entries = std::mem::take(&mut self.facts);
        let facts = entries
            .into_iter()
            .map(|entry| match entry {
                Entry::Fact(fact, strength) => (fact, strength),
                Entry::Series(open) => {
                    let lines = open.builder.lines();
                    let value = match open.reading {
                        Reading::Series => Value::Series(open.builder.finish(open.interval_s)),
                        Reading::Lowest => Value::Number(open.builder.finish(None).min),
                        Reading::Highest => Value::Number(open.builder.finish(None).max),
                        Reading::Mean => Value::Number(open.builder.finish(None).avg),
                    };
                    (self.fact(open.key, value, open.unit, lines), open.strength)
                }
            })
            .collect();
        (facts, self.warnings)
    }

    /// Whether another fact may be kept; counts the one that may not.
    fn has_room(&mut self, line: u64) -> bool {
        if self.facts.len() < MAX_FACTS {
            return true;
        }
        if self.facts_dropped == 0 {
            self.facts_cut_at = line;
        }
        self.facts_dropped += 1;
        false
    }

    fn fact(&self, key: String, value: Value, unit: Unit, lines: (u64, u64)) -> Fact {
        Fact {
            key,
            value,
            unit,
            provenance: Provenance {
                file: self.file.clone(),
                line: lines.0,
                line_end: lines.1,
                tool: self.tool.to_string(),
            },
        }
    }

    fn push(
        &mut self,
        key: String,
        value: Value,
        unit: Unit,
        lines: (u64, u64),
        strength: Strength,
    ) {
        if self.has_room(lines.0) {
            let fact = self.fact(key, value, unit, lines);
            self.facts.push(Entry::Fact(fact, strength));
        }
    }
}

impl Entry {
    fn key(&self) -> &str {
        match self {
            Entry::Fact(fact, _) => &fact.key,
            Entry::Series(open) => &open.key,
        }
    }

    fn shift_lines(&mut self, offset: u64) {
        match self {
            Entry::Fact(fact, _) => {
                fact.provenance.line += offset;
                fact.provenance.line_end += offset;
            }
            Entry::Series(open) => open.builder.shift_lines(offset),
        }
    }
}
