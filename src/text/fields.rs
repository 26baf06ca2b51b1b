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
pub fn split_into<'a, const N: usize>(line: &'a [u8], out: &mut [&'a [u8]; N]) -> usize {
    let mut count = 0;
    for field in fields(line) {
        if count < N {
            out[count] = field;
        }
        count += 1;
    }
    count
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
    fn split_into_counts_overflow() {
        let mut out = [&b""[..]; 2];
        assert_eq!(split_into(b"a b c", &mut out), 3);
        assert_eq!(out, [&b"a"[..], b"b"]);
    }
}
