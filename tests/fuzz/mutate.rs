//! A seeded mutator: what damaged, truncated, foreign or adversarial captures look
//! like, applied to real ones. Deterministic: the same seed gives the same bytes.

/// xorshift64*: small, fast, and enough to spread mutations.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Byte strings hostile input is made of.
const INSERTS: &[&[u8]] = &[
    b"\0",
    b"\xff\xfe",
    b"\xc4\xe3\xba\xc3", // GBK
    b"\r",
    b"\r\n",
    b"\x1b[31m",
    b"\x1b[0m",
    b"99999999999999999999999999",
    b"-1",
    b"NaN",
    b"inf",
    b"1e308",
    b"0.000",
    b";",
    b":",
    b"%",
    b"\t",
    b"\xe5\x87\xbd\xe6\x95\xb0", // UTF-8 CJK
    b"\xf0\x9f\x98\x80",         // emoji
    b"Average:",
    b"Linux 6.1.0 (x)   12/02/2026   _x86_64_   (2 CPU)\n",
    b"[[[[[[[[[[[[",
    b"{{{{{{",
    b"---\n",
];

/// The largest input a case builds: big enough for repeated lines and long lines to
/// matter, small enough that a few mutations in a row cannot exhaust memory.
const MAX_CASE_BYTES: usize = 8 << 20;

/// One to four mutations of `input`; `other` lends lines to splice in.
pub fn mutate(rng: &mut Rng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut bytes = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        bytes = mutate_once(rng, bytes, other);
        bytes.truncate(MAX_CASE_BYTES);
    }
    bytes
}

fn mutate_once(rng: &mut Rng, mut bytes: Vec<u8>, other: &[u8]) -> Vec<u8> {
    let at = rng.below(bytes.len() + 1);
    match rng.below(11) {
        // Truncate anywhere (a killed tool, a full disk).
        0 => bytes.truncate(at),
        // Flip a byte.
        1 => {
            if let Some(b) = bytes.get_mut(at) {
                *b ^= 1 << rng.below(8);
            }
        }
        // Insert something hostile.
        2 | 3 => {
            let insert = INSERTS[rng.below(INSERTS.len())];
            bytes.splice(at..at, insert.iter().copied());
        }
        // Delete a run of bytes.
        4 => {
            let end = (at + 1 + rng.below(64)).min(bytes.len());
            bytes.drain(at.min(end)..end);
        }
        // Duplicate a line many times (gigabytes of repeated lines, in small).
        5 => {
            let lines = lines(&bytes);
            if let Some(&(start, end)) = lines.get(rng.below(lines.len())) {
                let line = bytes[start..end].to_vec();
                let times = (1 + rng.below(2_000)).min(MAX_CASE_BYTES / line.len().max(1));
                let mut repeated = Vec::with_capacity(line.len() * times);
                for _ in 0..times {
                    repeated.extend_from_slice(&line);
                }
                bytes.splice(end..end, repeated);
            }
        }
        // Drop a line, or swap two.
        6 => {
            let lines = lines(&bytes);
            if let Some(&(start, end)) = lines.get(rng.below(lines.len())) {
                bytes.drain(start..end);
            }
        }
        7 => {
            let lines = lines(&bytes);
            let (a, b) = (rng.below(lines.len()), rng.below(lines.len()));
            if a < b && a < lines.len() && b < lines.len() {
                let (a, b) = (lines[a], lines[b]);
                let mut out = bytes[..a.0].to_vec();
                out.extend_from_slice(&bytes[b.0..b.1]);
                out.extend_from_slice(&bytes[a.1..b.0]);
                out.extend_from_slice(&bytes[a.0..a.1]);
                out.extend_from_slice(&bytes[b.1..]);
                bytes = out;
            }
        }
        // Splice in a line of another capture.
        8 => {
            let donor = lines(other);
            if let Some(&(start, end)) = donor.get(rng.below(donor.len())) {
                let line = other[start..end].to_vec();
                let at = lines(&bytes)
                    .get(rng.below(lines(&bytes).len()))
                    .map_or(0, |l| l.0);
                bytes.splice(at..at, line);
            }
        }
        // A very long line.
        9 => {
            let filler = vec![b'9'; 1 + rng.below(200_000)];
            bytes.splice(at..at, filler);
        }
        // Line ends: all CR, or none at the end.
        _ => {
            if rng.below(2) == 0 {
                for b in bytes.iter_mut() {
                    if *b == b'\n' {
                        *b = b'\r';
                    }
                }
            } else {
                while bytes.last() == Some(&b'\n') {
                    bytes.pop();
                }
            }
        }
    }
    bytes
}

/// (start, end including the line end) of each line.
fn lines(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < bytes.len() {
        out.push((start, bytes.len()));
    }
    out
}
