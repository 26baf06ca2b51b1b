//! Time-of-day stamps as sysstat prints them (`12:35:01`, `12:35:01 PM`),
//! turned into seconds so the sampling interval
//! can be worked out.

/// Seconds since midnight for `HH:MM:SS`, optionally followed by an `AM`/`PM` token.
pub fn seconds_of_day(time: &[u8], meridiem: Option<&[u8]>) -> Option<u32> {
    if time.len() != 8 || time[2] != b':' || time[5] != b':' {
        return None;
    }
    let two = |i: usize| -> Option<u32> {
        let (a, b) = (time[i], time[i + 1]);
        (a.is_ascii_digit() && b.is_ascii_digit())
            .then(|| u32::from(a - b'0') * 10 + u32::from(b - b'0'))
    };
    let (mut h, m, s) = (two(0)?, two(3)?, two(6)?);
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
