//! Reads one capture file end to end: content classification (empty, binary, which
//! text encoding), tool detection, streaming parse. Whatever goes wrong is reported
//! for this file only, never raised: one bad file must not sink a bundle.

use super::detect::{HEAD_BYTES, detect, first_line_preview};
use super::sink::{FactSink, Strength, Warning};
use super::{Lines, ParseError};
use crate::facts::Fact;
use crate::text::encoding::{ContentKind, TextEncoding, Utf8Reader, classify};
use crate::text::lines::LineReader;
use serde::Serialize;
use std::fs::File;
use std::io::{Cursor, Read};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

#[derive(Debug, Clone, Serialize)]
pub struct CaptureReport {
    /// Path relative to the bundle root.
    pub file: String,
    pub tool: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<&'static str>,
    #[serde(flatten)]
    pub status: CaptureStatus,
    pub warnings: Vec<Warning>,
    pub facts: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum CaptureStatus {
    Parsed,
    Failed { line: Option<u64>, message: String },
    Unrecognized { reason: String },
}

impl CaptureReport {
    fn new(file: &str, status: CaptureStatus) -> Self {
        CaptureReport {
            file: file.to_string(),
            tool: None,
            encoding: None,
            status,
            warnings: Vec::new(),
            facts: 0,
        }
    }

    /// `file:line: message` for a failed capture, `file: reason` for an unrecognised one.
    pub fn problem(&self) -> Option<String> {
        match &self.status {
            CaptureStatus::Parsed => None,
            CaptureStatus::Failed {
                line: Some(l),
                message,
            } => Some(format!("{}:{l}: {message}", self.file)),
            CaptureStatus::Failed {
                line: None,
                message,
            } => Some(format!("{}: {message}", self.file)),
            CaptureStatus::Unrecognized { reason } => Some(format!("{}: {reason}", self.file)),
        }
    }
}

/// Reads the capture at `path`; `name` is how provenance refers to it.
pub fn read_capture(path: &Path, name: &str) -> (CaptureReport, Vec<(Fact, Strength)>) {
    let unrecognized = |reason: String| {
        (
            CaptureReport::new(name, CaptureStatus::Unrecognized { reason }),
            Vec::new(),
        )
    };
    let failed = |message: String| {
        (
            CaptureReport::new(
                name,
                CaptureStatus::Failed {
                    line: None,
                    message,
                },
            ),
            Vec::new(),
        )
    };
    let mut source: Box<dyn Read> = match File::open(path) {
        Ok(file) => Box::new(file),
        Err(e) => return failed(format!("cannot open: {e}")),
    };
    let mut head = Vec::with_capacity(HEAD_BYTES);
    if let Err(e) = (&mut source).take(HEAD_BYTES as u64).read_to_end(&mut head) {
        return failed(format!("read error: {e}"));
    }
    if head.starts_with(&[0x1f, 0x8b]) {
        source = Box::new(flate2::read::MultiGzDecoder::new(
            Cursor::new(head).chain(source),
        ));
        head = Vec::with_capacity(HEAD_BYTES);
        if let Err(e) = (&mut source).take(HEAD_BYTES as u64).read_to_end(&mut head) {
            return failed(format!("gzip data cannot be read: {e}"));
        }
    }
    let complete = head.len() < HEAD_BYTES;
    let encoding = match classify(&head, complete) {
        ContentKind::Empty => return unrecognized("empty file".into()),
        ContentKind::Binary { reason } => {
            return unrecognized(format!("binary content ({reason})"));
        }
        ContentKind::Text(encoding) => encoding,
    };
    let head_text = decode_head(&head, encoding);
    let Some(parser) = detect(&head_text) else {
        return unrecognized(format!(
            "no known tool format (first line: \"{}\")",
            first_line_preview(&head_text)
        ));
    };

    let stream: Box<dyn Read> =
        Box::new(Utf8Reader::new(Cursor::new(head).chain(source), encoding));
    let mut lines: Lines = LineReader::new(stream);
    let mut sink = FactSink::new(name, parser.tool());
    let outcome = catch_unwind(AssertUnwindSafe(|| parser.parse(&mut lines, &mut sink)))
        .unwrap_or_else(|_| {
            Err(ParseError::whole_file(format!(
                "internal error in the {} parser",
                parser.tool()
            )))
        });

    let mut report = CaptureReport::new(name, CaptureStatus::Parsed);
    report.tool = Some(parser.tool().to_string());
    report.encoding = (encoding != TextEncoding::Utf8).then(|| encoding.name());
    match outcome {
        Ok(()) => {
            let (facts, mut warnings) = sink.into_parts();
            if let TextEncoding::Utf8WithInvalidBytes { first_bad_line } = encoding {
                warnings.insert(
                    0,
                    Warning {
                        line: first_bad_line,
                        message: "invalid UTF-8 bytes; non-ASCII text on such lines is ignored"
                            .into(),
                    },
                );
            }
            report.facts = facts.len();
            report.warnings = warnings;
            (report, facts)
        }
        Err(ParseError { line, message }) => {
            report.status = CaptureStatus::Failed { line, message };
            report.warnings = sink.into_parts().1;
            (report, Vec::new())
        }
    }
}

fn decode_head(head: &[u8], encoding: TextEncoding) -> String {
    match encoding {
        TextEncoding::Utf8 | TextEncoding::Utf8WithInvalidBytes { .. } => {
            let body = head.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(head);
            String::from_utf8_lossy(body).into_owned()
        }
        _ => {
            let mut out = String::new();
            // Decoding an in-memory slice cannot fail; invalid sequences become U+FFFD.
            let _ = Utf8Reader::new(head, encoding).read_to_string(&mut out);
            out
        }
    }
}
