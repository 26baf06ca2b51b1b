//! Reads one capture file end to end: content classification (empty, binary, which
//! text encoding), transcript sections, tool detection, streaming parse. Whatever goes
//! wrong is reported for this file (or section) only, never raised: one bad file must
//! not sink a bundle.

use super::capture_window::CaptureWindow;
use super::detect::{HEAD_BYTES, detect, first_line_preview};
use super::profile::profile_stacks::ProfileStacks;
use super::sa_binary;
use super::sink::{FactSink, Strength, Warning};
use super::split_read;
use super::transcript::{Section, looks_like_transcript, split};
use super::{CaptureParser, Lines, ParseError};
use crate::facts::Fact;
use crate::quiet_panic::catch_quietly;
use crate::text::cr_line_ends::{CrAsLf, uses_lone_cr};
use crate::text::encoding::{ContentKind, TextEncoding, Utf8Reader, classify};
use crate::text::lines::LineReader;
use serde::{Deserialize, Deserializer, Serialize};
use std::io::{Cursor, Read};
use std::path::Path;

/// Transcripts are pasted by hand; a file larger than this is one tool's output and
/// is streamed rather than loaded to look for sections.
const MAX_TRANSCRIPT_BYTES: u64 = 32 << 20;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CaptureReport {
    /// Path relative to the bundle root.
    pub file: String,
    /// Set when the file is a transcript holding several outputs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<SectionInfo>,
    pub tool: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "known_encoding"
    )]
    pub encoding: Option<EncodingName>,
    #[serde(flatten)]
    pub status: CaptureStatus,
    pub warnings: Vec<Warning>,
    pub facts: usize,
    /// A profile's folded stacks, read along with its facts, until the flame graph
    /// takes them; never saved with a report.
    #[serde(skip)]
    pub stacks: Option<ProfileStacks>,
}

/// Where a section of a transcript lies and which command printed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionInfo {
    pub first_line: u64,
    pub last_line: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum CaptureStatus {
    Parsed,
    Failed { line: Option<u64>, message: String },
    Unrecognized { reason: String },
}

/// One of `TextEncoding::name()`. Named so that serde does not take it for text
/// borrowed from the input when a saved report is read back.
pub type EncodingName = &'static str;

/// Encoding names are a closed set: a saved report's name maps back to the same one.
fn known_encoding<'de, D: Deserializer<'de>>(d: D) -> Result<Option<EncodingName>, D::Error> {
    let Some(name) = Option::<String>::deserialize(d)? else {
        return Ok(None);
    };
    [
        TextEncoding::Utf8,
        TextEncoding::Utf8WithInvalidBytes { first_bad_line: 0 },
        TextEncoding::Gb18030,
        TextEncoding::Utf16Le,
        TextEncoding::Utf16Be,
    ]
    .into_iter()
    .map(TextEncoding::name)
    .find(|known| *known == name)
    .map(Some)
    .ok_or_else(|| serde::de::Error::custom(format!("unknown encoding {name:?}")))
}

/// What reading one capture (or one section of it) produced.
pub type CaptureResult = (CaptureReport, Vec<(Fact, Strength)>);

impl CaptureReport {
    pub(super) fn new(file: &str, status: CaptureStatus) -> Self {
        CaptureReport {
            file: file.to_string(),
            section: None,
            tool: None,
            encoding: None,
            status,
            warnings: Vec::new(),
            facts: 0,
            stacks: None,
        }
    }

    /// The file, and for a transcript section its lines and command.
    pub fn location(&self) -> String {
        match &self.section {
            None => self.file.clone(),
            Some(s) => {
                let command = s
                    .command
                    .as_deref()
                    .map(|c| format!(": {c}"))
                    .unwrap_or_default();
                format!(
                    "{} (lines {}-{}{command})",
                    self.file, s.first_line, s.last_line
                )
            }
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
            } => Some(format!("{}: {message}", self.location())),
            CaptureStatus::Unrecognized { reason } => {
                Some(format!("{}: {reason}", self.location()))
            }
        }
    }
}

/// Reads the capture at `path`; `name` is how provenance refers to it. A transcript
/// gives one result per section.
pub fn read_capture(path: &Path, name: &str) -> Vec<CaptureResult> {
    read_capture_within(path, name, None)
}

/// Reads the capture at `path` as `read_capture` does, for a bundle whose capture ran
/// during `window`: logs that reach back before it count only what happened inside.
pub fn read_capture_within(
    path: &Path,
    name: &str,
    window: Option<CaptureWindow>,
) -> Vec<CaptureResult> {
    let one = |status: CaptureStatus| vec![(CaptureReport::new(name, status), Vec::new())];
    let failed = |message: String| {
        one(CaptureStatus::Failed {
            line: None,
            message,
        })
    };
    // Regular files only, opened without blocking: a FIFO or a /proc file cannot hang.
    let file = match crate::files::regular_file::open(path) {
        Ok(file) => file,
        Err(e) => return failed(format!("cannot open: {e}")),
    };
    let size = file.metadata().map(|m| m.len()).unwrap_or(u64::MAX);
    let mut source: Box<dyn Read> = Box::new(file);
    let mut head = Vec::with_capacity(HEAD_BYTES);
    if let Err(e) = (&mut source).take(HEAD_BYTES as u64).read_to_end(&mut head) {
        return failed(format!("read error: {e}"));
    }
    if sa_binary::is_sa_file(&head) {
        return vec![sa_binary::read(path, name, &head)];
    }
    let compressed = head.starts_with(&[0x1f, 0x8b]);
    if compressed {
        source = Box::new(flate2::read::MultiGzDecoder::new(
            Cursor::new(head).chain(source),
        ));
        head = Vec::with_capacity(HEAD_BYTES);
        if let Err(e) = (&mut source).take(HEAD_BYTES as u64).read_to_end(&mut head) {
            return failed(format!("gzip data cannot be read: {e}"));
        }
        if sa_binary::is_sa_file(&head) {
            return failed(
                "a gzip-compressed binary sysstat data file: sadf reads only plain files, gunzip it first".into(),
            );
        }
    }
    let complete = head.len() < HEAD_BYTES;
    let encoding = match classify(&head, complete) {
        ContentKind::Empty => {
            return one(CaptureStatus::Unrecognized {
                reason: "empty file".into(),
            });
        }
        ContentKind::Binary { reason } => {
            return one(CaptureStatus::Unrecognized {
                reason: format!("binary content ({reason})"),
            });
        }
        ContentKind::Text(encoding) => encoding,
    };
    let mut head_text = decode_head(&head, encoding);
    if !compressed
        && encoding == TextEncoding::Utf8
        && size >= split_read::MIN_SPLIT_BYTES
        && !uses_lone_cr(&head_text)
        && !looks_like_transcript(&head_text)
        && let Some(parser) = detect(&head_text).filter(|p| p.reads_blocks_alone())
        && let Some((outcome, sink)) = split_read::parse_in_halves(path, name, parser, &head, size)
    {
        return vec![into_result(name, encoding, parser, outcome, sink)];
    }
    let mut stream: Box<dyn Read> =
        Box::new(Utf8Reader::new(Cursor::new(head).chain(source), encoding));
    if uses_lone_cr(&head_text) {
        head_text = head_text.replace('\r', "\n");
        stream = Box::new(CrAsLf(stream));
    }

    if !compressed && size <= MAX_TRANSCRIPT_BYTES && looks_like_transcript(&head_text) {
        let mut bytes = Vec::new();
        let mut stream = stream;
        if let Err(e) = stream.read_to_end(&mut bytes) {
            return failed(format!("read error: {e}"));
        }
        let text = String::from_utf8_lossy(&bytes);
        let sections = split(&text);
        if sections.is_empty() {
            return one(CaptureStatus::Unrecognized {
                reason: "a shell session with prompts and no command output".into(),
            });
        }
        return sections
            .into_iter()
            .map(|section| read_section(name, encoding, &text, &section, window))
            .collect();
    }
    vec![parse(name, encoding, &head_text, stream, 1, None, window)]
}

fn read_section(
    name: &str,
    encoding: TextEncoding,
    text: &str,
    section: &Section,
    window: Option<CaptureWindow>,
) -> CaptureResult {
    let body = &text[section.start..section.end];
    let lines_in_body = body.lines().count().max(1) as u64;
    let info = SectionInfo {
        first_line: section.first_line,
        last_line: section.first_line + lines_in_body - 1,
        command: section.command.clone(),
    };
    let head: String = body.chars().take(HEAD_BYTES).collect();
    let stream: Box<dyn Read> = Box::new(Cursor::new(body.as_bytes().to_vec()));
    let (mut report, facts) = parse(
        name,
        encoding,
        &head,
        stream,
        section.first_line,
        section.command.as_deref(),
        window,
    );
    report.section = Some(info);
    (report, facts)
}

/// Detects the tool from `head` and streams `stream` through its parser.
pub(super) fn parse(
    name: &str,
    encoding: TextEncoding,
    head: &str,
    stream: Box<dyn Read>,
    first_line: u64,
    command: Option<&str>,
    window: Option<CaptureWindow>,
) -> CaptureResult {
    let Some(parser) = detect(head) else {
        let reason = format!(
            "no known tool format (first line: \"{}\")",
            first_line_preview(head)
        );
        return (
            CaptureReport::new(name, CaptureStatus::Unrecognized { reason }),
            Vec::new(),
        );
    };
    let mut lines: Lines = LineReader::new(stream).starting_at_line(first_line);
    let mut sink = FactSink::new(name, parser.tool()).within(window);
    if let Some(command) = command {
        sink = sink.with_command(command);
    }
    let outcome = catch_quietly(|| parser.parse(&mut lines, &mut sink)).unwrap_or_else(|message| {
        Err(ParseError::whole_file(format!(
            "internal error in the {} parser ({message}); please report it with the file",
            parser.tool()
        )))
    });
    into_result(name, encoding, parser, outcome, sink)
}

/// The report and facts of a finished parse.
fn into_result(
    name: &str,
    encoding: TextEncoding,
    parser: &dyn CaptureParser,
    outcome: Result<(), ParseError>,
    mut sink: FactSink,
) -> CaptureResult {
    let mut report = CaptureReport::new(name, CaptureStatus::Parsed);
    report.tool = Some(parser.tool().to_string());
    report.encoding = (encoding != TextEncoding::Utf8).then(|| encoding.name());
    match outcome {
        Ok(()) => {
            report.stacks = sink.take_profile_stacks();
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
