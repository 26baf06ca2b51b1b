//! Where a parser puts what it found: facts tagged with the capture's file and tool,
//! and warnings with line numbers. Facts marked as fallback only fill keys that no
//! primary source supplied (iostat's CPU summary yields to mpstat's). A file gives at
//! most `MAX_FACTS` facts and `MAX_WARNINGS` warnings, and says so when it reaches
//! either: 200 MB of repeated valid lines once gave 26 million facts and 12 GB.

use crate::facts::{Fact, Provenance, SeriesBuilder, Unit, Value};
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

pub struct FactSink {
    file: String,
    tool: &'static str,
    command: Option<String>,
    facts: Vec<(Fact, Strength)>,
    warnings: Vec<Warning>,
    /// Facts past the limit, not kept, and the line of the first of them.
    facts_dropped: u64,
    facts_cut_at: u64,
    warnings_dropped: u64,
    /// A profile's folded stacks, for its flame graph.
    stacks: Option<ProfileStacks>,
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
        if builder.is_empty() {
            return;
        }
        self.push(
            key.into(),
            Value::Series(builder.finish(interval_s)),
            unit,
            builder.lines(),
            strength,
        );
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
        (self.facts, self.warnings)
    }

    fn push(
        &mut self,
        key: String,
        value: Value,
        unit: Unit,
        lines: (u64, u64),
        strength: Strength,
    ) {
        if self.facts.len() >= MAX_FACTS {
            if self.facts_dropped == 0 {
                self.facts_cut_at = lines.0;
            }
            self.facts_dropped += 1;
            return;
        }
        let provenance = Provenance {
            file: self.file.clone(),
            line: lines.0,
            line_end: lines.1,
            tool: self.tool.to_string(),
        };
        self.facts.push((
            Fact {
                key,
                value,
                unit,
                provenance,
            },
            strength,
        ));
    }
}
