//! Reads a large sysstat text capture on two threads. mpstat and sar print their
//! reports in blocks separated by blank lines, each block starting with its own
//! column header, and the file's first block (`Linux … (host) … (N CPU)`) is all the
//! context a block needs. So the file is cut at a blank line near its middle: this
//! thread parses the first half, a second thread parses the file's first block
//! followed by the second half, and the second half's sink is appended to the
//! first's (series joined, line numbers moved to the file's). A day-long capture is
//! read at twice the speed on two CPUs; the facts are those of one pass (a plotted
//! point may average its samples in a different grouping, see `SeriesBuilder::append`).
//!
//! Whenever the file does not lend itself to this (no blank line after its first
//! block or past its middle, a half the parser rejects), the caller reads it in one
//! pass as before: the cut is a speed-up, never a different result.

use super::sink::FactSink;
use super::{CaptureParser, ParseError};
use crate::quiet_panic::catch_quietly;
use crate::text::encoding::{TextEncoding, Utf8Reader};
use crate::text::lines::LineReader;
use std::io::{Cursor, Read, Seek, SeekFrom};
use std::path::Path;

/// Files smaller than this are read in one pass: a thread and a second open cost more
/// than they save below a few megabytes, and small files keep one code path.
pub const MIN_SPLIT_BYTES: u64 = 16 << 20;

/// How far past the middle the cut may be looked for (a `sar -A` file has blank lines
/// only between activities).
const MAX_SEARCH_BYTES: u64 = 64 << 20;

/// The outcome of `parser` over the file at `path` (`size` bytes, `head` its first
/// bytes, plain UTF-8) read in two halves, with the facts in the first half's sink;
/// `None` when the file should be read in one pass.
pub fn parse_in_halves(
    path: &Path,
    name: &str,
    parser: &dyn CaptureParser,
    head: &[u8],
    size: u64,
) -> Option<(Result<(), ParseError>, FactSink)> {
    let head = head.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(head);
    let first_block = &head[..blank_line_end(head)?];
    let cut = cut_near_middle(path, size)?;
    if cut <= first_block.len() as u64 + 3 {
        return None;
    }
    let (first, second) = std::thread::scope(|scope| {
        let second = scope.spawn(|| {
            let mut file = crate::files::regular_file::open(path).ok()?;
            file.seek(SeekFrom::Start(cut)).ok()?;
            let stream = Cursor::new(first_block.to_vec()).chain(file);
            let (outcome, sink, _) = parse_stream(parser, name, Box::new(stream))?;
            outcome.ok().map(|()| sink)
        });
        let first = crate::files::regular_file::open(path)
            .ok()
            .map(|file| Utf8Reader::new(file.take(cut), TextEncoding::Utf8))
            .and_then(|stream| parse_stream(parser, name, Box::new(stream)));
        (first, second.join().ok().flatten())
    });
    let (outcome, mut sink, lines_in_first_half) = first?;
    if outcome.is_err() {
        // The file's own problem: reported as the whole file's, after one pass.
        return None;
    }
    let first_block_lines = first_block.iter().filter(|b| **b == b'\n').count() as u64;
    sink.append(second?, lines_in_first_half.checked_sub(first_block_lines)?);
    Some((outcome, sink))
}

/// Runs the parser over `stream` to its end; `None` when it panicked.
fn parse_stream(
    parser: &dyn CaptureParser,
    name: &str,
    stream: Box<dyn Read>,
) -> Option<(Result<(), ParseError>, FactSink, u64)> {
    let mut lines = LineReader::new(stream);
    let mut sink = FactSink::new(name, parser.tool());
    let outcome = catch_quietly(|| parser.parse(&mut lines, &mut sink)).ok()?;
    // A parser may stop before the end; the line count must still be the half's.
    while let Ok(Some(_)) = lines.next_line() {}
    Some((outcome, sink, lines.line_number()))
}

/// The offset just past the first blank line (`\n\n`) in `bytes`.
fn blank_line_end(bytes: &[u8]) -> Option<usize> {
    memchr::memmem::find(bytes, b"\n\n").map(|at| at + 2)
}

/// The offset of the first line after a blank line at or past the middle of the file.
fn cut_near_middle(path: &Path, size: u64) -> Option<u64> {
    let mut file = crate::files::regular_file::open(path).ok()?;
    // Start one byte early so that a blank line right at the middle is seen whole.
    let start = (size / 2).checked_sub(1)?;
    file.seek(SeekFrom::Start(start)).ok()?;
    let mut file = file.take(MAX_SEARCH_BYTES);
    // Each read goes after the previous read's last byte, so a `\n\n` split between
    // two reads is still found.
    let mut window = vec![0; SEARCH_CHUNK + 1];
    let mut window_start = start;
    let mut kept = 0;
    loop {
        let n = file.read(&mut window[kept..]).ok()?;
        if n == 0 {
            return None;
        }
        if let Some(end) = blank_line_end(&window[..kept + n]) {
            let cut = window_start + end as u64;
            return (cut < size).then_some(cut);
        }
        window[0] = window[kept + n - 1];
        window_start += (kept + n - 1) as u64;
        kept = 1;
    }
}

/// Bytes read at a time while looking for the cut.
const SEARCH_CHUNK: usize = 64 << 10;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cut_is_after_a_blank_line_past_the_middle() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        let text = "head\n\nb1\nb1\n\nb2\nb2\n\nb3\n";
        std::fs::write(&path, text).unwrap();
        let cut = cut_near_middle(&path, text.len() as u64).unwrap() as usize;
        assert_eq!(&text[cut..], "b2\nb2\n\nb3\n");
        assert_eq!(blank_line_end(text.as_bytes()), Some(6));
    }

    #[test]
    fn a_large_mpstat_capture_is_read_in_two_halves() {
        let fixture = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/mpstat/mpstat_all_24h.txt"
        );
        let text = std::fs::read_to_string(fixture).unwrap();
        let (first_block, reports) = text.split_at(text.find("\n\n").unwrap() + 2);
        let mut big = first_block.to_string();
        while (big.len() as u64) < MIN_SPLIT_BYTES {
            big.push_str(reports);
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mpstat.txt");
        std::fs::write(&path, &big).unwrap();
        let parser = crate::parse::activity::mpstat::Mpstat;
        let head = &big.as_bytes()[..64 << 10];
        let (outcome, sink) =
            parse_in_halves(&path, "mpstat.txt", &parser, head, big.len() as u64).unwrap();
        assert!(outcome.is_ok());
        let (facts, _) = sink.into_parts();
        let util = facts.iter().find(|(f, _)| f.key == "cpu.util_pct").unwrap();
        // The last `all` row of the file, numbered as in the file, though the second
        // half read it.
        let lines: Vec<&str> = big.lines().collect();
        let last_all_row = lines
            .iter()
            .rposition(|l| !l.starts_with("Average") && l.split_whitespace().nth(1) == Some("all"))
            .unwrap();
        assert_eq!(util.0.provenance.line_end, last_all_row as u64 + 1);
    }

    #[test]
    fn no_cut_without_a_blank_line_after_the_middle() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        let text = "head\n\nb1\nb1\nb1\nb1\nb1\n";
        std::fs::write(&path, text).unwrap();
        assert_eq!(cut_near_middle(&path, text.len() as u64), None);
    }
}
