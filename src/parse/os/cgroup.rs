//! A capture of one or more cgroups' control files (v1 and v2), as a shell loop prints
//! them: the CPU quota and how often the group was throttled for it, the CPU time it
//! used, its memory limit, use, limit hits and OOM kills. A group can be throttled
//! while the host's CPUs idle (its quota, not the machine, is the limit), which no
//! host-wide tool shows. What each file holds is in `cgroup_files`; this reads the
//! shapes the loops print (docs/settings-snapshot.md, "cgroup control files"):
//!
//! ```text
//! 1796370835                                               date +%s (optional)
//! # /sys/fs/cgroup/cpu/perfsage-throttled/cpu.cfs_quota_us   for f in …; do echo "# $f"; cat "$f"; done
//! 50000
//! ==> /sys/fs/cgroup/cpu/db/cpu.stat <==                    head -n 100 <files>
//! /sys/fs/cgroup/cpu/db/cpu.stat:nr_periods 30              grep -r . /sys/fs/cgroup/cpu/db
//! /sys/fs/cgroup/cpu/db/cpu.cfs_quota_us: 50000             echo "$f: $(cat $f)"
//! ```
//!
//! A file is known by its name and its group by its directory (`cgroup.<dir>.…`, as
//! `psi.cgroup.<dir>.`); a hierarchy's root (`/sys/fs/cgroup`, `/sys/fs/cgroup/cpu`)
//! is `cgroup.root.…`. A v2 group's `*.pressure` files become the same
//! `psi.cgroup.<dir>.…` facts the PSI parser gives (see `pressure_tracks`); other files
//! in the capture (`cgroup.procs`, `tasks`, `cpu.shares`) are passed over. Several snapshots of the same files
//! (the loop run again, with stamp lines before each, see `snapshot_time`) give what
//! happened during the capture: counters are the growth between the first and the
//! last snapshot, rates divide it by the time between them; with one snapshot
//! counters are since the group was created.

use super::cgroup_bare::{bare_control_file, file_starting_with};
use super::cgroup_files::{Reading, is_known, is_single_value, read_file};
use super::pressure_tracks::PressureTracks;
use super::psi::{grep_prefixed, prefix_of_path, pressure_line};
use super::snapshot_time::stamp_seconds;
use crate::facts::{Unit, Value};
use crate::parse::instance_label::instance_label;
use crate::parse::sink::CUT_OFF_LINE;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct Cgroup;

/// v1 controller hierarchies, each mounted at /sys/fs/cgroup/<name> (or co-mounted,
/// `cpu,cpuacct`): a file directly in one belongs to the root group.
const V1_HIERARCHIES: [&str; 14] = [
    "cpu",
    "cpuacct",
    "memory",
    "cpuset",
    "blkio",
    "pids",
    "devices",
    "freezer",
    "net_cls",
    "net_prio",
    "perf_event",
    "hugetlb",
    "rdma",
    "misc",
];

/// The label of the group a control file's path is in; `None` when the path names no
/// directory.
fn group_of(path: &str) -> Option<String> {
    let (dir, _) = path.trim().rsplit_once('/')?;
    let (parent, name) = dir.rsplit_once('/').unwrap_or(("", dir));
    let in_cgroup_mount = parent == "cgroup" || parent.ends_with("/cgroup");
    let v1_root = in_cgroup_mount && name.split(',').all(|c| V1_HIERARCHIES.contains(&c));
    if v1_root || matches!(name, "cgroup" | "unified" | "cgroup2") {
        return Some("root".to_string());
    }
    if matches!(name, "" | "." | "..") {
        return None;
    }
    instance_label(name)
}

/// The file name at the end of a path.
fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// A path as a loop prints it: no blanks, a directory in it.
fn looks_like_path(text: &str) -> bool {
    !text.is_empty() && text.contains('/') && !text.contains(char::is_whitespace)
}

/// `==> path <==` (head) or `# path` (echo in a loop); a known file's bare name too
/// (a loop run inside the group's directory), whose group is then unknown.
fn header_path(text: &str) -> Option<&str> {
    let path = match text.strip_prefix("==>") {
        Some(inner) => inner.strip_suffix("<==")?.trim(),
        None => text.strip_prefix('#')?.trim(),
    };
    (looks_like_path(path) || is_known(path)).then_some(path)
}

/// `path:content` (grep -r) or `path: content` (echo "$f: $(cat $f)").
fn prefixed(text: &str) -> Option<(&str, &str)> {
    let (path, content) = text.split_once(':')?;
    looks_like_path(path).then(|| (path, content.trim()))
}

/// Whether a line names a control file perfsage reads (for detection).
pub fn names_control_file(text: &str) -> bool {
    header_path(text)
        .or_else(|| prefixed(text).map(|(path, _)| path))
        .is_some_and(|path| is_known(file_name(path)))
}

/// The lines of one file, as far as read.
struct Block {
    path: String,
    known: bool,
    lines: Vec<(u64, String)>,
}

/// One figure's first and last snapshot.
struct Track {
    group: String,
    name: &'static str,
    /// The file it is read from: another file giving the same figure of the same
    /// group is another group of the same name, not a later snapshot.
    path: String,
    counter: bool,
    first: (Reading, Option<f64>),
    last: (Reading, Option<f64>),
    samples: u64,
}

impl Track {
    /// The figure over the capture: a counter's growth (since creation with one
    /// snapshot), a state's last value.
    fn value(&self) -> f64 {
        if self.counter && self.samples > 1 {
            self.last.0.value - self.first.0.value
        } else {
            self.last.0.value
        }
    }

    fn lines(&self) -> (u64, u64) {
        if self.counter {
            (self.first.0.line, self.last.0.line)
        } else {
            (self.last.0.line, self.last.0.line)
        }
    }

    /// Seconds between the first and last snapshot, when both were stamped.
    fn elapsed_s(&self) -> Option<f64> {
        match (self.first.1, self.last.1) {
            (Some(first), Some(last)) if self.samples > 1 && last > first => Some(last - first),
            _ => None,
        }
    }
}

#[derive(Default)]
struct State {
    tracks: Vec<Track>,
    /// Groups in the order the capture shows them.
    groups: Vec<String>,
    /// Where each group's CPU controller files are (`/sys/fs/cgroup/cpu/db`), and the
    /// line that first showed it: the advice writes to that directory.
    cpu_dirs: Vec<(String, String, u64)>,
    block: Option<Block>,
    stamp: Option<f64>,
    /// The first known file whose group could not be told.
    unnamed: Option<u64>,
}

impl State {
    fn open(&mut self, path: &str, sink: &mut FactSink) {
        self.flush(sink);
        self.block = Some(Block {
            path: path.to_string(),
            known: is_known(file_name(path)),
            lines: Vec::new(),
        });
    }

    /// Reads the file whose lines are complete.
    fn flush(&mut self, sink: &mut FactSink) {
        let Some(block) = self.block.take() else {
            return;
        };
        if !block.known || block.lines.is_empty() {
            return;
        }
        let Some(group) = group_of(&block.path) else {
            self.unnamed.get_or_insert(block.lines[0].0);
            return;
        };
        let file = read_file(file_name(&block.path), &block.lines);
        for (line, message) in file.warnings {
            sink.warn(line, format!("{}: {message}", block.path));
        }
        if !self.groups.contains(&group) {
            self.groups.push(group.clone());
        }
        let name = file_name(&block.path);
        if name.starts_with("cpu.")
            && !self.cpu_dirs.iter().any(|(g, _, _)| *g == group)
            && let Some((dir, _)) = block.path.rsplit_once('/')
            && dir.starts_with('/')
        {
            self.cpu_dirs
                .push((group.clone(), dir.to_string(), block.lines[0].0));
        }
        let mut clash = None;
        for reading in file.readings {
            if let Err(other) = self.record(&group, &block.path, reading) {
                clash.get_or_insert(other);
            }
        }
        if let Some(other) = clash {
            sink.warn(
                block.lines[0].0,
                format!(
                    "{}: group {group} was read from {other} already (two groups with one directory name, or v1 and v2 files of one figure); left out",
                    block.path
                ),
            );
        }
    }

    /// Adds a snapshot of one figure; `Err` with the other file when the group's
    /// figure came from another file.
    fn record(&mut self, group: &str, path: &str, reading: Reading) -> Result<(), String> {
        let now = (reading, self.stamp);
        match self
            .tracks
            .iter_mut()
            .find(|t| t.group == group && t.name == reading.name)
        {
            Some(track) if track.path != path => return Err(track.path.clone()),
            Some(track) => {
                track.last = now;
                track.samples += 1;
            }
            None => self.tracks.push(Track {
                group: group.to_string(),
                name: reading.name,
                path: path.to_string(),
                counter: reading.counter,
                first: now,
                last: now,
                samples: 1,
            }),
        }
        Ok(())
    }

    fn track(&self, group: &str, name: &str) -> Option<&Track> {
        self.tracks
            .iter()
            .find(|t| t.group == group && t.name == name)
    }
}

impl CaptureParser for Cgroup {
    fn tool(&self) -> &'static str {
        "cgroup"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        // A v2 group's `grep -r .` holds its *.pressure files too: psi leaves those
        // captures to this parser, which reads them as well.
        if head
            .lines()
            .take(200)
            .any(|line| names_control_file(line.trim()))
        {
            return Some(95);
        }
        // A control file saved alone: below every parser that reads such counters.
        bare_control_file(head).map(|_| 60)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut state = State::default();
        let mut pressure = PressureTracks::default();
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            if let Some(path) = header_path(text) {
                state.open(path, sink);
                continue;
            }
            if let Some((prefix, reading)) = grep_prefixed(text)
                .and_then(|(path, reading)| Some((prefix_of_path(path)?, reading)))
            {
                pressure.record(&prefix, reading, line.number);
                continue;
            }
            if let Some(block) = &mut state.block
                && let Some(prefix) = prefix_of_path(&block.path)
                && let Some(reading) = pressure_line(text)
            {
                pressure.record(&prefix, reading, line.number);
                // Content read, so a time stamp after it is a stamp, not the file's value.
                block.lines.push((line.number, text.to_string()));
                continue;
            }
            if let Some((path, content)) = prefixed(text) {
                if state.block.as_ref().is_none_or(|b| b.path != path) {
                    state.open(path, sink);
                }
                if let Some(block) = &mut state.block
                    && !content.is_empty()
                {
                    block.lines.push((line.number, content.to_string()));
                }
                continue;
            }
            // A one-value file's first line is its value, even one that looks like a
            // time stamp (cpuacct.usage's 1530172649).
            if let Some(block) = &mut state.block
                && block.lines.is_empty()
                && (!block.known || is_single_value(file_name(&block.path)))
            {
                block.lines.push((line.number, text.to_string()));
                continue;
            }
            if let Some(seconds) = stamp_seconds(text) {
                state.flush(sink);
                state.stamp = Some(seconds);
                pressure.stamp(seconds);
                continue;
            }
            // A file saved alone (`cat cpu.stat`): its folder in the bundle is its group.
            if state.block.is_none()
                && let Some(name) = file_starting_with(text)
            {
                let path = match sink.file().rsplit_once('/') {
                    Some((folder, _)) => format!("{folder}/{name}"),
                    None => name.to_string(),
                };
                state.open(&path, sink);
            }
            match &mut state.block {
                Some(block) if !block.known => {}
                Some(block) if !is_single_value(file_name(&block.path)) => {
                    block.lines.push((line.number, text.to_string()));
                }
                Some(block) => {
                    let message = format!(
                        "{}: a second line in a one-value file, not a header or time stamp; ignored",
                        block.path
                    );
                    sink.warn(line.number, message);
                }
                None => {
                    let message = if line.cut_off {
                        CUT_OFF_LINE
                    } else {
                        "not a cgroup file header (# path, ==> path <==, path:), its content or a time stamp; ignored"
                    };
                    sink.warn(line.number, message);
                }
            }
        }
        state.flush(sink);
        if let Some(line) = state.unnamed {
            sink.warn(
                line,
                "control files without their group's directory: print each file's full path before it (echo \"# $f\" with f=/sys/fs/cgroup/…), or put a file saved alone in a folder named after its group",
            );
        }
        let mut untimed = Vec::new();
        for group in &state.groups {
            put_group(&state, group, sink, &mut untimed);
        }
        pressure.emit(sink, None, lines.line_number());
        if !untimed.is_empty() {
            sink.warn(
                lines.line_number(),
                format!(
                    "several snapshots of {} but no time between them (print `date +%s` before each): no CPU used or throttled per second",
                    untimed.join(", ")
                ),
            );
        }
        if sink.fact_count() == 0 {
            return Err(match state.unnamed {
                Some(line) => ParseError::at(
                    line,
                    "cgroup control files, but not which group they belong to: print each file's full path before its content",
                ),
                None => ParseError::whole_file(
                    "no readable cgroup control file (cpu.stat, cpu.max, cpu.cfs_quota_us, memory.max, memory.limit_in_bytes … under a `# path` header) found",
                ),
            });
        }
        Ok(())
    }
}

/// Unit of each figure a file gives, as the fact that carries it.
fn unit_of(name: &str) -> Unit {
    if name.ends_with("_iops_limit") {
        Unit::PerSecond
    } else if name.ends_with("_kbps_limit") {
        Unit::KilobytesPerSecond
    } else if name.ends_with("_kib") {
        Unit::Kibibytes
    } else if name.ends_with("_s") {
        Unit::Seconds
    } else {
        Unit::Count
    }
}

/// One group's facts.
fn put_group(state: &State, group: &str, sink: &mut FactSink, untimed: &mut Vec<String>) {
    let key = |name: &str| format!("cgroup.{group}.{name}");
    let track = |name: &str| state.track(group, name);
    let span = |a: &Track, b: &Track| {
        let (a, b) = (a.lines(), b.lines());
        (a.0.min(b.0), a.1.max(b.1))
    };
    for t in state.tracks.iter().filter(|t| t.group == group) {
        let value = t.value();
        if value < 0.0 {
            sink.warn(
                t.last.0.line,
                format!(
                    "{}: went down between snapshots (the group was made anew); left out",
                    key(t.name)
                ),
            );
            continue;
        }
        match t.name {
            "cpu.quota_us" | "cpu.period_us" => {}
            "memory.limit_kib" | "memory.high_kib" if value.is_infinite() => {}
            name if name.starts_with("blkio.") && value.is_infinite() => {}
            "memory.under_oom" => {
                sink.put(key(t.name), Value::Flag(value > 0.0), Unit::None, t.lines())
            }
            name => sink.put(key(name), Value::Number(value), unit_of(name), t.lines()),
        }
    }
    if let Some((_, dir, line)) = state.cpu_dirs.iter().find(|(g, _, _)| g == group) {
        sink.text(key("cpu.dir"), dir.clone(), *line);
    }
    match (track("cpu.quota_us"), track("cpu.period_us")) {
        (Some(quota), _) if quota.value().is_infinite() => {
            sink.put(
                key("cpu.limited"),
                Value::Flag(false),
                Unit::None,
                quota.lines(),
            );
        }
        (Some(quota), Some(period)) => {
            let lines = span(quota, period);
            sink.put(key("cpu.limited"), Value::Flag(true), Unit::None, lines);
            sink.put(
                key("cpu.quota_cpus"),
                Value::Number(quota.value() / period.value()),
                Unit::Count,
                lines,
            );
        }
        (Some(quota), None) => sink.warn(
            quota.last.0.line,
            format!(
                "{}: a CPU quota without its period (cpu.cfs_period_us): no quota in CPUs",
                key("cpu")
            ),
        ),
        _ => {}
    }
    if let (Some(periods), Some(throttled)) = (track("cpu.nr_periods"), track("cpu.nr_throttled"))
        && periods.value() > 0.0
        && throttled.value() >= 0.0
    {
        sink.put(
            key("cpu.throttled_pct"),
            Value::Number(throttled.value() / periods.value() * 100.0),
            Unit::Percent,
            span(periods, throttled),
        );
    }
    for (counter, rate, unit) in [
        ("cpu.throttled_s", "cpu.throttled_s_per_s", Unit::Ratio),
        ("cpu.used_s", "cpu.used_cpus", Unit::Count),
        (
            "memory.workingset_refaults",
            "memory.workingset_refaults_per_s",
            Unit::PerSecond,
        ),
        (
            "memory.major_faults",
            "memory.major_faults_per_s",
            Unit::PerSecond,
        ),
        ("memory.failcnt", "memory.failcnt_per_s", Unit::PerSecond),
        ("blkio.reads", "blkio.reads_per_s", Unit::PerSecond),
        ("blkio.writes", "blkio.writes_per_s", Unit::PerSecond),
        (
            "blkio.read_kib",
            "blkio.read_kb_per_s",
            Unit::KilobytesPerSecond,
        ),
        (
            "blkio.written_kib",
            "blkio.written_kb_per_s",
            Unit::KilobytesPerSecond,
        ),
    ] {
        let Some(t) = track(counter).filter(|t| t.samples > 1 && t.value() >= 0.0) else {
            continue;
        };
        match t.elapsed_s() {
            Some(elapsed) => sink.put(
                key(rate),
                Value::Number(t.value() / elapsed),
                unit,
                t.lines(),
            ),
            None => untimed.push(key(counter)),
        }
    }
    let caps: Vec<&Track> = [
        "blkio.read_iops_limit",
        "blkio.write_iops_limit",
        "blkio.read_kbps_limit",
        "blkio.write_kbps_limit",
    ]
    .into_iter()
    .filter_map(track)
    .collect();
    if let Some(first) = caps.first() {
        let lines = caps.iter().fold(first.lines(), |span, t| {
            (span.0.min(t.lines().0), span.1.max(t.lines().1))
        });
        let limited = caps.iter().any(|t| t.value().is_finite());
        sink.put(
            key("blkio.limited"),
            Value::Flag(limited),
            Unit::None,
            lines,
        );
    }
    if let Some(limit) = track("memory.limit_kib") {
        let limited = limit.value().is_finite();
        sink.put(
            key("memory.limited"),
            Value::Flag(limited),
            Unit::None,
            limit.lines(),
        );
        if let Some(usage) = track("memory.usage_kib")
            && limited
            && limit.value() > 0.0
        {
            sink.put(
                key("memory.usage_pct_of_limit"),
                Value::Number(usage.value() / limit.value() * 100.0),
                Unit::Percent,
                span(limit, usage),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_named_by_their_directory() {
        assert_eq!(
            group_of("/sys/fs/cgroup/cpu/perfsage-throttled/cpu.stat").as_deref(),
            Some("perfsage-throttled")
        );
        assert_eq!(
            group_of("/sys/fs/cgroup/system.slice/postgresql.service/cpu.max").as_deref(),
            Some("postgresql_service")
        );
        assert_eq!(group_of("/sys/fs/cgroup/cpu.stat").as_deref(), Some("root"));
        assert_eq!(
            group_of("/sys/fs/cgroup/cpu/cpu.stat").as_deref(),
            Some("root")
        );
        assert_eq!(
            group_of("/sys/fs/cgroup/cpu,cpuacct/cpu.stat").as_deref(),
            Some("root")
        );
        // A v2 group that happens to be called like a v1 controller, deeper down.
        assert_eq!(
            group_of("/sys/fs/cgroup/db/memory/memory.max").as_deref(),
            Some("memory")
        );
        assert_eq!(group_of("cpu.stat"), None);
        assert_eq!(group_of("./cpu.stat"), None);
    }

    #[test]
    fn headers_and_prefixes() {
        assert_eq!(
            header_path("==> /sys/fs/cgroup/cpu/g/cpu.stat <=="),
            Some("/sys/fs/cgroup/cpu/g/cpu.stat")
        );
        assert_eq!(
            header_path("# /sys/fs/cgroup/g/memory.max"),
            Some("/sys/fs/cgroup/g/memory.max")
        );
        assert_eq!(header_path("# 1796370835"), None);
        assert_eq!(
            prefixed("/sys/fs/cgroup/g/cpu.stat:nr_periods 3"),
            Some(("/sys/fs/cgroup/g/cpu.stat", "nr_periods 3"))
        );
        assert_eq!(prefixed("2026-12-04T05:20:20+00:00"), None);
        assert!(names_control_file(
            "/sys/fs/cgroup/cpu/g/cpu.cfs_quota_us: 50000"
        ));
        assert!(!names_control_file("/sys/fs/cgroup/cpu/g/cpu.shares:1024"));
    }
}
