//! Whitespace field splitting over byte slices, without allocation. Tool output
//! separates columns with runs of spaces and tabs.

use super::byte_mask::blank_mask;
use std::mem::MaybeUninit;

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

/// A space or a tab: what separates fields.
pub fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Room for the first `N` fields of one line. Unlike a `[&[u8]; N]`, which must be
/// filled with empty slices before use (in the hottest loops that costs about as much
/// as the split itself), it is set up for free and only the slots a line fills are
/// written.
pub struct FieldSlots<'a, const N: usize> {
    slots: [MaybeUninit<&'a [u8]>; N],
}

impl<const N: usize> Default for FieldSlots<'_, N> {
    fn default() -> Self {
        FieldSlots {
            slots: [const { MaybeUninit::uninit() }; N],
        }
    }
}

impl<'a, const N: usize> FieldSlots<'a, N> {
    /// Splits `line` into its fields. Returns the first `N` of them and how many the
    /// line has in all, so that a caller can tell a row is longer than expected.
    ///
    /// This is the hot loop of every sysstat parser, so blanks are found a block at a
    /// time (`byte_mask`) and field boundaries are read off bit masks of 64 bytes.
    // Uninitialised slots: filling all N with empty slices on every line cost as much
    // as the split itself in mpstat's loop (commit 5cdc91c, benches/README.md).
    #[allow(unsafe_code)]
    pub fn split(&mut self, line: &'a [u8]) -> (&[&'a [u8]], usize) {
        let mut count = 0;
        let mut store = |field: &'a [u8]| {
            if count < N {
                self.slots[count].write(field);
            }
            count += 1;
        };
        let mut pending_start: Option<usize> = None;
        let mut previous_was_blank = true;
        let mut base = 0;
        while base < line.len() {
            let blank = blank_mask(line, base);
            let filled = !blank;
            let filled_before = (filled << 1) | u64::from(!previous_was_blank);
            let mut starts = filled & !filled_before;
            let mut ends = blank & filled_before;
            // Starts and ends alternate; a field left open by the previous chunk ends
            // first.
            if let Some(start) = pending_start.take() {
                if ends == 0 {
                    pending_start = Some(start);
                } else {
                    store(&line[start..base + ends.trailing_zeros() as usize]);
                    ends &= ends - 1;
                }
            }
            while starts != 0 {
                let start = base + starts.trailing_zeros() as usize;
                starts &= starts - 1;
                if ends == 0 {
                    pending_start = Some(start);
                    break;
                }
                store(&line[start..base + ends.trailing_zeros() as usize]);
                ends &= ends - 1;
            }
            previous_was_blank = blank >> 63 == 1;
            base += 64;
        }
        if let Some(start) = pending_start {
            store(&line[start..]);
        }
        let stored = count.min(N);
        // SAFETY: `store` wrote slots `0..stored`, and `MaybeUninit<T>` has the layout
        // of `T`.
        let fields = unsafe { std::slice::from_raw_parts(self.slots.as_ptr().cast(), stored) };
        (fields, count)
    }
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
    fn split_agrees_with_the_plain_iterator() {
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
                let mut slots = FieldSlots::<64>::default();
                let (got, n) = slots.split(&line);
                assert_eq!(n, expected.len(), "{:?}", String::from_utf8_lossy(&line));
                assert_eq!(got, &expected[..n.min(64)]);
            }
        }
    }

    #[test]
    fn split_counts_overflow() {
        let mut slots = FieldSlots::<2>::default();
        assert_eq!(slots.split(b"a b c"), (&[&b"a"[..], b"b"][..], 3));
    }
}
