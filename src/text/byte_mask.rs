//! Where given bytes occur in a block of text, as a bit mask: the building block of the
//! line and field splitters, which then walk set bits instead of bytes. Sixteen bytes
//! are compared at once with SSE2 on x86_64 (every x86_64 CPU has it), eight at a time
//! in a general-purpose register (SWAR) elsewhere.

/// Bit `i` set when `block[i]` is a space or a tab.
#[inline]
pub fn blanks(block: &[u8; 64]) -> u64 {
    mask64(block, b' ', b'\t')
}

/// Bit `i` set when `block[i]` is a line feed.
#[inline]
pub fn line_feeds(block: &[u8; 64]) -> u64 {
    mask64(block, b'\n', b'\n')
}

/// Bit `i` set when `block[i]` is a space or a tab.
#[inline]
pub fn blanks16(block: &[u8; 16]) -> u16 {
    mask16(block, b' ', b'\t')
}

/// Bit `i` set when `line[base + i]` is a space or a tab, or lies past the end of the
/// line. `base` must lie inside the line.
#[inline]
pub fn blank_mask(line: &[u8], base: usize) -> u64 {
    let rest = &line[base..];
    if let Some(chunk) = rest.first_chunk::<64>() {
        return blanks(chunk);
    }
    let mut blank = u64::MAX << rest.len();
    let blocks = rest.chunks_exact(16);
    let tail = blocks.remainder().len();
    for (i, block) in blocks.enumerate() {
        blank |= u64::from(blanks16(block.try_into().expect("16 bytes"))) << (16 * i);
    }
    if tail > 0 {
        // The last sixteen bytes of the line hold the tail at their end; a line
        // shorter than that is copied, padded with blanks.
        let bits = match line.last_chunk::<16>() {
            Some(last) => blanks16(last) >> (16 - tail),
            None => {
                let mut padded = [b' '; 16];
                padded[..tail].copy_from_slice(&rest[rest.len() - tail..]);
                blanks16(&padded)
            }
        };
        blank |= u64::from(bits) << (rest.len() - tail);
    }
    blank
}

/// Whether `line` holds `byte`, sixteen bytes at a time: for lines of a few dozen
/// bytes this costs less than a call to a general search.
#[inline]
pub fn holds(line: &[u8], byte: u8) -> bool {
    let mut blocks = line.chunks_exact(16);
    let found = blocks
        .by_ref()
        .any(|block| mask16(block.try_into().expect("16 bytes"), byte, byte) != 0);
    let tail = blocks.remainder();
    found
        || match line.last_chunk::<16>() {
            Some(last) if !tail.is_empty() => mask16(last, byte, byte) != 0,
            _ => tail.contains(&byte),
        }
}

#[inline]
fn mask64(block: &[u8; 64], a: u8, b: u8) -> u64 {
    let mut mask = 0;
    for (i, quarter) in block.chunks_exact(16).enumerate() {
        mask |= u64::from(mask16(quarter.try_into().expect("16 bytes"), a, b)) << (16 * i);
    }
    mask
}

/// Bit `i` set when `block[i]` is `a` or `b`.
#[cfg(target_arch = "x86_64")]
#[inline]
// SSE2 intrinsics are unsafe to call. Sixteen bytes per compare instead of eight (the
// SWAR fallback) is part of commit 5cdc91c, which with its field slots took sysstat
// parsing from 668 MB/s to 1.36 GB/s (benches/README.md, "sysstat").
#[allow(unsafe_code)]
fn mask16(block: &[u8; 16], a: u8, b: u8) -> u16 {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    // SAFETY: SSE2 is part of every x86_64 CPU; the load reads exactly the sixteen
    // bytes of `block` and needs no alignment.
    unsafe {
        let bytes = _mm_loadu_si128(block.as_ptr().cast());
        let is_a = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(a as i8));
        let is_b = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b as i8));
        _mm_movemask_epi8(_mm_or_si128(is_a, is_b)) as u16
    }
}

#[cfg(not(target_arch = "x86_64"))]
use mask16_swar as mask16;

/// Bit `i` set when `block[i]` is `a` or `b`, eight bytes at a time.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline]
fn mask16_swar(block: &[u8; 16], a: u8, b: u8) -> u16 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const ONES: u64 = 0x0101_0101_0101_0101;
    // High bit of each byte set exactly when that byte is zero (no borrow tricks, so
    // no false positives).
    let zero_bytes = |v: u64| !(((v & LOW7) + LOW7) | v | LOW7);
    let half = |bytes: &[u8]| {
        let word = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        let hits =
            zero_bytes(word ^ (ONES * u64::from(a))) | zero_bytes(word ^ (ONES * u64::from(b)));
        // Gather the eight high bits into one byte.
        ((hits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
    };
    half(&block[..8]) | (half(&block[8..]) << 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expected(block: &[u8], hit: impl Fn(u8) -> bool) -> u64 {
        block
            .iter()
            .enumerate()
            .fold(0, |m, (i, b)| m | (u64::from(hit(*b)) << i))
    }

    #[test]
    fn masks_agree_with_byte_tests() {
        let alphabet = b" \t\n\r\x00\x0b\x20\xa0\x89\x8aa0.";
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            let block: [u8; 64] = std::array::from_fn(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                alphabet[(seed % alphabet.len() as u64) as usize]
            });
            let blank = |b: u8| b == b' ' || b == b'\t';
            assert_eq!(blanks(&block), expected(&block, blank), "{block:?}");
            assert_eq!(
                line_feeds(&block),
                expected(&block, |b| b == b'\n'),
                "{block:?}"
            );
            let first: &[u8; 16] = block.first_chunk().unwrap();
            assert_eq!(u64::from(blanks16(first)), expected(first, blank));
            assert_eq!(
                u64::from(mask16_swar(first, b' ', b'\t')),
                expected(first, blank)
            );
            for len in [0, 5, 16, 21, 64] {
                let line = &block[..len];
                assert_eq!(holds(line, b'a'), line.contains(&b'a'), "{line:?}");
            }
            assert_eq!(
                u64::from(mask16_swar(first, b'\n', b'\n')),
                expected(first, |b| b == b'\n')
            );
        }
    }
}
