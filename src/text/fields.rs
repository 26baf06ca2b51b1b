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
/// This is the hot loop of every sysstat parser, so blanks are found eight bytes at a
/// time (SWAR) and field boundaries are read off bit masks of 64 bytes.
pub fn split_into<'a, const N: usize>(line: &'a [u8], out: &mut [&'a [u8]; N]) -> usize {
    let mut count = 0;
    let mut pending_start: Option<usize> = None;
    let mut previous_was_blank = true;
    let mut base = 0;
    while base < line.len() {
        let chunk = &line[base..line.len().min(base + 64)];
        let mut blank: u64 = 0;
        let mut words = chunk.chunks_exact(8);
        for (word_index, bytes) in words.by_ref().enumerate() {
            let mut word = [0u8; 8];
            word.copy_from_slice(bytes);
            blank |= u64::from(blank_bits(u64::from_le_bytes(word))) << (8 * word_index);
        }
        let tail = words.remainder();
        if !tail.is_empty() {
            let mut word = [b' '; 8];
            for (slot, byte) in word.iter_mut().zip(tail) {
                *slot = *byte;
            }
            blank |= u64::from(blank_bits(u64::from_le_bytes(word))) << (8 * (chunk.len() / 8));
        }
        if chunk.len() < 64 {
            blank |= u64::MAX << chunk.len();
        }
        let filled = !blank;
        let filled_before = (filled << 1) | u64::from(!previous_was_blank);
        let mut starts = filled & !filled_before;
        let mut ends = blank & filled_before;
        // Starts and ends alternate; a field left open by the previous chunk ends first.
        if let Some(start) = pending_start.take() {
            if ends == 0 {
                pending_start = Some(start);
            } else {
                let end = base + ends.trailing_zeros() as usize;
                ends &= ends - 1;
                if count < N {
                    out[count] = &line[start..end];
                }
                count += 1;
            }
        }
        while starts != 0 {
            let start = base + starts.trailing_zeros() as usize;
            starts &= starts - 1;
            if ends == 0 {
                pending_start = Some(start);
                break;
            }
            let end = base + ends.trailing_zeros() as usize;
            ends &= ends - 1;
            if count < N {
                out[count] = &line[start..end];
            }
            count += 1;
        }
        previous_was_blank = blank >> 63 == 1;
        base += 64;
    }
    if let Some(start) = pending_start {
        if count < N {
            out[count] = &line[start..];
        }
        count += 1;
    }
    count
}

/// Bit `i` set when byte `i` (little-endian) of `word` is a space or a tab.
#[inline]
fn blank_bits(word: u64) -> u8 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // High bit of each byte set exactly when that byte is zero (no borrow tricks, so
    // no false positives).
    let zero_bytes = |v: u64| !(((v & LOW7) + LOW7) | v | LOW7);
    let blanks =
        zero_bytes(word ^ 0x2020_2020_2020_2020) | zero_bytes(word ^ 0x0909_0909_0909_0909);
    // Gather the eight high bits into one byte.
    ((blanks >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
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
    fn split_into_agrees_with_the_plain_iterator() {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let alphabet = b"  \t\tab1.%:-";
        for length in 0..300 {
            for _ in 0..20 {
                let line: Vec<u8> = (0..length)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        alphabet[(seed % alphabet.len() as u64) as usize]
                    })
                    .collect();
                let expected: Vec<&[u8]> = fields(&line).collect();
                let mut out = [&b""[..]; 64];
                let n = split_into(&line, &mut out);
                assert_eq!(n, expected.len(), "{:?}", String::from_utf8_lossy(&line));
                assert_eq!(&out[..n.min(64)], &expected[..n.min(64)]);
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
