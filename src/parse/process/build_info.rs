//! Which compiler built a binary, from `readelf -p .comment <binary>` (every object's
//! GCC identification string) and, when the build recorded them
//! (`-frecord-gcc-switches`), `readelf -p .GCC.command.line <binary>`. Case A's DM8 was
//! built by the OS's GCC 6.3.0, which does not use ARMv8.1 LSE atomics unless told
//! (`-march=armv8-a+lse`); case D rebuilt DM with GCC 10.3.1 and `-mtune=tsv110`.
//!
//! ```text
//! String dump of section '.comment':
//!   [     0]  GCC: (GNU) 8.5.0 20210514 (Red Hat 8.5.0-28)
//!   [    2d]  GCC: (GNU) 10.3.1 20210422 (Red Hat 10.3.1-1)
//!
//! String dump of section '.GCC.command.line':
//!   [     0]  GNU C17 12.2.0 -march=x86-64-v2 -mtune=znver3 -O2
//! ```
//!
//! A binary links objects from several compilers (the C runtime comes with the system
//! compiler), so the newest GCC named is taken as the one that built the code:
//! `build.gcc_version`, `build.gcc_major`; recorded switches become `build.compile_flags`.
//! The binary's path comes from the transcript's command line when there is one
//! (`build.binary`).

use crate::facts::Unit;
use crate::parse::process::gcc_version::{major_of, version_in};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct BuildInfo;

const COMMENT: &str = "String dump of section '.comment':";
const COMMAND_LINE: &str = "String dump of section '.GCC.command.line':";

impl CaptureParser for BuildInfo {
    fn tool(&self) -> &'static str {
        "build-info"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        head.lines()
            .any(|l| l == COMMENT || l == COMMAND_LINE)
            .then_some(95)
    }

    fn starts_section(&self, line: &str) -> bool {
        line == COMMENT || line == COMMAND_LINE
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut section: Option<&'static str> = None;
        let mut first_header: Option<u64> = None;
        let mut newest: Option<(Vec<u64>, String, u64)> = None;
        let mut flags: Vec<(String, u64)> = Vec::new();
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            if text == COMMENT || text == COMMAND_LINE {
                first_header.get_or_insert(line.number);
                section = Some(if text == COMMENT {
                    COMMENT
                } else {
                    COMMAND_LINE
                });
                continue;
            }
            // `[    2d]  GCC: (GNU) 10.3.1 …`: the string follows the bracketed offset.
            let Some(string) = text
                .strip_prefix('[')
                .and_then(|t| t.split_once(']'))
                .map(|(_, s)| s.trim())
            else {
                continue;
            };
            match section {
                Some(COMMENT) => {
                    let Some(version) = string.strip_prefix("GCC:").and_then(version_in) else {
                        continue;
                    };
                    let parts = version_parts(&version);
                    if newest.as_ref().is_none_or(|(best, _, _)| parts > *best) {
                        newest = Some((parts, version, line.number));
                    }
                }
                Some(_) => flags.push((switches_of(string), line.number)),
                None => {}
            }
        }
        if newest.is_none() && flags.is_empty() {
            return Err(ParseError::whole_file(
                "no GCC identification or recorded switches found",
            ));
        }
        if let Some((_, version, line)) = newest {
            if let Some(major) = major_of(&version) {
                sink.number("build.gcc_major", major, Unit::None, line);
            }
            sink.text("build.gcc_version", version, line);
        }
        if let Some((switches, line)) = flags.into_iter().next() {
            sink.text("build.compile_flags", switches, line);
        }
        if let (Some(binary), Some(line)) = (sink.command().and_then(binary_of), first_header) {
            sink.text("build.binary", binary, line);
        }
        Ok(())
    }
}

fn version_parts(version: &str) -> Vec<u64> {
    version.split('.').filter_map(|p| p.parse().ok()).collect()
}

/// `GNU C17 12.2.0 -march=x86-64-v2 -O2` → `-march=x86-64-v2 -O2`.
fn switches_of(string: &str) -> String {
    string
        .split_whitespace()
        .skip_while(|w| !w.starts_with('-'))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The binary a `readelf … <binary>` command looked at.
fn binary_of(command: &str) -> Option<String> {
    let mut words = command.split_whitespace();
    words.next().filter(|w| w.ends_with("readelf"))?;
    words
        .rev()
        .find(|w| !w.starts_with('-') && !w.starts_with('.'))
        .map(str::to_string)
}
