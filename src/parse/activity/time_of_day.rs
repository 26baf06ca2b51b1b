//! Time-of-day stamps as sysstat prints them (`12:35:01`, `12:35:01 PM`, and
//! `12时35分01秒` under a zh_CN locale), turned into seconds so the sampling interval
//! can be worked out.

/// Seconds since midnight for `HH:MM:SS` (optionally followed by an `AM`/`PM` token)
/// or the zh_CN `HH时MM分SS秒`. Inlined: sar asks it of every row.
#[inline(always)]
pub fn seconds_of_day(time: &[u8], meridiem: Option<&[u8]>) -> Option<u32> {
    let (mut h, m, s) = if time.len() == 8 && time[2] == b':' && time[5] == b':' {
        (
            two_digits(&time[0..2])?,
            two_digits(&time[3..5])?,
            two_digits(&time[6..8])?,
        )
    } else if time.ends_with("秒".as_bytes()) {
        chinese_time(time)?
    } else {
        // `Average:` and the like, asked about on many lines: no UTF-8 check.
        return None;
    };
    if h > 23 || m > 59 || s > 60 {
        return None;
    }
    match meridiem {
        Some(b"AM") if h == 12 => h = 0,
        Some(b"PM") if h < 12 => h += 12,
        Some(b"AM") | Some(b"PM") | None => {}
        Some(_) => return None,
    }
    Some(h * 3600 + m * 60 + s)
}

/// Whether `token` is the `AM`/`PM` a 12-hour locale prints after the time, as its
/// own field.
pub fn is_meridiem(token: &[u8]) -> bool {
    matches!(token, b"AM" | b"PM")
}

/// Seconds since midnight (UTC) of a stamp in seconds since the epoch, as `mpstat -U`
/// prints it (sysstat 12.7.7 and later). Ten digits or more: a CPU number or a count
/// in the same place is never that long.
pub fn epoch_seconds_of_day(stamp: &[u8]) -> Option<u32> {
    if stamp.len() < 10 || stamp.len() > 12 || !stamp.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let seconds: u64 = std::str::from_utf8(stamp).ok()?.parse().ok()?;
    u32::try_from(seconds % 86_400).ok()
}

fn two_digits(pair: &[u8]) -> Option<u32> {
    match pair {
        [a, b] if a.is_ascii_digit() && b.is_ascii_digit() => {
            Some(u32::from(a - b'0') * 10 + u32::from(b - b'0'))
        }
        _ => None,
    }
}

/// `10时15分22秒` → (10, 15, 22).
#[inline(never)]
fn chinese_time(time: &[u8]) -> Option<(u32, u32, u32)> {
    let text = std::str::from_utf8(time).ok()?;
    let rest = text.strip_suffix('秒')?;
    let (h, rest) = rest.split_once('时')?;
    let (m, s) = rest.split_once('分')?;
    let number = |t: &str| {
        (!t.is_empty() && t.len() <= 2)
            .then(|| t.parse().ok())
            .flatten()
    };
    Some((number(h)?, number(m)?, number(s)?))
}

/// Learns the sampling interval from successive timestamps: the first positive step
/// between two different stamps (a step across midnight wraps).
#[derive(Debug, Default)]
pub struct IntervalTracker {
    last: Option<u32>,
    interval: Option<u32>,
}

impl IntervalTracker {
    pub fn observe(&mut self, seconds: u32) {
        if self.interval.is_some() {
            return;
        }
        if let Some(last) = self.last
            && last != seconds
        {
            self.interval = Some((seconds + 86_400 - last) % 86_400);
        }
        self.last = Some(seconds);
    }

    pub fn interval_s(&self) -> Option<f64> {
        self.interval.map(f64::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_24h_and_12h_times() {
        assert_eq!(seconds_of_day(b"12:35:01", None), Some(45_301));
        assert_eq!(seconds_of_day(b"12:35:01", Some(b"AM")), Some(2_101));
        assert_eq!(seconds_of_day(b"01:00:00", Some(b"PM")), Some(46_800));
        assert_eq!(seconds_of_day(b"Average:", None), None);
        assert_eq!(seconds_of_day(b"25:00:00", None), None);
        assert_eq!(
            seconds_of_day("10时15分22秒".as_bytes(), None),
            Some(36_922)
        );
        assert_eq!(seconds_of_day("平均时间:".as_bytes(), None), None);
        assert_eq!(seconds_of_day("2024年03月14日".as_bytes(), None), None);
    }

    #[test]
    fn interval_wraps_midnight() {
        let mut t = IntervalTracker::default();
        t.observe(86_390);
        t.observe(86_390);
        t.observe(10);
        assert_eq!(t.interval_s(), Some(20.0));
    }
}
