//! Lines ended by a lone carriage return (classic Mac files, some terminal logs): read
//! as line feeds, so such a capture is cut into lines like any other instead of being
//! one long line no parser or transcript split recognises.

use std::io::{self, Read};

/// Whether the start of a text uses lone CRs as line ends.
pub fn uses_lone_cr(head: &str) -> bool {
    head.contains('\r') && !head.contains('\n')
}

/// Passes text through with every CR turned into LF.
pub struct CrAsLf<R>(pub R);

impl<R: Read> Read for CrAsLf<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.0.read(buf)?;
        for byte in &mut buf[..n] {
            if *byte == b'\r' {
                *byte = b'\n';
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_crs_become_line_ends() {
        assert!(uses_lone_cr("a\rb\r"));
        assert!(!uses_lone_cr("a\r\nb\r\n"));
        assert!(!uses_lone_cr("a\nb"));
        let mut out = String::new();
        CrAsLf(&b"a\rb\r"[..]).read_to_string(&mut out).unwrap();
        assert_eq!(out, "a\nb\n");
    }
}
