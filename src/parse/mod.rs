//! Parsing captures: raw tool output files. Each supported tool has one parser module
//! (in the folder of its domain) that recognises its output from content (`sniff`) and
//! turns it into facts (`parse`). The tool specs (`crate::tools`) list them; `detect`
//! picks the parser for a file; `read` runs it.

pub mod capture_window;
pub mod detect;
pub mod read;
mod registry;
mod sa_binary;
pub mod sink;
mod split_read;
pub mod transcript;

// Shared by parsers of several domains.
mod config_lines;
mod instance_label;

// One folder per domain, as the README's "Read today" table groups them.
pub mod activity;
pub mod bench;
pub mod dbconf;
pub mod dblog;
pub mod net;
pub mod os;
pub mod process;
pub mod profile;
pub mod topology;

use crate::text::lines::LineReader;
pub use read::{
    CaptureReport, CaptureResult, CaptureStatus, SectionInfo, read_capture, read_capture_within,
};
pub use registry::parsers;
pub use sink::FactSink;
use std::io::Read;

/// The reader every parser consumes: UTF-8 lines streamed from the file.
pub type Lines = LineReader<Box<dyn Read>>;

/// A parse failure that makes the whole capture unusable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", line.map(|l| format!("line {l}: ")).unwrap_or_default())]
pub struct ParseError {
    pub line: Option<u64>,
    pub message: String,
}

impl ParseError {
    pub fn at(line: u64, message: impl Into<String>) -> Self {
        ParseError {
            line: Some(line),
            message: message.into(),
        }
    }

    pub fn whole_file(message: impl Into<String>) -> Self {
        ParseError {
            line: None,
            message: message.into(),
        }
    }
}

impl From<std::io::Error> for ParseError {
    fn from(e: std::io::Error) -> Self {
        ParseError::whole_file(format!("read error: {e}"))
    }
}

/// One supported tool's output format.
pub trait CaptureParser: Sync {
    /// Stable tool name used in provenance, e.g. `mpstat`.
    fn tool(&self) -> &'static str;

    /// How sure the parser is (1–100) that `head`, the first 64 KiB of a file as
    /// UTF-8, is its format; `None` when it is not.
    fn sniff(&self, head: &str) -> Option<u8>;

    /// Streams the capture into facts. Recoverable problems (a truncated last row)
    /// become warnings on the sink; an error discards the capture's facts.
    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError>;

    /// Whether `line` begins a new output of this tool, so that a file holding
    /// several outputs one after another (a pasted transcript) can be cut into
    /// sections. Only lines that nothing else prints qualify (`Settings for eth0:`).
    fn starts_section(&self, _line: &str) -> bool {
        false
    }

    /// Whether every block after a blank line can be parsed knowing only the file's
    /// first block (its header), so that a large file may be read in two halves at
    /// once (`split_read`). Only where each block repeats its column header.
    fn reads_blocks_alone(&self) -> bool {
        false
    }
}
