//! Streaming line reader: hands out one line at a time as a byte slice borrowed from
//! a fixed buffer, so a gigabyte capture is read with flat memory and no per-line
//! allocation. Line ends (`\n`, `\r\n`) and ANSI colour codes are removed.

use memchr::memchr;
use std::io::{self, Read};

const INITIAL_BUFFER: usize = 1 << 20;
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
        }
    }

    /// Numbers lines from `first` instead of 1: a section of a larger file keeps the
    /// file's line numbers.
    pub fn starting_at_line(mut self, first: u64) -> Self {
        self.line_no = first.saturating_sub(1);
        self
    }

    /// The next line, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        let mut searched = 0;
        loop {
            if let Some(i) = memchr(b'\n', &self.buf[self.pos + searched..self.filled]) {
                let start = self.pos;
                let end = self.pos + searched + i;
                self.pos = end + 1;
                return Ok(Some(self.finish(start, end)));
            }
            searched = self.filled - self.pos;
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

    fn refill(&mut self) -> io::Result<()> {
        if self.pos > 0 {
            self.buf.copy_within(self.pos..self.filled, 0);
            self.filled -= self.pos;
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
        self.filled += n;
        self.eof = n == 0;
        Ok(())
    }

    fn finish(&mut self, start: usize, mut end: usize) -> Line<'_> {
        self.line_no += 1;
        if end > start && self.buf[end - 1] == b'\r' {
            end -= 1;
        }
        let raw = &self.buf[start..end];
        let bytes = if memchr(0x1b, raw).is_some() {
            strip_ansi(raw, &mut self.scratch);
            &self.scratch[..]
        } else {
            raw
        };
        Line {
            number: self.line_no,
            bytes,
            cut_off: self.unterminated_last_line,
        }
    }
}

/// Removes ANSI escape sequences (colour codes from `perf`, `htop` pastes, …).
fn strip_ansi(raw: &[u8], out: &mut Vec<u8>) {
    out.clear();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] != 0x1b {
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
