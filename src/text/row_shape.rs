//! The rows of a sysstat report are cut like their header: each column is printed
//! right-aligned to a fixed width, so a row's fields end where the header's names end
//! (only the last field, a figure or a `-p` device name printed left-aligned, may end
//! elsewhere). A row is checked against the header's shape with a few bit-mask
//! operations, and then any one of its fields is found without splitting the others:
//! the parsers read five or so of a dozen fields. A row of another shape (a wider
//! figure, a blank column) is simply not cut here, and is split as usual.

use super::byte_mask::blank_mask;
use super::number::{parse_f64, parse_hundredths_before};

/// Lines longer than this are not cut by shape (`sar -r ALL` rows are 181 bytes).
const MAX_BYTES: usize = 256;
const BLOCKS: usize = MAX_BYTES / 64;

/// Where the fields of a header line end.
#[derive(Clone, Debug)]
pub struct RowShape {
    /// The index one past each field but the last.
    ends: Vec<usize>,
    /// Bit `i` set when a field but the last ends at byte `i` (its last byte).
    last_bytes: [u64; BLOCKS],
    /// Bits `0..=` the last byte of the second-to-last field: where a row's field ends
    /// must be the header's.
    fixed: [u64; BLOCKS],
}

/// A line of the shape: its fields are found on demand.
pub struct ShapedRow<'a> {
    line: &'a [u8],
    blanks: [u64; BLOCKS],
    ends: &'a [usize],
}

/// Bit `i` set when `line[i]` ends a field (it is not blank and the next byte is
/// blank or past the end), for each 64-byte block; `blanks` as from `blank_mask`.
fn field_ends(blanks: &[u64; BLOCKS]) -> [u64; BLOCKS] {
    std::array::from_fn(|b| {
        let next_first = blanks.get(b + 1).map_or(1, |n| n & 1);
        !blanks[b] & ((blanks[b] >> 1) | (next_first << 63))
    })
}

/// The blank masks of `line` (at most `MAX_BYTES` long); bytes past its end count as blanks.
#[inline]
fn blanks_of(line: &[u8]) -> [u64; BLOCKS] {
    let mut blanks = [u64::MAX; BLOCKS];
    for (b, mask) in blanks.iter_mut().enumerate().take(line.len().div_ceil(64)) {
        *mask = blank_mask(line, b * 64);
    }
    blanks
}

impl RowShape {
    /// The shape of `header`; `None` when it has fewer than two fields or is too long.
    pub fn of(header: &[u8]) -> Option<RowShape> {
        if header.len() > MAX_BYTES {
            return None;
        }
        let ends_mask = field_ends(&blanks_of(header));
        let mut ends: Vec<usize> = (0..MAX_BYTES)
            .filter(|i| ends_mask[i / 64] >> (i % 64) & 1 == 1)
            .map(|i| i + 1)
            .collect();
        ends.pop()?;
        let last_fixed = *ends.last()? - 1;
        let mut last_bytes = [0; BLOCKS];
        let mut fixed = [0; BLOCKS];
        for &end in &ends {
            last_bytes[(end - 1) / 64] |= 1 << ((end - 1) % 64);
        }
        for (b, mask) in fixed.iter_mut().enumerate() {
            let first = b * 64;
            if last_fixed >= first + 63 {
                *mask = u64::MAX;
            } else if last_fixed >= first {
                *mask = (2 << (last_fixed - first)) - 1;
            }
        }
        Some(RowShape {
            ends,
            last_bytes,
            fixed,
        })
    }

    /// How many fields a row of this shape has.
    pub fn field_count(&self) -> usize {
        self.ends.len() + 1
    }

    /// `line` cut by this shape, when its fields but the last end where the header's
    /// do and one field follows them: then it splits into the same fields as the header.
    #[inline(always)]
    pub fn cut<'a>(&'a self, line: &'a [u8]) -> Option<ShapedRow<'a>> {
        let last_fixed_end = *self.ends.last()?;
        if line.len() > MAX_BYTES || line.len() <= last_fixed_end + 1 {
            return None;
        }
        let blanks = blanks_of(line);
        let ends = field_ends(&blanks);
        let last = line.len() - 1;
        // Blocks past the line have no ends, and the header's lie before its last field.
        let mut differ = 0;
        for (b, ((ends, header), fixed)) in ends
            .iter()
            .zip(&self.last_bytes)
            .zip(&self.fixed)
            .enumerate()
        {
            let last_field_end = if last / 64 == b { 1 << (last % 64) } else { 0 };
            differ |= ((ends ^ header) & fixed) | ((ends & !fixed) ^ last_field_end);
        }
        if differ != 0 {
            return None;
        }
        Some(ShapedRow {
            line,
            blanks,
            ends: &self.ends,
        })
    }
}

impl<'a> ShapedRow<'a> {
    /// Field `k`, which must be below the shape's `field_count`.
    #[inline(always)]
    pub fn field(&self, k: usize) -> &'a [u8] {
        let end = self.ends.get(k).copied().unwrap_or(self.line.len());
        &self.line[self.start_before(end)..end]
    }

    /// One past the last blank before `end`, or 0.
    #[inline]
    fn start_before(&self, end: usize) -> usize {
        let mut b = (end - 1) / 64;
        let mut below = self.blanks[b] & ((1 << ((end - 1) % 64)) - 1);
        while below == 0 {
            if b == 0 {
                return 0;
            }
            b -= 1;
            below = self.blanks[b];
        }
        b * 64 + 64 - below.leading_zeros() as usize
    }
}

/// The fields of one row, whether split or cut by shape: what a parser's row code
/// reads, written once for both.
pub trait RowFields<'a> {
    fn count(&self) -> usize;
    /// Field `k`, which must be below `count`.
    fn get(&self, k: usize) -> &'a [u8];
    /// Field `k` read as a number (`parse_f64`).
    #[inline]
    fn number(&self, k: usize) -> Option<f64> {
        parse_f64(self.get(k))
    }
}

impl<'a> RowFields<'a> for [&'a [u8]] {
    #[inline]
    fn count(&self) -> usize {
        self.len()
    }
    #[inline]
    fn get(&self, k: usize) -> &'a [u8] {
        self[k]
    }
}

impl<'a> RowFields<'a> for ShapedRow<'a> {
    #[inline]
    fn count(&self) -> usize {
        self.ends.len() + 1
    }
    #[inline]
    fn get(&self, k: usize) -> &'a [u8] {
        self.field(k)
    }
    /// Read in place when it has sysstat's shape, without finding where it starts.
    #[inline(always)]
    fn number(&self, k: usize) -> Option<f64> {
        let end = self.ends.get(k).copied().unwrap_or(self.line.len());
        match parse_hundredths_before(self.line, end) {
            Some(value) => Some(value),
            None => self.other_number(k),
        }
    }
}

impl ShapedRow<'_> {
    /// `number` for a field of another shape: kept out of line, so that the common
    /// case inlines into the parsers' loops.
    #[inline(never)]
    fn other_number(&self, k: usize) -> Option<f64> {
        parse_f64(self.field(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::fields::fields;

    fn cut_fields(header: &[u8], line: &[u8]) -> Option<Vec<Vec<u8>>> {
        let shape = RowShape::of(header)?;
        let row = shape.cut(line)?;
        Some(
            (0..shape.field_count())
                .map(|k| row.field(k).to_vec())
                .collect(),
        )
    }

    #[test]
    fn cuts_rows_aligned_with_their_header() {
        let header = b"12:34:42     CPU    %usr   %nice    %sys %iowait";
        let row = b"12:34:43     all   99.50    0.00    0.00    0.00";
        let got = cut_fields(header, row).unwrap();
        let expected: Vec<Vec<u8>> = fields(row).map(<[u8]>::to_vec).collect();
        assert_eq!(got, expected);
        // A device name printed last, left-aligned, may be longer or shorter.
        let header = b"13:19:53          tps     %util DEV";
        for row in [
            &b"13:19:54         0.00      0.00 loop0"[..],
            b"13:19:54         0.00      0.00 v",
        ] {
            let expected: Vec<Vec<u8>> = fields(row).map(<[u8]>::to_vec).collect();
            assert_eq!(cut_fields(header, row).unwrap(), expected);
        }
        // A wider figure shifts the columns; a blank column drops a field.
        assert!(cut_fields(header, b"13:19:54     12345678.00      0.00 vda").is_none());
        assert!(cut_fields(header, b"13:19:54                   0.00 vda").is_none());
        assert!(cut_fields(header, b"13:19:54         0.00      0.00 vda sdb").is_none());
        assert!(cut_fields(header, b"13:19:54         0.00      0.00 ").is_none());
    }

    #[test]
    fn a_cut_row_splits_like_any_other() {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut random = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as usize
        };
        let (mut cut, mut not_cut) = (0, 0);
        for _ in 0..20_000 {
            // Columns of fixed widths, right-aligned; now and then a field is wider
            // or narrower than its column, or empty, and blanks are tabs.
            let widths: Vec<usize> = (0..2 + random(25)).map(|_| 2 + random(12)).collect();
            let line = |random: &mut dyn FnMut(u64) -> usize| {
                let mut text = Vec::new();
                for width in &widths {
                    let len = match random(40) {
                        0 => 0,
                        1 => width + 1,
                        _ => 1 + random(*width as u64 - 1),
                    };
                    for _ in len..*width {
                        text.push(if random(20) == 0 { b'\t' } else { b' ' });
                    }
                    text.extend(std::iter::repeat_n(b'7', len));
                }
                if random(4) == 0 {
                    text.extend(std::iter::repeat_n(b'x', random(5)));
                }
                text
            };
            let header = line(&mut random);
            let row = line(&mut random);
            let expected: Vec<Vec<u8>> = fields(&row).map(<[u8]>::to_vec).collect();
            match cut_fields(&header, &row) {
                Some(got) => {
                    assert_eq!(got, expected, "{header:?} / {row:?}");
                    cut += 1;
                }
                None => not_cut += 1,
            }
        }
        assert!(
            cut > 2000 && not_cut > 2000,
            "{cut} rows cut, {not_cut} not"
        );
    }
}
