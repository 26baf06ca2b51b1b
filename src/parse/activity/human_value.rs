//! Values as sysstat prints them with `-h` / `--human` (sar and iostat alike): a share
//! with its `%` sign (`2.1%`), or a size with a unit letter, each step 1024 (`0.0B`,
//! `32.0k`, `4.6M`, `19.0G`). Every column perfsage reads with such a letter counts
//! KiB (`kbmemfree`, `rkB/s`, `rxkB/s`, `kB_read/s`), so sizes come back in KiB and a
//! report read with `-h` gives the facts of the plain one (to the one decimal `-h`
//! keeps). Parsers try this only where a plain number fails.

/// What a `--human` value turned out to be.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Human {
    /// A share in percent, its `%` sign dropped.
    Percent(f64),
    /// A size, in KiB.
    Kib(f64),
}

impl Human {
    /// The number in the column's plain unit (percent, or KiB).
    pub fn plain(self) -> f64 {
        match self {
            Human::Percent(v) | Human::Kib(v) => v,
        }
    }
}

/// A figure printed plainly or with `--human` (`198.0%`, `3.0M` in KiB), in the
/// column's plain unit.
#[inline]
pub fn plain_or_human(token: &[u8]) -> Option<f64> {
    crate::text::number::parse_f64(token).or_else(|| human_value(token).map(Human::plain))
}

/// `token` read as a `--human` value; `None` when it has no `%` or unit letter after
/// a number.
#[cold]
pub fn human_value(token: &[u8]) -> Option<Human> {
    let (&last, number) = token.split_last()?;
    let number = crate::text::number::parse_f64(number)?;
    let kib = match last {
        b'%' => return Some(Human::Percent(number)),
        b'k' => 1.0,
        b'B' => 1.0 / 1024.0,
        b'M' => 1024.0,
        b'G' => 1024.0 * 1024.0,
        b'T' => 1024.0 * 1024.0 * 1024.0,
        b'P' => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => return None,
    };
    Some(Human::Kib(number * kib))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_and_sizes() {
        assert_eq!(human_value(b"63.9%"), Some(Human::Percent(63.9)));
        assert_eq!(human_value(b"852.0k"), Some(Human::Kib(852.0)));
        assert_eq!(human_value(b"6.5M"), Some(Human::Kib(6.5 * 1024.0)));
        assert_eq!(human_value(b"512.0B"), Some(Human::Kib(0.5)));
        assert_eq!(human_value(b"1.0G"), Some(Human::Kib(1024.0 * 1024.0)));
        assert_eq!(human_value(b"12.5"), None);
        assert_eq!(human_value(b"k"), None);
        assert_eq!(human_value(b"vda"), None);
        assert_eq!(human_value(b""), None);
    }
}
