//! The time a shell loop printed before each snapshot of a /proc file
//! (`while …; do date +%s; cat /proc/loadavg; sleep 10; done`): the files themselves
//! carry no time, so rates over the capture (PSI stall totals) and the interval of a
//! series come from these lines. Read: seconds since the epoch (`date +%s`, also with
//! `+%s.%N` fractions), `date`'s default form (`Fri Dec  4 05:20:20 UTC 2026`) and ISO
//! stamps (`2026-12-04 05:20:20`, `2026-12-04T05:20:20Z`), each optionally after a `# `.
//! The time zone is ignored: one loop prints every stamp in the same zone.

/// Seconds (since the epoch, in the stamp's own zone) of a time-stamp line, or `None`
/// when the line is something else.
pub fn stamp_seconds(line: &str) -> Option<f64> {
    let line = line.trim();
    let line = line.strip_prefix('#').map_or(line, str::trim_start);
    epoch(line)
        .or_else(|| iso(line))
        .or_else(|| date_default(line))
}

/// `1796361605` or `1796361605.123456789`: nine to eleven digits before any fraction,
/// so that a count or a load figure is never taken for a time.
fn epoch(line: &str) -> Option<f64> {
    let (whole, fraction) = line.split_once('.').unwrap_or((line, "0"));
    let digits_only = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !(9..=11).contains(&whole.len()) || !digits_only(whole) || !digits_only(fraction) {
        return None;
    }
    line.parse().ok()
}

/// `2026-12-04 05:20:20`, `2026-12-04T05:20:20+00:00`.
fn iso(line: &str) -> Option<f64> {
    let (seconds, tail) = iso_date_time(line)?;
    // Fractions and a zone may follow; anything else is not a stamp.
    if !tail.is_empty() && !tail.starts_with(['.', ',', 'Z', '+', '-', ' ']) {
        return None;
    }
    Some(seconds)
}

/// The date and time an ISO stamp starts with, as seconds since the epoch in the
/// stamp's own zone, and what follows them.
fn iso_date_time(text: &str) -> Option<(f64, &str)> {
    let (date, rest) = text.split_at_checked(10)?;
    let rest = rest.strip_prefix(['T', ' '])?;
    let mut parts = date.split('-');
    let year = number(parts.next()?, 4)?;
    let month = number(parts.next()?, 2)?;
    let day = number(parts.next()?, 2)?;
    let time = time_of_day(rest.get(..8)?)?;
    Some((
        days_since_epoch(year, month, day)? as f64 * 86_400.0 + time,
        &rest[8..],
    ))
}

/// A moment in UTC seconds since the epoch from an ISO stamp that names its zone:
/// `2026-12-04T21:29:09,843000+00:00` (`dmesg --time-format iso`),
/// `2026-12-04T21:29:09+0800` (`journalctl -o short-iso`), `…Z`. `None` without a zone:
/// a local time cannot be placed.
pub fn iso_instant(word: &str) -> Option<f64> {
    let (local, tail) = iso_date_time(word)?;
    let zone_at = tail.find(['Z', '+', '-']).unwrap_or(tail.len());
    let (fraction, zone) = tail.split_at(zone_at);
    let fraction = match fraction.strip_prefix(['.', ',']) {
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            format!("0.{digits}").parse::<f64>().ok()?
        }
        None if fraction.is_empty() => 0.0,
        _ => return None,
    };
    let offset = match zone {
        "Z" => 0.0,
        _ => {
            let sign = if zone.starts_with('-') { -1.0 } else { 1.0 };
            let digits = zone.get(1..)?.replace(':', "");
            let hours = number(digits.get(..2)?, 2)?;
            let minutes = number(digits.get(2..)?, 2)?;
            sign * f64::from(hours * 3600 + minutes * 60)
        }
    };
    Some(local + fraction - offset)
}

/// `Fri Dec  4 05:20:20 UTC 2026` (and without the zone).
fn date_default(line: &str) -> Option<f64> {
    let words: Vec<&str> = line.split_whitespace().take(7).collect();
    if !(5..=6).contains(&words.len()) {
        return None;
    }
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = MONTHS.iter().position(|m| *m == words[1])? as u32 + 1;
    let day = words[2].parse().ok()?;
    let time = time_of_day(words[3])?;
    let year = number(words[words.len() - 1], 4)?;
    Some(days_since_epoch(year, month, day)? as f64 * 86_400.0 + time)
}

/// `HH:MM:SS` as seconds since midnight.
pub fn time_of_day(text: &str) -> Option<f64> {
    let mut parts = text.split(':');
    let h = number(parts.next()?, 2)?;
    let m = number(parts.next()?, 2)?;
    let s = number(parts.next()?, 2)?;
    (parts.next().is_none() && h < 24 && m < 60 && s <= 60)
        .then(|| f64::from(h * 3600 + m * 60 + s))
}

fn number(text: &str, digits: usize) -> Option<u32> {
    (text.len() == digits && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// Days from 1970-01-01 to a calendar date (proleptic Gregorian).
fn days_since_epoch(year: u32, month: u32, day: u32) -> Option<i64> {
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    let (y, m) = if month <= 2 {
        (i64::from(year) - 1, i64::from(month) + 9)
    } else {
        (i64::from(year), i64::from(month) - 3)
    };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let day_of_year = (153 * m + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    Some(era * 146_097 + day_of_era - 719_468)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_need_a_zone_and_are_told_in_utc() {
        let utc = iso_instant("2026-12-04T21:29:09,843000+00:00").unwrap();
        assert!((utc - (stamp_seconds("2026-12-04 21:29:09").unwrap() + 0.843)).abs() < 1e-6);
        assert_eq!(
            iso_instant("2026-12-05T05:29:09+0800").unwrap().floor(),
            utc.floor()
        );
        assert_eq!(
            iso_instant("2026-12-04T16:29:09-05:00").unwrap().floor(),
            utc.floor()
        );
        assert_eq!(iso_instant("2026-12-04T21:29:09Z").unwrap(), utc.floor());
        for local in [
            "2026-12-04T21:29:09",
            "2026-12-04T21:29:09,843",
            "2026-12-04T21:29:09+8",
        ] {
            assert_eq!(iso_instant(local), None, "{local}");
        }
    }

    #[test]
    fn reads_the_stamps_loops_print() {
        assert_eq!(stamp_seconds("1796361605"), Some(1_796_361_605.0));
        assert_eq!(stamp_seconds("# 1796361605.5"), Some(1_796_361_605.5));
        // `date` and `date -u +%FT%T` of the same moment (2026-12-04 05:20:05 UTC).
        assert_eq!(
            stamp_seconds("Fri Dec  4 05:20:05 UTC 2026"),
            Some(1_796_361_605.0)
        );
        assert_eq!(stamp_seconds("2026-12-04T05:20:05Z"), Some(1_796_361_605.0));
        assert_eq!(stamp_seconds("2026-12-04 05:20:05"), Some(1_796_361_605.0));
    }

    #[test]
    fn other_lines_are_not_stamps() {
        assert_eq!(stamp_seconds("0.52 0.58 0.59 2/345 12345"), None);
        assert_eq!(stamp_seconds("12345"), None);
        assert_eq!(stamp_seconds("# /proc/pressure/cpu"), None);
        assert_eq!(
            stamp_seconds("some avg10=0.00 avg60=0.00 avg300=0.00 total=0"),
            None
        );
        assert_eq!(stamp_seconds("2026-13-04 05:20:05"), None);
        assert_eq!(stamp_seconds(""), None);
    }
}
