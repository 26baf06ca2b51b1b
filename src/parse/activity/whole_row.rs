//! Whether a sysstat row that ends the file without a line end is whole. A file saved
//! without a final newline is complete, but a cut one can end inside a number that
//! still parses (`86.0` of `86.00`). sysstat prints every figure of mpstat, iostat
//! and sar rows with two decimals (unless `--dec` says otherwise), so a last value
//! with two decimals after its point was not cut.

/// Whether `value` ends in a point and exactly two digits.
pub fn has_two_decimals(value: &[u8]) -> bool {
    matches!(value, [.., b'.', a, b] if a.is_ascii_digit() && b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_decimals_only() {
        assert!(has_two_decimals(b"86.00"));
        assert!(has_two_decimals(b"0.05"));
        assert!(!has_two_decimals(b"86.0"));
        assert!(!has_two_decimals(b"86."));
        assert!(!has_two_decimals(b"86"));
        assert!(!has_two_decimals(b".5"));
    }
}
