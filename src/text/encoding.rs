//! Works out how a capture's bytes are encoded, and turns non-UTF-8 text into UTF-8
//! while streaming. Captures from Chinese-locale servers are often GBK/GB18030;
//! Windows tools may write UTF-16. Binary files are recognised here so that no parser
//! ever sees them.

use encoding_rs::{CoderResult, Decoder, Encoding, GB18030, UTF_16BE, UTF_16LE};
use std::io::{self, Read};

/// How a capture's text is encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextEncoding {
    Utf8,
    /// Mostly UTF-8 with invalid bytes; parsers read it as bytes and the capture gets
    /// a warning naming the first bad line.
    Utf8WithInvalidBytes {
        first_bad_line: u64,
    },
    Gb18030,
    Utf16Le,
    Utf16Be,
}

impl TextEncoding {
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Utf8WithInvalidBytes { .. } => "UTF-8 (with invalid bytes)",
            TextEncoding::Gb18030 => "GB18030/GBK",
            TextEncoding::Utf16Le => "UTF-16LE",
            TextEncoding::Utf16Be => "UTF-16BE",
        }
    }

    fn decoder(self) -> Option<&'static Encoding> {
        match self {
            TextEncoding::Gb18030 => Some(GB18030),
            TextEncoding::Utf16Le => Some(UTF_16LE),
            TextEncoding::Utf16Be => Some(UTF_16BE),
            _ => None,
        }
    }
}

/// What the first bytes of a file say about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContentKind {
    Empty,
    Text(TextEncoding),
    Binary { reason: String },
}

/// Classifies `head`, the first bytes of a file. `complete` says whether `head` is the
/// whole file (otherwise a multi-byte character may be cut at its end).
pub fn classify(head: &[u8], complete: bool) -> ContentKind {
    if head.is_empty() {
        return ContentKind::Empty;
    }
    if head.starts_with(&[0xFF, 0xFE]) {
        return ContentKind::Text(TextEncoding::Utf16Le);
    }
    if head.starts_with(&[0xFE, 0xFF]) {
        return ContentKind::Text(TextEncoding::Utf16Be);
    }
    if let Some(offset) = memchr::memchr(0, head) {
        return ContentKind::Binary {
            reason: format!("NUL byte at offset {offset}"),
        };
    }
    let controls = head
        .iter()
        // Backspace (0x08) is text too: progress displays (BenchmarkSQL's status line)
        // redraw themselves with it, and a captured console log is full of them.
        .filter(|&&b| b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t' | 0x08 | 0x0c | 0x1b))
        .count();
    if controls * 20 > head.len() {
        return ContentKind::Binary {
            reason: format!("{controls} control bytes in the first {} bytes", head.len()),
        };
    }
    let body = head.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(head);
    match std::str::from_utf8(body) {
        Ok(_) => ContentKind::Text(TextEncoding::Utf8),
        Err(e) if e.error_len().is_none() && !complete => ContentKind::Text(TextEncoding::Utf8),
        Err(e) => {
            let cut = if complete {
                body.len()
            } else {
                body.len().saturating_sub(4)
            };
            let decodes = GB18030
                .decode_without_bom_handling_and_without_replacement(
                    &body[..cut.max(e.valid_up_to())],
                )
                .is_some();
            if decodes {
                ContentKind::Text(TextEncoding::Gb18030)
            } else {
                let first_bad_line =
                    1 + memchr::memchr_iter(b'\n', &body[..e.valid_up_to()]).count() as u64;
                ContentKind::Text(TextEncoding::Utf8WithInvalidBytes { first_bad_line })
            }
        }
    }
}

/// A reader that transcodes its input to UTF-8 as it streams; for UTF-8 input it is a
/// plain pass-through (apart from skipping a byte-order mark).
pub struct Utf8Reader<R> {
    inner: R,
    decoder: Option<Decoder>,
    input: Vec<u8>,
    input_len: usize,
    output: Vec<u8>,
    output_pos: usize,
    output_len: usize,
    input_done: bool,
    finished: bool,
    skip_utf8_bom: bool,
}

impl<R: Read> Utf8Reader<R> {
    pub fn new(inner: R, encoding: TextEncoding) -> Self {
        let decoder = encoding.decoder().map(|e| e.new_decoder_with_bom_removal());
        let buffered = decoder.is_some();
        Utf8Reader {
            inner,
            decoder,
            input: if buffered {
                vec![0; 64 * 1024]
            } else {
                Vec::new()
            },
            input_len: 0,
            output: if buffered {
                vec![0; 256 * 1024]
            } else {
                Vec::new()
            },
            output_pos: 0,
            output_len: 0,
            input_done: false,
            finished: false,
            skip_utf8_bom: !buffered,
        }
    }
}

impl<R: Read> Read for Utf8Reader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Some(decoder) = self.decoder.as_mut() else {
            let n = self.inner.read(buf)?;
            if self.skip_utf8_bom {
                self.skip_utf8_bom = false;
                if buf[..n].starts_with(&[0xEF, 0xBB, 0xBF]) {
                    buf.copy_within(3..n, 0);
                    return Ok(n - 3);
                }
            }
            return Ok(n);
        };
        while self.output_pos == self.output_len {
            if self.finished {
                return Ok(0);
            }
            if !self.input_done && self.input_len < self.input.len() {
                let n = self.inner.read(&mut self.input[self.input_len..])?;
                self.input_done = n == 0;
                self.input_len += n;
            }
            let (result, read, written, _) = decoder.decode_to_utf8(
                &self.input[..self.input_len],
                &mut self.output,
                self.input_done,
            );
            self.input.copy_within(read..self.input_len, 0);
            self.input_len -= read;
            self.output_pos = 0;
            self.output_len = written;
            // After a call with `last = true` has consumed everything, the decoder is
            // spent and must not be called again.
            self.finished = self.input_done && result == CoderResult::InputEmpty;
        }
        let n = buf.len().min(self.output_len - self.output_pos);
        buf[..n].copy_from_slice(&self.output[self.output_pos..self.output_pos + n]);
        self.output_pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_content() {
        assert_eq!(classify(b"", true), ContentKind::Empty);
        assert_eq!(
            classify(b"Linux 6.1\n", true),
            ContentKind::Text(TextEncoding::Utf8)
        );
        assert!(matches!(
            classify(b"\x7fELF\x02\x01\x00\x00", true),
            ContentKind::Binary { .. }
        ));
        let (gbk, _, _) = GB18030.encode("平均时间:     all   1.00\n");
        assert_eq!(
            classify(&gbk, true),
            ContentKind::Text(TextEncoding::Gb18030)
        );
        assert_eq!(
            classify(b"\xEF\xBB\xBFabc", true),
            ContentKind::Text(TextEncoding::Utf8)
        );
        // A multi-byte character cut by the end of the sniffed head is still UTF-8.
        assert_eq!(
            classify("ab平".as_bytes().split_at(4).0, false),
            ContentKind::Text(TextEncoding::Utf8)
        );
    }

    #[test]
    fn invalid_bytes_name_their_line() {
        let kind = classify(b"ok\nok\nbad \xff\xff\xff here\n", true);
        assert_eq!(
            kind,
            ContentKind::Text(TextEncoding::Utf8WithInvalidBytes { first_bad_line: 3 })
        );
    }

    #[test]
    fn transcodes_gbk_while_streaming() {
        let text = "平均时间:     all   1.00\n".repeat(20_000);
        let (gbk, _, _) = GB18030.encode(&text);
        let mut out = String::new();
        Utf8Reader::new(&gbk[..], TextEncoding::Gb18030)
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, text);
    }

    #[test]
    fn skips_utf8_bom() {
        let mut out = String::new();
        Utf8Reader::new(&b"\xEF\xBB\xBFLinux"[..], TextEncoding::Utf8)
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, "Linux");
    }
}
