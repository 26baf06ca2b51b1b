//! One fact and where it came from. Provenance is what lets a finding cite
//! `iostat.txt:14-380` as its evidence.

use super::{Unit, Value};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a fact was read: the capture file (relative to the bundle), its lines and
/// the tool that wrote it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    pub file: String,
    pub line: u64,
    pub line_end: u64,
    pub tool: String,
}

impl fmt::Display for Provenance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line_end > self.line {
            write!(f, "{}:{}-{}", self.file, self.line, self.line_end)
        } else {
            write!(f, "{}:{}", self.file, self.line)
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fact {
    pub key: String,
    pub value: Value,
    pub unit: Unit,
    pub provenance: Provenance,
}
