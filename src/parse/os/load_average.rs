//! The load average: `uptime` and `/proc/loadavg`, two prints of one kernel figure (the
//! tasks running or waiting for a CPU, plus those in uninterruptible sleep, averaged
//! over 1, 5 and 15 minutes). It is the first number a consultant is shown ("the box is
//! at load 40"), and next to the CPU count it says whether work queues for CPUs or
//! disks. Real output (procps-ng 4.0.2, kernel 6.18):
//!
//! ```text
//!  05:20:49 up 18:28,  0 user,  load average: 3.81, 1.45, 0.58
//! 3.38 1.25 0.50 6/108 23525
//! ```
//!
//! `uptime` is read in its procps form (`up 12 days,  3:04,  2 users`), the BSD and
//! macOS form (`load averages: 1.63 1.73 1.85`) and comma-decimal locales
//! (`0,52, 0,58, 0,59`): the three numbers after the line's last colon. `/proc/loadavg`
//! adds the runnable and total scheduling entities (`6/108`). Several snapshots (a
//! loop) make a series; the interval comes from uptime's own clock, or for
//! /proc/loadavg from stamp lines the loop printed (`date +%s`, see `snapshot_time`).
//!
//! Facts (series, one sample per snapshot): `load.avg1`, `load.avg5`, `load.avg15`;
//! from /proc/loadavg also `load.runnable` and `load.tasks`.

use super::snapshot_time::{stamp_seconds, time_of_day};
use crate::facts::{SeriesBuilder, Unit};
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::{parse_f64, parse_u64};

pub struct Uptime;
pub struct Loadavg;

const KEYS: [&str; 5] = [
    "load.avg1",
    "load.avg5",
    "load.avg15",
    "load.runnable",
    "load.tasks",
];

/// The snapshots read so far, and when each was taken when the capture says.
#[derive(Default)]
struct Snapshots {
    series: [SeriesBuilder; KEYS.len()],
    /// Time of the first and last snapshot, and how many snapshots lie between them.
    first_time: Option<(f64, u64)>,
    last_time: Option<(f64, u64)>,
    count: u64,
}

impl Snapshots {
    fn push(&mut self, values: &[f64], time: Option<f64>, line: u64) {
        for (series, value) in self.series.iter_mut().zip(values) {
            series.push(*value, line);
        }
        self.count += 1;
        if let Some(time) = time {
            if self.first_time.is_none() {
                self.first_time = Some((time, self.count));
            }
            self.last_time = Some((time, self.count));
        }
    }

    /// The mean step between snapshots, from the first and last with a time.
    fn interval_s(&self) -> Option<f64> {
        let (first, first_at) = self.first_time?;
        let (last, last_at) = self.last_time?;
        let steps = last_at - first_at;
        let elapsed = last - first;
        (steps > 0 && elapsed > 0.0).then(|| elapsed / steps as f64)
    }

    fn finish(self, sink: &mut FactSink, what: &str) -> Result<(), ParseError> {
        if self.count == 0 {
            return Err(ParseError::whole_file(format!("no {what} line found")));
        }
        let interval = self.interval_s();
        for (key, series) in KEYS.iter().zip(&self.series) {
            sink.series(*key, series, Unit::Count, interval, Strength::Primary);
        }
        Ok(())
    }
}

/// The three load averages after an uptime line's last colon, with its clock
/// (`HH:MM:SS`, or `HH:MM` on BSD) in seconds since midnight.
fn uptime_line(line: &str) -> Option<([f64; 3], Option<f64>)> {
    let mut words = line.split_whitespace();
    let clock = words.next()?;
    let up = words.next()?;
    if up != "up" || !clock.starts_with(|c: char| c.is_ascii_digit()) || !clock.contains(':') {
        return None;
    }
    let (_, averages) = line.rsplit_once(':')?;
    let mut values = [0.0; 3];
    let mut count = 0;
    for word in averages.split_whitespace() {
        let value = parse_f64(word.trim_end_matches(',').as_bytes())?;
        *values.get_mut(count)? = value;
        count += 1;
    }
    (count == 3).then(|| (values, time_of_day(clock)))
}

/// `0.52 0.58 0.59 2/345 12345`: the three averages, runnable and total entities.
fn loadavg_line(line: &str) -> Option<[f64; 5]> {
    let mut words = line.split_whitespace();
    let mut values = [0.0; 5];
    for value in values.iter_mut().take(3) {
        *value = parse_f64(words.next()?.as_bytes()).filter(|v| *v >= 0.0)?;
    }
    let (runnable, total) = words.next()?.split_once('/')?;
    values[3] = parse_u64(runnable.as_bytes())? as f64;
    values[4] = parse_u64(total.as_bytes())? as f64;
    parse_u64(words.next()?.as_bytes())?;
    words.next().is_none().then_some(values)
}

impl CaptureParser for Uptime {
    fn tool(&self) -> &'static str {
        "uptime"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        // top's first line holds the same text after `top - `, so it never starts one.
        head.lines()
            .take(50)
            .any(|line| uptime_line(line).is_some())
            .then_some(80)
    }

    /// ` 05:20:49 up 18:28, … load average: …` is printed by uptime (and `w`) only.
    fn starts_section(&self, line: &str) -> bool {
        uptime_line(line).is_some()
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut snapshots = Snapshots::default();
        // Clocks wrap at midnight: each later one is counted from the first.
        let mut day_offset = 0.0;
        let mut previous_clock: Option<f64> = None;
        while let Some(line) = lines.next_line()? {
            let Ok(text) = std::str::from_utf8(line.bytes) else {
                continue;
            };
            let Some((averages, clock)) = uptime_line(text) else {
                if line.cut_off && text.contains("load average") {
                    sink.warn_cut_off(line.number);
                }
                continue;
            };
            let time = clock.map(|clock| {
                if previous_clock.is_some_and(|previous| clock < previous) {
                    day_offset += 86_400.0;
                }
                previous_clock = Some(clock);
                clock + day_offset
            });
            snapshots.push(&averages, time, line.number);
        }
        snapshots.finish(sink, "uptime (… up …, load average: a, b, c)")
    }
}

impl CaptureParser for Loadavg {
    fn tool(&self) -> &'static str {
        "loadavg"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        // Every line is a loadavg line, a stamp or a `#` note: five numbers in a row
        // are too common to claim a file by one line among others.
        let mut found = false;
        let mut lines = head
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .peekable();
        while let Some(line) = lines.next() {
            // The last line of a head cut at 64 KiB may be incomplete.
            let cut = lines.peek().is_none() && !head.ends_with('\n');
            if loadavg_line(line).is_some() {
                found = true;
            } else if stamp_seconds(line).is_none() && !line.starts_with('#') && !cut {
                return None;
            }
        }
        found.then_some(80)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut snapshots = Snapshots::default();
        let mut stamp: Option<f64> = None;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            if let Some(values) = loadavg_line(text) {
                snapshots.push(&values, stamp.take(), line.number);
            } else if let Some(seconds) = stamp_seconds(text) {
                stamp = Some(seconds);
            } else if line.cut_off {
                sink.warn_cut_off(line.number);
            } else if !text.starts_with('#') {
                sink.warn(line.number, "not a /proc/loadavg line; ignored");
            }
        }
        if snapshots.count > 1 && snapshots.first_time.is_none() {
            sink.warn(
                lines.line_number(),
                "several snapshots but no time stamps between them (print `date +%s` before each): the interval is unknown",
            );
        }
        snapshots.finish(sink, "/proc/loadavg (a b c n/m pid)")
    }
}
