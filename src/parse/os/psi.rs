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
use super::pressure_tracks::PressureTracks;
use super::snapshot_time::stamp_seconds;
use crate::parse::sink::CUT_OFF_LINE;

use crate::parse::instance_label::instance_label;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;

pub struct Psi;

const RESOURCES: [&str; 4] = ["cpu", "memory", "io", "irq"];
pub(super) const AVERAGES: [(&str, &str); 3] = [
    ("avg10", "avg10_pct"),
    ("avg60", "avg60_pct"),
    ("avg300", "avg300_pct"),
];

/// One line of a pressure file.
pub(super) struct PressureLine {
    pub(super) full: bool,
    pub(super) averages: [f64; 3],
    pub(super) total_us: f64,
}

/// `some avg10=0.00 avg60=0.00 avg300=0.00 total=0`.
pub(super) fn pressure_line(text: &str) -> Option<PressureLine> {
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
pub(super) fn grep_prefixed(text: &str) -> Option<(&str, PressureLine)> {
    let at = text.find(":some ").or_else(|| text.find(":full "))?;
    Some((&text[..at], pressure_line(&text[at + 1..])?))
}

/// Which pressure a file path holds, as the key prefix of its facts: `psi.cpu` for
/// `/proc/pressure/cpu` or a root cgroup's `cpu.pressure`, `psi.cgroup.db.cpu` for
/// `/sys/fs/cgroup/db/cpu.pressure`. `None` for any other file.
pub(super) fn prefix_of_path(path: &str) -> Option<String> {
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

#[derive(Default)]
struct State {
    tracks: PressureTracks,
    /// The file the lines being read come from, from the last header (`None` inside a
    /// file that is not a pressure file, such as `cgroup.pressure`).
    current: Option<Option<String>>,
    /// The first line whose file could not be told.
    unnamed: Option<u64>,
}

impl CaptureParser for Psi {
    fn tool(&self) -> &'static str {
        "psi"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let lines = || head.lines().take(200).map(str::trim);
        // A group's `grep -r .` that holds its cpu.stat or memory.max besides its
        // *.pressure files is a cgroup capture (whose parser reads the pressure files too).
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
                state.tracks.stamp(seconds);
                continue;
            } else {
                // The content of a non-pressure file under its header (cgroup.pressure's
                // `1`) is expected; anything else is worth a word.
                if state.current != Some(None) {
                    let message = if line.cut_off {
                        CUT_OFF_LINE
                    } else {
                        "not a pressure line, file header or time stamp; ignored"
                    };
                    sink.warn(line.number, message);
                }
                continue;
            };
            match prefix {
                Some(prefix) => state.tracks.record(&prefix, reading, line.number),
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
        state.tracks.emit(sink, sleep, lines.line_number());
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
