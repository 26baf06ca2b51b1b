//! Helpers shared by the integration tests: fixture paths, running one parser over
//! bytes, building facts by hand, and running the perfsage binary.

use perfsage::facts::{Fact, Facts, Provenance, Series, SeriesBuilder, Unit, Value};
use perfsage::parse::sink::{FactSink, Strength, Warning};
use perfsage::parse::{CaptureParser, CaptureReport, ParseError, read_capture};
use perfsage::text::lines::LineReader;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn fixture(relative: &str) -> PathBuf {
    root().join("fixtures").join(relative)
}

/// A capture read the way a bundle reads it: detection, encoding, sections, parse.
/// `report` is the first section's report; `facts` are those of every section.
pub struct Parsed {
    pub report: CaptureReport,
    pub reports: Vec<CaptureReport>,
    pub facts: Vec<(Fact, Strength)>,
}

impl Parsed {
    pub fn get(&self, key: &str) -> &Fact {
        self.facts
            .iter()
            .map(|(f, _)| f)
            .find(|f| f.key == key)
            .unwrap_or_else(|| panic!("no fact {key}; have: {:?}", self.keys()))
    }

    pub fn has(&self, key: &str) -> bool {
        self.facts.iter().any(|(f, _)| f.key == key)
    }

    pub fn num(&self, key: &str) -> f64 {
        match &self.get(key).value {
            Value::Number(n) => *n,
            other => panic!("{key} is {other:?}, not a number"),
        }
    }

    pub fn text(&self, key: &str) -> &str {
        match &self.get(key).value {
            Value::Text(t) => t,
            other => panic!("{key} is {other:?}, not text"),
        }
    }

    pub fn series(&self, key: &str) -> &Series {
        match &self.get(key).value {
            Value::Series(s) => s,
            other => panic!("{key} is {other:?}, not a series"),
        }
    }

    pub fn keys(&self) -> Vec<&str> {
        self.facts.iter().map(|(f, _)| f.key.as_str()).collect()
    }

    pub fn tool(&self) -> Option<&str> {
        self.report.tool.as_deref()
    }

    /// The line and message of a capture its parser refused; panics on any other status.
    pub fn failure(&self) -> (Option<u64>, &str) {
        match &self.report.status {
            perfsage::parse::CaptureStatus::Failed { line, message } => (*line, message),
            other => panic!("{} was not refused: {other:?}", self.report.file),
        }
    }
}

/// The first and last line a fact was read from.
pub fn line_range(fact: &Fact) -> (u64, u64) {
    (fact.provenance.line, fact.provenance.line_end)
}

pub fn parse_file(path: &Path) -> Parsed {
    let results = read_capture(path, &path.file_name().unwrap().to_string_lossy());
    let reports: Vec<CaptureReport> = results.iter().map(|(r, _)| r.clone()).collect();
    let facts = results.into_iter().flat_map(|(_, f)| f).collect();
    Parsed {
        report: reports[0].clone(),
        reports,
        facts,
    }
}

pub fn parse_fixture(relative: &str) -> Parsed {
    parse_file(&fixture(relative))
}

/// Reads bytes as a capture file named `name`.
pub fn parse_bytes(name: &str, bytes: &[u8]) -> Parsed {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    parse_file(&path)
}

/// Runs one parser directly over bytes, bypassing detection.
pub fn run_parser(
    parser: &dyn CaptureParser,
    bytes: &[u8],
) -> Result<(Vec<Fact>, Vec<Warning>), ParseError> {
    let reader: Box<dyn Read> = Box::new(std::io::Cursor::new(bytes.to_vec()));
    let mut lines = LineReader::new(reader);
    let mut sink = FactSink::new("input.txt", parser.tool());
    parser.parse(&mut lines, &mut sink)?;
    let (facts, warnings) = sink.into_parts();
    Ok((facts.into_iter().map(|(f, _)| f).collect(), warnings))
}

pub fn read(relative: &str) -> Vec<u8> {
    std::fs::read(fixture(relative)).unwrap()
}

pub fn close(actual: f64, expected: f64) {
    assert!((actual - expected).abs() < 1e-6, "{actual} != {expected}");
}

/// A series value from samples.
pub fn series(values: &[f64]) -> Value {
    Value::Series(SeriesBuilder::from_values(values).finish(None))
}

/// Facts for rule tests, each cited as line N of `facts.txt`.
pub fn facts(entries: &[(&str, Value)]) -> Arc<Facts> {
    let mut facts = Facts::default();
    for (i, (key, value)) in entries.iter().enumerate() {
        facts.insert(Fact {
            key: key.to_string(),
            value: value.clone(),
            unit: Unit::None,
            provenance: Provenance {
                file: "facts.txt".into(),
                line: i as u64 + 1,
                line_end: i as u64 + 1,
                tool: "test".into(),
            },
        });
    }
    Arc::new(facts)
}

pub fn num(n: f64) -> Value {
    Value::Number(n)
}

pub fn text(t: &str) -> Value {
    Value::Text(t.into())
}

pub fn flag(b: bool) -> Value {
    Value::Flag(b)
}

/// A command for `program`, which the test can wait for whatever signal dispositions
/// the test binary was started with: an inherited ignored SIGCHLD (some daemons and
/// job runners pass it on) makes the kernel reap children at once, and every wait fail.
pub fn command(program: impl AsRef<std::ffi::OsStr>) -> Command {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: sets this process's action for SIGCHLD to its default (which ignores
        // the signal without reaping); the test binary installs no handler for it.
        unsafe {
            libc::signal(libc::SIGCHLD, libc::SIG_DFL);
        }
    });
    Command::new(program)
}

/// The perfsage binary built with these tests.
pub fn perfsage_command() -> Command {
    command(env!("CARGO_BIN_EXE_perfsage"))
}

pub fn perfsage(args: &[&str]) -> Output {
    perfsage_command()
        .args(args)
        .current_dir(root())
        .output()
        .expect("perfsage runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Copies a fixture bundle into a temporary folder so a test can add or change files.
pub fn copy_bundle(relative: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture(relative), dir.path());
    dir
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// The string `field` of every element of a JSON array, in order.
pub fn strings<'a>(array: &'a serde_json::Value, field: &str) -> Vec<&'a str> {
    array
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {array}"))
        .iter()
        .map(|element| {
            element[field]
                .as_str()
                .unwrap_or_else(|| panic!("no string {field:?} in {element}"))
        })
        .collect()
}

/// The `date +%s` stamp a shell loop printed before snapshot `nth` of a fixture.
pub fn epoch_stamp(relative: &str, nth: usize) -> f64 {
    let text = String::from_utf8(read(relative)).unwrap();
    text.lines()
        .filter(|l| l.len() == 10 && l.bytes().all(|b| b.is_ascii_digit()))
        .nth(nth)
        .unwrap()
        .parse()
        .unwrap()
}
