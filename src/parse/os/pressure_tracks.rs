//! The snapshots of pressure stall lines (`some`/`full` of one pressure file) turned
//! into facts: each average as a series, and with two timed snapshots the stall share
//! over the capture from the growth of `total`. Shared by the PSI parser and the
//! cgroup parser, whose `grep -r .` captures of a v2 group hold its `*.pressure`
//! files beside `cpu.stat` and `memory.max`.

use super::psi::{AVERAGES, PressureLine};
use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::FactSink;
use crate::parse::sink::Strength;

/// A `total` reading: microseconds, when (if known), and on which line.
#[derive(Clone, Copy)]
struct Reading {
    total_us: f64,
    time: Option<f64>,
    line: u64,
}

/// The snapshots of one file's `some` or `full` line.
struct Track {
    /// `psi.cpu.some`, `psi.cgroup.db.io.full`.
    key: String,
    averages: [SeriesBuilder; 3],
    first: Reading,
    last: Reading,
    samples: u64,
}

#[derive(Default)]
pub(super) struct PressureTracks {
    tracks: Vec<Track>,
    /// The time stamp printed before the snapshot being read.
    stamp: Option<f64>,
}

impl PressureTracks {
    /// A time stamp line (`date +%s`): the snapshot lines after it were read then.
    pub(super) fn stamp(&mut self, seconds: f64) {
        self.stamp = Some(seconds);
    }

    /// One pressure line of the file whose facts start with `prefix` (`psi.cpu`,
    /// `psi.cgroup.db.io`).
    pub(super) fn record(&mut self, prefix: &str, reading: PressureLine, line: u64) {
        // The system's `cpu full` is zeros kept for compatibility, not a measurement.
        if reading.full && prefix == "psi.cpu" {
            return;
        }
        let kind = if reading.full { "full" } else { "some" };
        let now = Reading {
            total_us: reading.total_us,
            time: self.stamp,
            line,
        };
        let at = match self.tracks.iter().position(|t| {
            t.key.strip_prefix(prefix).and_then(|k| k.strip_prefix('.')) == Some(kind)
        }) {
            Some(at) => at,
            None => {
                self.tracks.push(Track {
                    key: format!("{prefix}.{kind}"),
                    averages: Default::default(),
                    first: now,
                    last: now,
                    samples: 0,
                });
                self.tracks.len() - 1
            }
        };
        let track = &mut self.tracks[at];
        for (series, value) in track.averages.iter_mut().zip(reading.averages) {
            series.push(value, line);
        }
        track.last = now;
        track.samples += 1;
    }

    /// Puts the facts; `sleep` is the loop's pause between snapshots when no stamps
    /// were printed, `end_line` where a warning about missing times points.
    pub(super) fn emit(&self, sink: &mut FactSink, sleep: Option<f64>, end_line: u64) {
        let mut untimed = Vec::new();
        for track in &self.tracks {
            let elapsed = elapsed_s(track, sleep);
            let interval = elapsed.map(|e| e / (track.samples - 1) as f64);
            for ((_, name), series) in AVERAGES.iter().zip(&track.averages) {
                sink.series(
                    format!("{}.{name}", track.key),
                    series,
                    Unit::Percent,
                    interval,
                    Strength::Primary,
                );
            }
            if track.samples < 2 {
                continue;
            }
            let Some(elapsed) = elapsed else {
                untimed.push(track.key.as_str());
                continue;
            };
            let stalled_us = track.last.total_us - track.first.total_us;
            if stalled_us < 0.0 {
                sink.warn(
                    track.last.line,
                    format!(
                        "{}: total went down between snapshots (a reboot, or another file's lines); no stall share",
                        track.key
                    ),
                );
                continue;
            }
            let share = (stalled_us / (elapsed * 1e6) * 100.0).clamp(0.0, 100.0);
            sink.put(
                format!("{}.stall_pct", track.key),
                Value::Number(share),
                Unit::Percent,
                (track.first.line, track.last.line),
            );
        }
        if !untimed.is_empty() {
            sink.warn(
                end_line,
                format!(
                    "several snapshots of {} but no time between them (print `date +%s` before each): no stall share over the capture",
                    untimed.join(", ")
                ),
            );
        }
    }
}

/// Seconds between a track's first and last snapshot: from their stamps, or from the
/// loop's `sleep`.
fn elapsed_s(track: &Track, sleep: Option<f64>) -> Option<f64> {
    if track.samples < 2 {
        return None;
    }
    match (track.first.time, track.last.time) {
        (Some(first), Some(last)) if last > first => Some(last - first),
        _ => sleep.map(|s| s * (track.samples - 1) as f64),
    }
}
