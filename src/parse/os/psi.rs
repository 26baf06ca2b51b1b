//! Pressure stall information (PSI, Linux 4.20 and later): the share of time tasks
//! stalled waiting for a CPU, for memory (reclaim, swap-in, thrashing) or for I/O, from
//! `/proc/pressure/{cpu,memory,io,irq}` and a cgroup v2 group's `{cpu,memory,io}.pressure`.
//! Unlike utilisation it measures the cost of contention directly: CPU at 100 % with
//! `cpu some` near 0 is a busy host, with `some` at 60 % it is a saturated one. Real
//! content (kernel 6.18, three busy loops on two vCPUs):
//!
//! ```text
//! some avg10=78.78 avg60=24.40 avg300=5.96 total=1330749110
//! full avg10=0.00 avg60=0.00 avg300=0.00 total=0
//! ```
//!
//! `some` is time at least one task stalled, `full` time all non-idle tasks stalled at
//! once; the averages are percentages over 10, 60 and 300 s, `total` is microseconds
//! since boot. The file content does not say which resource it is, so it comes from
//! what the capture prints before it: `# /proc/pressure/cpu` or `==> /proc/pressure/cpu
//! <==` (head) header lines, `grep -r . /proc/pressure` prefixes
//! (`/proc/pressure/cpu:some …`), the shown command (`$ cat /proc/pressure/io`), or
//! else the capture's file name (`cpu.pressure`, `pressure_io.txt`). A cgroup's files
//! are told apart by their directory (`psi.cgroup.<dir>.…`; the root cgroup's are the
//! system's). The system-wide `cpu full` line is left out: the kernel prints zeros
//! there for compatibility, the figure is undefined.
//!
//! Several snapshots of one file (a loop) make series; with the time between the first
//! and the last (stamp lines such as `date +%s`, see `snapshot_time`, or the loop's
//! `sleep N` in the shown command) the growth of `total` gives the stall share over the
//! whole capture. Without it a warning says so; no time is assumed.
//!
//! Facts, with `<res>` cpu, memory, io or irq and `<kind>` some or full:
//! `psi.<res>.<kind>.{avg10,avg60,avg300}_pct` (series, one sample per snapshot) and
//! `psi.<res>.<kind>.stall_pct` (number, over the capture); the same under
//! `psi.cgroup.<dir>.` for a cgroup.

use super::cgroup::names_control_file;
use super::snapshot_time::stamp_seconds;
use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::instance_label::instance_label;
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;

pub struct Psi;

const RESOURCES: [&str; 4] = ["cpu", "memory", "io", "irq"];
const AVERAGES: [(&str, &str); 3] = [
    ("avg10", "avg10_pct"),
    ("avg60", "avg60_pct"),
    ("avg300", "avg300_pct"),
];

/// One line of a pressure file.
struct PressureLine {
    full: bool,
    averages: [f64; 3],
    total_us: f64,
}

/// `some avg10=0.00 avg60=0.00 avg300=0.00 total=0`.
fn pressure_line(text: &str) -> Option<PressureLine> {
    let mut words = text.split_whitespace();
    let full = match words.next()? {
        "some" => false,
        "full" => true,
        _ => return None,
    };
    let mut averages = [0.0; 3];
    for ((name, _), value) in AVERAGES.iter().zip(&mut averages) {
        let raw = words.next()?.strip_prefix(name)?.strip_prefix('=')?;
        *value = parse_f64(raw.as_bytes()).filter(|v| (0.0..=100.0).contains(v))?;
    }
    let total = words.next()?.strip_prefix("total=")?;
    let total_us = parse_f64(total.as_bytes()).filter(|t| *t >= 0.0)?;
    words.next().is_none().then_some(PressureLine {
        full,
        averages,
        total_us,
    })
}

/// `/proc/pressure/cpu:some avg10=…` (grep's file prefix): the path and the line.
fn grep_prefixed(text: &str) -> Option<(&str, PressureLine)> {
    let at = text.find(":some ").or_else(|| text.find(":full "))?;
    Some((&text[..at], pressure_line(&text[at + 1..])?))
}

/// Which pressure a file path holds, as the key prefix of its facts: `psi.cpu` for
/// `/proc/pressure/cpu` or a root cgroup's `cpu.pressure`, `psi.cgroup.db.cpu` for
/// `/sys/fs/cgroup/db/cpu.pressure`. `None` for any other file.
fn prefix_of_path(path: &str) -> Option<String> {
    let path = path.trim().trim_end_matches(':');
    let (dir, file) = path.rsplit_once('/').unwrap_or(("", path));
    if let Some(resource) = RESOURCES.iter().find(|r| **r == file)
        && (dir == "pressure" || dir.ends_with("/pressure"))
    {
        return Some(format!("psi.{resource}"));
    }
    let resource = RESOURCES
        .iter()
        .find(|r| file.strip_suffix(".pressure") == Some(**r))?;
    let group = dir.rsplit('/').next().unwrap_or("");
    if matches!(group, "" | "cgroup" | "unified" | "cgroup2") {
        return Some(format!("psi.{resource}"));
    }
    Some(format!("psi.cgroup.{}.{resource}", instance_label(group)?))
}

/// A header a loop prints before each file: `# path`, `==> path <==`, or the bare path.
fn header_path(text: &str) -> Option<&str> {
    if let Some(inner) = text.strip_prefix("==>").and_then(|t| t.strip_suffix("<==")) {
        return Some(inner.trim());
    }
    let path = text.strip_prefix('#').unwrap_or(text).trim();
    (path.starts_with('/') && !path.contains(char::is_whitespace)).then_some(path)
}

/// The pressure file the shown command reads, when it names exactly one.
fn prefix_of_command(command: &str) -> Option<String> {
    let mut prefixes = command
        .split(|c: char| c.is_whitespace() || c == ';')
        .filter_map(prefix_of_path);
    let first = prefixes.next()?;
    prefixes.all(|p| p == first).then_some(first)
}

/// The resource a capture's file name names (`cpu.pressure`, `psi_io.txt`), when it
/// names exactly one.
fn prefix_of_file_name(file: &str) -> Option<String> {
    let name = file.rsplit(['/', '\\']).next().unwrap_or(file);
    let mut named = RESOURCES.iter().filter(|resource| {
        name.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|word| {
                word.eq_ignore_ascii_case(resource) || (**resource == "memory" && word == "mem")
            })
    });
    let resource = named.next()?;
    named.next().is_none().then(|| format!("psi.{resource}"))
}

/// `sleep N` in a loop's command: the seconds between snapshots.
fn sleep_of_command(command: &str) -> Option<f64> {
    let mut words = command.split(|c: char| c.is_whitespace() || c == ';');
    words.find(|w| *w == "sleep")?;
    let seconds = parse_f64(words.next()?.trim_end_matches('s').as_bytes())?;
    (seconds > 0.0).then_some(seconds)
}

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
struct State {
    tracks: Vec<Track>,
    /// The file the lines being read come from, from the last header (`None` inside a
    /// file that is not a pressure file, such as `cgroup.pressure`).
    current: Option<Option<String>>,
    stamp: Option<f64>,
    /// The first line whose file could not be told.
    unnamed: Option<u64>,
}

impl State {
    fn record(&mut self, prefix: &str, reading: PressureLine, line: u64) {
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
}

impl CaptureParser for Psi {
    fn tool(&self) -> &'static str {
        "psi"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let lines = || head.lines().take(200).map(str::trim);
        // A group's `grep -r .` that holds its cpu.stat or memory.max besides its
        // *.pressure files is a cgroup capture (which passes the pressure files over).
        if lines().any(names_control_file) {
            return None;
        }
        lines()
            .any(|line| pressure_line(line).is_some() || grep_prefixed(line).is_some())
            .then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let fallback = sink
            .command()
            .and_then(prefix_of_command)
            .or_else(|| prefix_of_file_name(sink.file()));
        let sleep = sink.command().and_then(sleep_of_command);
        let mut state = State::default();
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let (prefix, reading) = if let Some((path, reading)) = grep_prefixed(text) {
                (prefix_of_path(path), reading)
            } else if let Some(reading) = pressure_line(text) {
                match &state.current {
                    Some(prefix) => (prefix.clone(), reading),
                    None => (fallback.clone(), reading),
                }
            } else if let Some(path) = header_path(text) {
                state.current = Some(prefix_of_path(path));
                continue;
            } else if let Some(seconds) = stamp_seconds(text) {
                state.stamp = Some(seconds);
                continue;
            } else {
                // The content of a non-pressure file under its header (cgroup.pressure's
                // `1`) is expected; anything else is worth a word.
                if state.current != Some(None) {
                    let message = if line.cut_off {
                        "last line is cut off (truncated file); ignored"
                    } else {
                        "not a pressure line, file header or time stamp; ignored"
                    };
                    sink.warn(line.number, message);
                }
                continue;
            };
            match prefix {
                Some(prefix) => state.record(&prefix, reading, line.number),
                None => {
                    state.unnamed.get_or_insert(line.number);
                }
            }
        }
        if let Some(line) = state.unnamed {
            sink.warn(
                line,
                "pressure lines without the file they come from: print each file's name before it (grep -r . /proc/pressure, or echo \"# $f\" in the loop)",
            );
        }
        let mut untimed = Vec::new();
        for track in &state.tracks {
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
                lines.line_number(),
                format!(
                    "several snapshots of {} but no time between them (print `date +%s` before each): no stall share over the capture",
                    untimed.join(", ")
                ),
            );
        }
        if sink.fact_count() == 0 {
            return Err(match state.unnamed {
                Some(line) => ParseError::at(
                    line,
                    "pressure lines, but not which resource they measure (cpu, memory, io): name the file before its lines or name the capture after it (cpu.pressure)",
                ),
                None => ParseError::whole_file(
                    "no pressure stall line (some avg10=… avg60=… avg300=… total=…) found",
                ),
            });
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_the_pressure() {
        assert_eq!(
            prefix_of_path("/proc/pressure/cpu").as_deref(),
            Some("psi.cpu")
        );
        assert_eq!(
            prefix_of_path("/sys/fs/cgroup/system.slice/postgresql.service/io.pressure").as_deref(),
            Some("psi.cgroup.postgresql_service.io")
        );
        assert_eq!(
            prefix_of_path("/sys/fs/cgroup/memory.pressure").as_deref(),
            Some("psi.memory")
        );
        assert_eq!(prefix_of_path("/sys/fs/cgroup/db/cgroup.pressure"), None);
        assert_eq!(prefix_of_path("/proc/loadavg"), None);
    }

    #[test]
    fn commands_and_file_names_name_a_headerless_file() {
        assert_eq!(
            prefix_of_command("cat /proc/pressure/io").as_deref(),
            Some("psi.io")
        );
        assert_eq!(prefix_of_command("cat /proc/pressure/*"), None);
        assert_eq!(
            prefix_of_file_name("host1/cpu.pressure").as_deref(),
            Some("psi.cpu")
        );
        assert_eq!(
            prefix_of_file_name("psi_mem.txt").as_deref(),
            Some("psi.memory")
        );
        assert_eq!(prefix_of_file_name("pressure.txt"), None);
        assert_eq!(prefix_of_file_name("cpu_io.txt"), None);
        assert_eq!(
            sleep_of_command("for i in 1 2; do cat /proc/pressure/cpu; sleep 2; done"),
            Some(2.0)
        );
    }
}
