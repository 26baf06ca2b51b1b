//! Whitespace field splitting over byte slices, without allocation. Tool output
//! separates columns with runs of spaces and tabs.

/// Iterator over the whitespace-separated fields of one line.
pub struct Fields<'a> {
    rest: &'a [u8],
}

pub fn fields(line: &[u8]) -> Fields<'_> {
    Fields { rest: line }
}

impl<'a> Iterator for Fields<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        let start = self.rest.iter().position(|b| !is_blank(*b))?;
        let rest = &self.rest[start..];
        let end = rest.iter().position(|b| is_blank(*b)).unwrap_or(rest.len());
        self.rest = &rest[end..];
        Some(&rest[..end])
    }
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Splits a line into at most `N` fields, returning how many were found. Fields past
/// `N` are counted but not stored, so a caller can tell a row is longer than expected.
///
/// This is the hot path of every sysstat-style parser, so blanks are found eight
/// bytes at a time (SWAR) instead of byte by byte; the result is the same as
/// collecting `fields(line)`.
pub fn split_into<'a, const N: usize>(line: &'a [u8], out: &mut [&'a [u8]; N]) -> usize {
    let mut count = 0;
    let mut start = 0;
    let mut in_field = false;
    let mut chunks = line.chunks_exact(8);
    let mut base = 0;
    let mut record = |at: usize, in_field: &mut bool, start: &mut usize| {
        if *in_field {
            if count < N {
                out[count] = &line[*start..at];
            }
            count += 1;
        } else {
            *start = at;
        }
        *in_field = !*in_field;
    };
    for chunk in chunks.by_ref() {
        let word = u64::from_le_bytes([
            chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7],
        ]);
        let filled = !blank_mask(word) & 0xff;
        // Bit i set where byte i starts or ends a field (its state differs from the
        // byte before it).
        let mut edges = (filled ^ ((filled << 1) | u64::from(in_field))) & 0xff;
        while edges != 0 {
            let i = edges.trailing_zeros() as usize;
            record(base + i, &mut in_field, &mut start);
            edges &= edges - 1;
        }
        base += 8;
    }
    for (i, b) in chunks.remainder().iter().enumerate() {
        if is_blank(*b) == in_field {
            record(base + i, &mut in_field, &mut start);
        }
    }
    if in_field {
        record(line.len(), &mut in_field, &mut start);
    }
    count
}

/// One bit per byte of `word` (bit i for byte i) that is a space or a tab.
fn blank_mask(word: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // High bit of each byte set exactly where that byte of `x` is zero.
    let zero_bytes = |x: u64| !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
    let blanks =
        zero_bytes(word ^ 0x2020_2020_2020_2020) | zero_bytes(word ^ 0x0909_0909_0909_0909);
    // Gather the high bit of byte i into bit i.
    ((blanks >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// True when the line holds nothing but blanks.
pub fn is_blank_line(line: &[u8]) -> bool {
    line.iter().all(|b| is_blank(*b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_runs_of_blanks() {
        let got: Vec<&[u8]> = fields(b"  12:00:01 \t all   1.00  ").collect();
        assert_eq!(got, vec![&b"12:00:01"[..], b"all", b"1.00"]);
        assert_eq!(fields(b"   ").count(), 0);
    }

    #[test]
    fn split_into_agrees_with_the_field_iterator() {
        let alphabet = [b' ', b'\t', b'a', b'1', b'.', 0xe5, b'%'];
        let mut seed = 7u64;
        for len in 0..80 {
            for _ in 0..40 {
                let line: Vec<u8> = (0..len)
                    .map(|_| {
                        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                        alphabet[(seed >> 33) as usize % alphabet.len()]
                    })
                    .collect();
                let expected: Vec<&[u8]> = fields(&line).collect();
                let mut out = [&b""[..]; 64];
                let n = split_into(&line, &mut out);
                assert_eq!(n, expected.len(), "{line:?}");
                assert_eq!(&out[..n.min(64)], &expected[..], "{line:?}");
                let mut short = [&b""[..]; 3];
                assert_eq!(split_into(&line, &mut short), expected.len());
            }
        }
    }

    #[test]
    fn split_into_counts_overflow() {
        let mut out = [&b""[..]; 2];
        assert_eq!(split_into(b"a b c", &mut out), 3);
        assert_eq!(out, [&b"a"[..], b"b"]);
    }
}
