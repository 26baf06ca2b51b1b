//! `sadf -d` exports of sysstat data files: semicolon-separated rows under a
//! `# hostname;interval;timestamp;…` header whose remaining names are sar's own column
//! names. Several activities may follow one another, each under its own header.
//!
//! ```text
//! # hostname;interval;timestamp;CPU;%user;%nice;%system;%iowait;%steal;%idle
//! vm;1;2026-12-04 16:40:04 UTC;-1;91.96;0.00;8.04;0.00;0.00;0.00
//! vm;1;2026-12-04 16:40:04 UTC;0;88.00;0.00;12.00;0.00;0.00;0.00
//! # hostname;interval;timestamp;DEV;tps;rkB/s;wkB/s;dkB/s;areq-sz;aqu-sz;await;%util
//! vm;1;2026-12-04 16:40:04 UTC;vda;233.00;4680.00;32.00;40.00;20.39;0.14;0.59;0.00
//! ```
//!
//! The CPU `-1` is sar's `all`. Facts are the sar parser's (same keys, units and
//! derived utilisation), one sample per row, cited by the row's line.

use super::sadf_series::{RowValues, SadfSeries};
use super::sar::Section;
use super::whole_row::has_two_decimals;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;

pub struct SadfCsv;

/// What every `sadf -d` header starts with.
const HEADER: &[u8] = b"# hostname;interval;timestamp;";
/// Fields before the activity's own columns.
const LEADING: usize = 3;
/// Widest row read: `sar -r ALL` has 16 columns; wider activities are skipped.
const MAX_FIELDS: usize = 32;

/// The current header: its section, label column and width.
struct Layout {
    section: Section,
    label_at: Option<usize>,
    width: usize,
    /// Each column's name when the section reads it (`%idle` included).
    read: Vec<Option<Vec<u8>>>,
}

/// Splits `line` at semicolons into `slots`; `None` when it has more than fit.
fn split<'a>(line: &'a [u8], slots: &mut [&'a [u8]; MAX_FIELDS]) -> Option<usize> {
    let mut n = 0;
    for field in line.split(|b| *b == b';') {
        *slots.get_mut(n)? = field;
        n += 1;
    }
    Some(n)
}

impl Layout {
    /// The layout of a header line (`#` already seen); `None` for an activity
    /// perfsage does not read.
    fn of(line: &[u8]) -> Option<Layout> {
        let names = line.get(2..)?;
        let mut slots = [&b""[..]; MAX_FIELDS];
        let n = split(names, &mut slots)?;
        let own = slots.get(LEADING..n)?;
        let (section, label_at) = Section::of_header(own)?;
        let read = slots[..n]
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let wanted = i >= LEADING
                    && Some(i - LEADING) != label_at
                    && (section.column(name).is_some() || *name == b"%idle");
                wanted.then(|| name.to_vec())
            })
            .collect();
        Some(Layout {
            section,
            label_at,
            width: n,
            read,
        })
    }
}

impl CaptureParser for SadfCsv {
    fn tool(&self) -> &'static str {
        "sadf"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        head.lines()
            .take(50)
            .any(|l| l.as_bytes().starts_with(HEADER))
            .then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut series = SadfSeries::default();
        let mut layout: Option<Layout> = None;
        let mut saw_header = false;
        let mut rows = 0u64;
        while let Some(line) = lines.next_line()? {
            let bytes = line.bytes;
            if bytes.starts_with(b"#") {
                if bytes.starts_with(HEADER) {
                    layout = Layout::of(bytes);
                    saw_header |= layout.is_some();
                }
                continue;
            }
            let Some(layout) = &layout else { continue };
            if bytes.is_empty() {
                continue;
            }
            let mut slots = [&b""[..]; MAX_FIELDS];
            let Some(n) = split(bytes, &mut slots) else {
                sink.warn(line.number, "row has more fields than its header; ignored");
                continue;
            };
            if n != layout.width {
                if !slots[..n].iter().any(|f| f.starts_with(b"LINUX-RESTART")) {
                    let message = if line.cut_off {
                        "last row is cut off (truncated file); ignored".to_string()
                    } else {
                        format!("row has {n} fields, the header has {}", layout.width)
                    };
                    sink.warn(line.number, message);
                }
                continue;
            }
            if line.cut_off && !has_two_decimals(slots[n - 1]) {
                // A cut number (`86.0` of `86.00`) would still parse.
                sink.warn(line.number, "last row is cut off (truncated file); ignored");
                continue;
            }
            let mut row = RowValues::new(layout.section);
            let mut complete = true;
            for (name, value) in layout.read.iter().zip(&slots[..n]) {
                let Some(name) = name else { continue };
                match parse_f64(value) {
                    Some(v) if v.is_finite() => {
                        row.set(name, v);
                    }
                    _ => complete = false,
                }
            }
            let label_at = layout.label_at.map(|i| i + LEADING);
            if !complete {
                sink.warn(
                    line.number,
                    "row holds a value that is not a number; ignored",
                );
                continue;
            }
            if let Some(interval) = parse_f64(slots[1]) {
                series.interval(interval);
            }
            let label = match label_at.map(|i| slots[i]) {
                Some(b"-1") if layout.section == Section::Cpu => &b"all"[..],
                Some(label) => label,
                None => b"",
            };
            series.row(label, &row, line.number, sink);
            rows += 1;
        }
        if !saw_header {
            return Err(ParseError::whole_file(
                "no sadf -d header (# hostname;interval;timestamp;CPU;… or DEV, IFACE, kbmemfree …) found",
            ));
        }
        if rows == 0 || series.finish(sink) == 0 {
            return Err(ParseError::whole_file(
                "sadf -d headers found but no rows follow them",
            ));
        }
        Ok(())
    }
}
