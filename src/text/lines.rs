//! Streaming line reader: hands out one line at a time as a byte slice borrowed from
//! a fixed buffer, so a gigabyte capture is read with flat memory and no per-line
//! allocation. Line ends (`\n`, `\r\n`) and ANSI colour codes are removed.
//!
//! Line ends are found 64 bytes at a time: the reader keeps a bit mask of the line
//! feeds in the current 64-byte block of its buffer and takes one per line, which for
//! the short lines of tool output costs less than a search per line. Colour codes are
//! rare, so the buffer is searched for their escape byte a window at a time rather
//! than once per line: each byte is looked at once, and a line is only copied when an
//! escape lies inside it.

use super::byte_mask::line_feeds;
use memchr::memchr;
use std::io::{self, Read};

/// A multiple of 64, as every size the buffer grows to: blocks never straddle its end.
const INITIAL_BUFFER: usize = 1 << 20;
/// How far ahead of the current line the escape byte is looked for in one search.
const ESCAPE_WINDOW: usize = 64 << 10;
const ESCAPE: u8 = 0x1b;
/// A longer line is a sign of a binary or corrupt file, not tool output.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// One line of a capture. `number` counts from 1.
pub struct Line<'a> {
    pub number: u64,
    pub bytes: &'a [u8],
    /// The input ended inside this line (no line end): the capture was probably cut
    /// off while being written or copied.
    pub cut_off: bool,
}

pub struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    pos: usize,
    filled: usize,
    eof: bool,
    line_no: u64,
    unterminated_last_line: bool,
    scratch: Vec<u8>,
    /// `buf[..escape_searched]` has been searched for `ESCAPE`; `next_escape` is the
    /// first one found at or after the current line, if any.
    escape_searched: usize,
    next_escape: Option<usize>,
    /// `buf[block..block + 64]` is the block being read for line ends; `line_feeds`
    /// marks those in it that lie in `buf[pos..filled]`.
    block: usize,
    line_feeds: u64,
}

impl<R: Read> LineReader<R> {
    pub fn new(inner: R) -> Self {
        LineReader {
            inner,
            buf: vec![0; INITIAL_BUFFER],
            pos: 0,
            filled: 0,
            eof: false,
            line_no: 0,
            unterminated_last_line: false,
            scratch: Vec::new(),
            escape_searched: 0,
            next_escape: None,
            block: 0,
            line_feeds: 0,
        }
    }

    /// Numbers lines from `first` instead of 1: a section of a larger file keeps the
    /// file's line numbers.
    pub fn starting_at_line(mut self, first: u64) -> Self {
        self.line_no = first.saturating_sub(1);
        self
    }

    /// The next line, or `None` at the end of the input. Always inlined: it is called
    /// once per line by every parser, and handing a line out is only a few
    /// instructions when the buffer already holds it.
    #[inline(always)]
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        match self.next_line_feed() {
            Some(end) => {
                let start = self.pos;
                self.pos = end + 1;
                Ok(Some(self.finish(start, end)))
            }
            None => self.next_line_after_refill(),
        }
    }

    /// `next_line` when the buffer holds no further line end: the rare path, kept out
    /// of line so that the common one inlines into the parsers' loops.
    #[inline(never)]
    fn next_line_after_refill(&mut self) -> io::Result<Option<Line<'_>>> {
        loop {
            if self.eof {
                if self.pos == self.filled {
                    return Ok(None);
                }
                let (start, end) = (self.pos, self.filled);
                self.pos = self.filled;
                self.unterminated_last_line = true;
                return Ok(Some(self.finish(start, end)));
            }
            self.refill()?;
            if let Some(end) = self.next_line_feed() {
                let start = self.pos;
                self.pos = end + 1;
                return Ok(Some(self.finish(start, end)));
            }
        }
    }

    /// Number of the last line handed out.
    pub fn line_number(&self) -> u64 {
        self.line_no
    }

    /// True once the final line has been read and it had no line end: the capture was
    /// probably cut off while being written or copied.
    pub fn last_line_was_unterminated(&self) -> bool {
        self.unterminated_last_line
    }

    /// The first line feed in `buf[pos..filled]`, taken off the mask.
    #[inline(always)]
    fn next_line_feed(&mut self) -> Option<usize> {
        loop {
            if self.line_feeds != 0 {
                let at = self.block + self.line_feeds.trailing_zeros() as usize;
                self.line_feeds &= self.line_feeds - 1;
                return Some(at);
            }
            if self.block + 64 >= self.filled {
                return None;
            }
            self.block += 64;
            self.line_feeds = self.line_feeds_from(self.block);
        }
    }

    /// The line feeds of the block at `block` that lie before `filled`. (Callers make
    /// sure none lies before `pos`: the block starts at or after it, or the bytes in
    /// between hold none.)
    #[inline(always)]
    fn line_feeds_from(&self, block: usize) -> u64 {
        let bytes = self.buf[block..]
            .first_chunk::<64>()
            .expect("64-byte blocks");
        let mask = line_feeds(bytes);
        if self.filled < block + 64 {
            mask & ((1 << (self.filled - block)) - 1)
        } else {
            mask
        }
    }

    /// Reads more input after `buf[pos..filled]`, which holds no line feed.
    fn refill(&mut self) -> io::Result<()> {
        if self.pos > 0 {
            self.buf.copy_within(self.pos..self.filled, 0);
            self.filled -= self.pos;
            self.escape_searched = self.escape_searched.saturating_sub(self.pos);
            self.next_escape = self.next_escape.map(|e| e - self.pos);
            self.pos = 0;
        }
        if self.filled == self.buf.len() {
            if self.buf.len() >= MAX_LINE_BYTES {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "line {} is longer than {} MiB",
                        self.line_no + 1,
                        MAX_LINE_BYTES >> 20
                    ),
                ));
            }
            self.buf.resize(self.buf.len() * 2, 0);
        }
        let n = loop {
            match self.inner.read(&mut self.buf[self.filled..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        // Only the new bytes can hold a line feed; rescan from the block they start in.
        self.block = self.filled & !63;
        self.filled += n;
        self.eof = n == 0;
        self.line_feeds = if self.block < self.filled {
            self.line_feeds_from(self.block)
        } else {
            0
        };
        Ok(())
    }

    #[inline(always)]
    fn finish(&mut self, start: usize, mut end: usize) -> Line<'_> {
        self.line_no += 1;
        if end > start && self.buf[end - 1] == b'\r' {
            end -= 1;
        }
        let bytes = if self.escape_before(start, end) {
            strip_ansi(&self.buf[start..end], &mut self.scratch);
            &self.scratch[..]
        } else {
            &self.buf[start..end]
        };
        Line {
            number: self.line_no,
            bytes,
            cut_off: self.unterminated_last_line,
        }
    }
}

impl<R> LineReader<R> {
    /// Whether the line `buf[start..end]` holds an escape byte. Searches ahead only
    /// when the last search ended before `end`; an escape found is used up by its line,
    /// and the next search starts after that line.
    #[inline(always)]
    fn escape_before(&mut self, start: usize, end: usize) -> bool {
        if self.next_escape.is_none() && self.escape_searched < end {
            self.search_escape(start, end);
        }
        match self.next_escape {
            Some(at) if at < end => {
                self.next_escape = None;
                self.escape_searched = end;
                true
            }
            _ => false,
        }
    }

    /// Looks for the next escape byte from `start` (or where the last search ended)
    /// to a window past `end`.
    #[inline(never)]
    fn search_escape(&mut self, start: usize, end: usize) {
        let from = self.escape_searched.max(start);
        let to = self.filled.min(end + ESCAPE_WINDOW);
        self.next_escape = memchr(ESCAPE, &self.buf[from..to]).map(|i| from + i);
        self.escape_searched = to;
    }
}

/// Removes ANSI escape sequences (colour codes from `perf`, `htop` pastes, …).
#[cold]
pub(crate) fn strip_ansi(raw: &[u8], out: &mut Vec<u8>) {
    out.clear();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] != ESCAPE {
            out.push(raw[i]);
            i += 1;
            continue;
        }
        i += 1;
        if raw.get(i) == Some(&b'[') {
            i += 1;
            while i < raw.len() && !(0x40..=0x7e).contains(&raw[i]) {
                i += 1;
            }
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(input: &[u8]) -> (Vec<(u64, String)>, bool) {
        let mut reader = LineReader::new(input);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line().unwrap() {
            out.push((line.number, String::from_utf8(line.bytes.to_vec()).unwrap()));
        }
        (out, reader.last_line_was_unterminated())
    }

    #[test]
    fn splits_lines_and_strips_line_ends() {
        let (lines, cut) = collect(b"a\r\nb\n\nc");
        assert_eq!(
            lines,
            vec![
                (1, "a".into()),
                (2, "b".into()),
                (3, "".into()),
                (4, "c".into())
            ]
        );
        assert!(cut);
        assert!(!collect(b"a\n").1);
    }

    #[test]
    fn strips_colour_codes() {
        let (lines, _) = collect(b"\x1b[31m 45.10%\x1b[m  dmserver\n");
        assert_eq!(lines[0].1, " 45.10%  dmserver");
    }

    #[test]
    fn strips_colour_codes_on_some_lines_only() {
        let mut input = Vec::new();
        for i in 0..200_000 {
            if i % 1000 == 7 {
                input.extend_from_slice(format!("\x1b[1m{i}\x1b[m \x1b[31mred\x1b[m\n").as_bytes());
            } else {
                input.extend_from_slice(format!("{i} plain\n").as_bytes());
            }
        }
        let (lines, _) = collect(&input);
        assert_eq!(lines.len(), 200_000);
        for (i, (_, text)) in lines.iter().enumerate() {
            let expected = if i % 1000 == 7 {
                format!("{i} red")
            } else {
                format!("{i} plain")
            };
            assert_eq!(*text, expected);
        }
    }

    #[test]
    fn handles_lines_across_buffer_refills() {
        let mut input = Vec::new();
        for i in 0..300_000 {
            input.extend_from_slice(format!("line {i}\n").as_bytes());
        }
        let (lines, _) = collect(&input);
        assert_eq!(lines.len(), 300_000);
        assert_eq!(lines[299_999].1, "line 299999");
    }

    #[test]
    fn grows_for_long_lines_and_rejects_huge_ones() {
        let long = vec![b'x'; INITIAL_BUFFER * 3];
        let (lines, _) = collect(&long);
        assert_eq!(lines[0].1.len(), INITIAL_BUFFER * 3);
        let huge = vec![b'x'; MAX_LINE_BYTES + 10];
        let mut reader = LineReader::new(&huge[..]);
        let err = reader.next_line().err().unwrap();
        assert!(err.to_string().contains("line 1 is longer than"));
    }
}
