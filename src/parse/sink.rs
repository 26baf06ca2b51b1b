//! Where a parser puts what it found: facts tagged with the capture's file and tool,
//! and warnings with line numbers. Facts marked as fallback only fill keys that no
//! primary source supplied (iostat's CPU summary yields to mpstat's).

use crate::facts::{Fact, Provenance, SeriesBuilder, Unit, Value};

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
}

impl FactSink {
    pub fn new(file: impl Into<String>, tool: &'static str) -> Self {
        FactSink {
            file: file.into(),
            tool,
            command: None,
            facts: Vec::new(),
            warnings: Vec::new(),
        }
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

    pub fn warn(&mut self, line: u64, message: impl Into<String>) {
        self.warnings.push(Warning {
            line,
            message: message.into(),
        });
    }

    pub fn fact_count(&self) -> usize {
        self.facts.len()
    }

    pub fn into_parts(self) -> (Vec<(Fact, Strength)>, Vec<Warning>) {
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
