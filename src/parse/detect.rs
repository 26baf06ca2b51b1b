//! Content-based tool detection: file names are free, so every parser looks at the
//! first 64 KiB and the most confident claim wins.

use super::CaptureParser;
use super::parsers;

pub const HEAD_BYTES: usize = 64 * 1024;

/// The parser for `head`, or `None` if no parser claims it.
pub fn detect(head: &str) -> Option<&'static dyn CaptureParser> {
    let mut best: Option<(&'static dyn CaptureParser, u8)> = None;
    for parser in parsers() {
        if let Some(score) = parser.sniff(head)
            && best.is_none_or(|(_, s)| score > s)
        {
            best = Some((*parser, score));
        }
    }
    best.map(|(p, _)| p)
}

/// Every parser that claims `head`; used by tests to prove formats are not confused.
pub fn claimants(head: &str) -> Vec<&'static str> {
    parsers()
        .iter()
        .filter(|p| p.sniff(head).is_some())
        .map(|p| p.tool())
        .collect()
}

/// A short, printable description of the first non-blank line, for messages about
/// files nobody recognised.
pub fn first_line_preview(head: &str) -> String {
    let line = head
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let mut preview: String = line.chars().filter(|c| !c.is_control()).take(60).collect();
    if line.chars().count() > 60 {
        preview.push('…');
    }
    preview
}
