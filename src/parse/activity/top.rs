//! `top -b -n N` (procps-ng 3.3 and 4, batch mode): what many consultants capture
//! instead of sysstat. Each iteration is a summary (load, tasks, CPU shares, memory)
//! and a table of every process; perfsage keeps the summary as series over the
//! iterations and sums the table's %CPU and %MEM by command name. Real output
//! (procps-ng 4.0.2, `top -b -n 3 -d 1`, three busy loops on two vCPUs):
//!
//! ```text
//! top - 05:20:49 up 18:28,  0 user,  load average: 3.81, 1.45, 0.58
//! Tasks:  74 total,   4 running,  70 sleeping,   0 stopped,   0 zombie
//! %Cpu(s): 66.7 us, 33.3 sy,  0.0 ni,  0.0 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st
//! MiB Mem :  24105.1 total,  19882.9 free,    597.8 used,   4017.3 buff/cache
//! MiB Swap:      0.0 total,      0.0 free,      0.0 used.  23507.3 avail Mem
//!
//!   PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND
//! 22508 root      20   0    7548   3060   2780 R  81.2   0.0   0:18.05 bash
//! ```
//!
//! Summary lines are read by position, not by their translated labels (`任务:` for
//! `Tasks:` under zh_CN); memory is scaled from the unit the line starts with (`KiB`
//! … `EiB`, as `-E` picks; procps 3.2's `16331236k`). Table columns are found where
//! the header prints them: numbers are right-aligned under their label and the command
//! starts under `COMMAND`, which stays right when a locale blanks a label (zh_CN prints
//! no `S`). Command lines (`-c`) are named by their program, kernel threads without
//! brackets, and a name top cut to the screen width (`process_a+`) without its `+`.
//!
//! The first iteration is dropped when more follow, as vmstat's first row is: procps
//! 3.3 computes it since boot, procps 4 over a moment. With `-H` the table lists
//! threads: only the summary is kept. At most 500 command names, with a warning.
//!
//! Facts (series over the iterations): `load.avg{1,5,15}` and `cpu.{usr,sys,iowait,
//! steal,irq,soft,util}_pct` (fallbacks: uptime, /proc/loadavg, mpstat and sar say
//! them better), `tasks.{total,running,sleeping,stopped,zombie}`, `mem.free_kib` and
//! `mem.available_kib` (fallbacks), `proc.<name>.cpu_pct` (fallback to pidstat's) and
//! `proc.<name>.mem_pct`; numbers `mem.total_kib`, `mem.swap_total_kib`,
//! `mem.swap_used_kib` (fallbacks, last iteration) and `proc.busiest.{name,cpu_pct}`
//! (fallbacks).

use super::time_of_day::{IntervalTracker, seconds_of_day};
use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::instance_label::instance_label;
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;
use std::collections::HashMap;

pub struct Top;

const MAX_PROCESSES: usize = 500;

/// The summary series, in the order `Frame::values` holds them.
const SUMMARY: [(&str, Unit, Strength); 17] = [
    ("load.avg1", Unit::Count, Strength::Fallback),
    ("load.avg5", Unit::Count, Strength::Fallback),
    ("load.avg15", Unit::Count, Strength::Fallback),
    ("tasks.total", Unit::Count, Strength::Primary),
    ("tasks.running", Unit::Count, Strength::Primary),
    ("tasks.sleeping", Unit::Count, Strength::Primary),
    ("tasks.stopped", Unit::Count, Strength::Primary),
    ("tasks.zombie", Unit::Count, Strength::Primary),
    ("cpu.usr_pct", Unit::Percent, Strength::Fallback),
    ("cpu.sys_pct", Unit::Percent, Strength::Fallback),
    ("cpu.iowait_pct", Unit::Percent, Strength::Fallback),
    ("cpu.steal_pct", Unit::Percent, Strength::Fallback),
    ("cpu.irq_pct", Unit::Percent, Strength::Fallback),
    ("cpu.soft_pct", Unit::Percent, Strength::Fallback),
    ("cpu.util_pct", Unit::Percent, Strength::Fallback),
    ("mem.free_kib", Unit::Kibibytes, Strength::Fallback),
    ("mem.available_kib", Unit::Kibibytes, Strength::Fallback),
];
const LOAD: usize = 0;
const TASKS: usize = 3;
const CPU: usize = 8;
const MEM_FREE: usize = 15;
const MEM_AVAILABLE: usize = 16;

/// The last iteration's memory and swap sizes (KiB), given as numbers.
const SIZES: [&str; 3] = ["mem.total_kib", "mem.swap_total_kib", "mem.swap_used_kib"];

/// One iteration's summary.
struct Frame {
    values: [Option<f64>; SUMMARY.len()],
    sizes: [Option<f64>; SIZES.len()],
    line: u64,
}

/// Where the table's columns are, in display columns (a CJK character takes two).
struct Layout {
    cpu_end: Option<usize>,
    mem_end: Option<usize>,
    command_start: usize,
}

/// One command's series and its sums within the current iteration.
struct Process {
    name: String,
    cpu: SeriesBuilder,
    mem: SeriesBuilder,
    sums: [Option<f64>; 2],
}

#[derive(Default)]
struct State {
    processes: Vec<Process>,
    index: HashMap<String, usize>,
    dropped: usize,
    series: Vec<SeriesBuilder>,
    sizes: [Option<(f64, u64)>; SIZES.len()],
    iterations: u64,
    threads: bool,
}

impl State {
    fn process(&mut self, raw: &str, cut: bool) -> Option<&mut Process> {
        if let Some(&i) = self.index.get(raw) {
            return self.processes.get_mut(i);
        }
        let name = command_name(raw, cut)?;
        // Several raw forms (`bash -c …`, `bash`) may name one program.
        let at = match self.processes.iter().position(|p| p.name == name) {
            Some(at) => at,
            None if self.processes.len() >= MAX_PROCESSES => {
                self.dropped += 1;
                return None;
            }
            None => {
                self.processes.push(Process {
                    name,
                    cpu: SeriesBuilder::default(),
                    mem: SeriesBuilder::default(),
                    sums: [None; 2],
                });
                self.processes.len() - 1
            }
        };
        self.index.insert(raw.to_string(), at);
        self.processes.get_mut(at)
    }

    /// Ends an iteration: its summary and sums become samples, unless it is the first
    /// of several (`keep` false).
    fn close(&mut self, frame: Option<Frame>, keep: bool) {
        for process in &mut self.processes {
            let [cpu, mem] = std::mem::take(&mut process.sums);
            if let (true, Some(line)) = (keep, frame.as_ref().map(|f| f.line)) {
                if let Some(cpu) = cpu {
                    process.cpu.push(cpu, line);
                }
                if let Some(mem) = mem {
                    process.mem.push(mem, line);
                }
            }
        }
        let Some(frame) = frame.filter(|_| keep) else {
            return;
        };
        if self.series.is_empty() {
            self.series = vec![SeriesBuilder::default(); SUMMARY.len()];
        }
        // A NaN is a number top cut short (`26384214+`): unknown, not kept.
        for (series, value) in self.series.iter_mut().zip(frame.values) {
            if let Some(value) = value.filter(|v| v.is_finite()) {
                series.push(value, frame.line);
            }
        }
        for (size, value) in self.sizes.iter_mut().zip(frame.sizes) {
            if let Some(value) = value {
                *size = Some((value, frame.line));
            }
        }
    }
}

/// `top - 05:20:49 up …, load average: 3.81, 1.45, 0.58`: the clock and the averages.
fn title_line(text: &str) -> Option<(Option<u32>, [Option<f64>; 3])> {
    let rest = text.strip_prefix("top - ")?;
    let clock = rest.split_whitespace().next()?;
    let seconds = seconds_of_day(clock.as_bytes(), None);
    let mut load = [None; 3];
    if let Some((_, averages)) = rest.rsplit_once(':') {
        for (value, word) in load.iter_mut().zip(averages.split_whitespace()) {
            *value = parse_f64(word.trim_end_matches(',').as_bytes());
        }
    }
    Some((seconds, load))
}

/// The numbers after a summary line's label, each with the word that follows it
/// (`24105.1 total,` → (24105.1, "total")). top runs fields together when they fill
/// their width (`0.0 ni,100.0 id`), and procps 3.3 cuts a number too wide for its
/// field with a `+` (`26384214+total`): such a number is NaN, its true value unknown.
/// procps 3.2's `k` after a size is no label. A comma-decimal locale's `0,0` is a
/// number, a comma after a word a separator.
fn labelled_numbers(text: &str) -> Vec<(f64, &str)> {
    let after = text.split_once(':').map_or("", |(_, rest)| rest);
    let mut found: Vec<(f64, &str)> = Vec::new();
    for word in after.split_whitespace() {
        let mut rest = word;
        while !rest.is_empty() {
            // A number runs over digits, `.` and `,`; a label up to the next digit.
            // Each run is at least one character long.
            let numeric = rest.starts_with(|c: char| c.is_ascii_digit());
            let end = if numeric {
                rest.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            } else {
                rest.find(|c: char| c.is_ascii_digit())
            }
            .unwrap_or(rest.len());
            let (run, tail) = rest.split_at(end);
            rest = tail;
            if numeric {
                let number = run.trim_end_matches([',', '.']);
                let value = match parse_f64(number.as_bytes()) {
                    Some(value) if !tail.starts_with('+') => value,
                    _ => f64::NAN,
                };
                found.push((value, ""));
                continue;
            }
            let label = run.trim_matches([',', '.', '+']);
            if let Some(last) = found.last_mut()
                && last.1.is_empty()
                && !matches!(label, "" | "k" | "K")
            {
                last.1 = label;
            }
        }
    }
    found
}

/// KiB per unit of a memory line (`MiB Mem :`, `GiB Swap:`, procps 3.2's `Mem:`).
fn memory_line(text: &str) -> Option<(bool, f64)> {
    let mut words = text.split_whitespace();
    let first = words.next()?;
    let (factor, label) = match first {
        "KiB" => (1.0, words.next()?),
        "MiB" => (1024.0, words.next()?),
        "GiB" => (1024.0 * 1024.0, words.next()?),
        "TiB" => (1024.0 * 1024.0 * 1024.0, words.next()?),
        "PiB" => (1024f64.powi(4), words.next()?),
        "EiB" => (1024f64.powi(5), words.next()?),
        _ => (1.0, first),
    };
    if label.starts_with("Mem") {
        Some((false, factor))
    } else if label.starts_with("Swap") {
        Some((true, factor))
    } else {
        None
    }
}

impl Frame {
    fn new(line: u64, load: [Option<f64>; 3]) -> Frame {
        let mut values = [None; SUMMARY.len()];
        values[LOAD..LOAD + 3].copy_from_slice(&load);
        Frame {
            values,
            sizes: [None; SIZES.len()],
            line,
        }
    }

    /// Reads one summary line; false when it is none of them.
    fn read(&mut self, text: &str, threads: &mut bool) -> bool {
        if text.starts_with("%Cpu(s)") {
            // us sy ni id wa hi si st, in this order in every procps since 3.3.
            let shares: Vec<f64> = labelled_numbers(text).iter().map(|(v, _)| *v).collect();
            if let [us, sy, _ni, id, wa, hi, si, st] = shares[..] {
                for (at, value) in [us, sy, wa, st, hi, si].into_iter().enumerate() {
                    self.values[CPU + at] = Some(value);
                }
                self.values[CPU + 6] = Some((100.0 - id - wa).clamp(0.0, 100.0));
            }
            return true;
        }
        if text.starts_with('%') {
            // One CPU's or NUMA node's line (toggles 1, 2, 3): the total is enough.
            return true;
        }
        if let Some((swap, factor)) = memory_line(text) {
            // procps 3.3 and 4: total free used buff/cache | total free used avail;
            // procps 3.2: total used free buffers | total used free cached.
            let positional = if swap {
                ["total", "free", "used", "avail"]
            } else {
                ["total", "free", "used", "buff/cache"]
            };
            for (at, (value, word)) in labelled_numbers(text).into_iter().enumerate().take(4) {
                if value.is_nan() {
                    continue;
                }
                let known = [
                    "total",
                    "free",
                    "used",
                    "avail",
                    "buff/cache",
                    "buffers",
                    "cached",
                ];
                let word = if known.contains(&word) {
                    word
                } else {
                    positional[at]
                };
                let kib = value * factor;
                match (swap, word) {
                    (false, "total") => self.sizes[0] = Some(kib),
                    (false, "free") => self.values[MEM_FREE] = Some(kib),
                    (true, "total") => self.sizes[1] = Some(kib),
                    (true, "used") => self.sizes[2] = Some(kib),
                    (true, "avail") => self.values[MEM_AVAILABLE] = Some(kib),
                    _ => {}
                }
            }
            return true;
        }
        let counts: Vec<f64> = labelled_numbers(text).iter().map(|(v, _)| *v).collect();
        if counts.len() == 5 && text.contains(':') {
            // With -H the counts are of threads, not tasks.
            *threads = text.starts_with("Threads");
            if *threads {
                return true;
            }
            for (at, value) in counts.into_iter().enumerate() {
                self.values[TASKS + at] = Some(value);
            }
            return true;
        }
        false
    }
}

/// Whether a character takes two display columns (CJK), as `进程` over `PID` does.
fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD)
}

/// The words of a line with their display columns: (start, end, byte offset, word).
fn columns(text: &str) -> impl Iterator<Item = (usize, usize, usize, &str)> {
    let mut column = 0;
    let mut start: Option<(usize, usize)> = None;
    let mut chars = text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')));
    std::iter::from_fn(move || {
        for (at, c) in chars.by_ref() {
            let blank = c == ' ' || c == '\t';
            let out = match (blank, start) {
                (true, Some((from_column, from))) => {
                    start = None;
                    Some((from_column, column, from, &text[from..at]))
                }
                (false, None) => {
                    start = Some((column, at));
                    None
                }
                _ => None,
            };
            column += if is_wide(c) { 2 } else { 1 };
            if out.is_some() {
                return out;
            }
        }
        None
    })
}

impl Layout {
    fn from_header(text: &str) -> Option<Layout> {
        let (mut cpu_end, mut mem_end, mut command_start) = (None, None, None);
        for (start, end, _, word) in columns(text) {
            match word {
                "%CPU" => cpu_end = Some(end),
                "%MEM" => mem_end = Some(end),
                "COMMAND" => command_start = Some(start),
                _ => {}
            }
        }
        Some(Layout {
            cpu_end,
            mem_end,
            command_start: command_start?,
        })
    }
}

/// The program a COMMAND cell names: its first word (with `-c` the command line's
/// program, by its file name), kernel threads without brackets, and without the `+`
/// that marks a cell top `cut` at the screen width.
fn command_name(cell: &str, cut: bool) -> Option<String> {
    let cell = cell.trim();
    let cell = if cut {
        cell.strip_suffix('+').unwrap_or(cell)
    } else {
        cell
    };
    let cell = cell.strip_prefix('[').unwrap_or(cell);
    let cell = cell.strip_suffix(']').unwrap_or(cell);
    let first = cell.split_whitespace().next()?;
    let program = if first.starts_with('/') || first.starts_with("./") {
        first.rsplit('/').find(|p| !p.is_empty()).unwrap_or(first)
    } else {
        first
    };
    instance_label(program)
}

impl CaptureParser for Top {
    fn tool(&self) -> &'static str {
        "top"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut title = false;
        for line in head.lines().take(400) {
            if let Some((Some(_), _)) = title_line(line) {
                title = true;
            } else if title && (line.starts_with("%Cpu") || Layout::from_header(line).is_some()) {
                return Some(90);
            }
        }
        None
    }

    /// The title line (`top - 05:20:49 up …`) is top's alone.
    fn starts_section(&self, line: &str) -> bool {
        matches!(title_line(line), Some((Some(_), _)))
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut state = State::default();
        let mut frame: Option<Frame> = None;
        let mut layout: Option<Layout> = None;
        let mut interval = IntervalTracker::default();
        let mut cut_names = None;
        let mut misaligned = None;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim_end();
            if text.is_empty() {
                continue;
            }
            if let Some((clock, load)) = title_line(text) {
                let keep_previous = state.iterations > 1;
                state.close(frame.take(), keep_previous);
                state.iterations += 1;
                if let Some(seconds) = clock {
                    interval.observe(seconds);
                }
                frame = Some(Frame::new(line.number, load));
                layout = None;
                continue;
            }
            let Some(current) = frame.as_mut() else {
                continue;
            };
            if layout.is_none() {
                if let Some(header) = Layout::from_header(text) {
                    layout = Some(header);
                } else if !current.read(text, &mut state.threads) {
                    sink.warn(line.number, "not a top summary line; ignored");
                }
                continue;
            }
            let Some(layout) = &layout else { continue };
            if state.threads {
                continue;
            }
            let (mut cpu, mut mem, mut command) = (None, None, None);
            let mut width = 0;
            for (start, end, from, word) in columns(text) {
                if Some(end) == layout.cpu_end {
                    cpu = parse_f64(word.as_bytes());
                } else if Some(end) == layout.mem_end {
                    mem = parse_f64(word.as_bytes());
                } else if start >= layout.command_start && command.is_none() {
                    command = Some(from);
                }
                width = end;
            }
            let Some(from) = command else {
                let message = if line.cut_off {
                    "last row is cut off (truncated file); ignored"
                } else {
                    "row has no command under COMMAND; ignored"
                };
                sink.warn(line.number, message);
                continue;
            };
            if cpu.is_none() && layout.cpu_end.is_some() {
                misaligned.get_or_insert(line.number);
            }
            let cell = &text[from..];
            // top marks a name cut at the screen width (80, or -w) with a final `+`.
            let cut = width >= 79 && cell.ends_with('+');
            if cut {
                cut_names.get_or_insert(line.number);
            }
            let Some(process) = state.process(cell, cut) else {
                continue;
            };
            for (sum, value) in process.sums.iter_mut().zip([cpu, mem]) {
                if let Some(value) = value {
                    *sum = Some(sum.unwrap_or(0.0) + value);
                }
            }
        }
        state.close(frame.take(), true);
        if state.iterations == 0 {
            return Err(ParseError::whole_file(
                "no top summary (top - HH:MM:SS up …) found",
            ));
        }
        if let Some(line) = misaligned {
            sink.warn(
                line,
                "a %CPU value is not under its header; that row's %CPU is ignored",
            );
        }
        if let Some(line) = cut_names {
            sink.warn(
                line,
                "command names are cut to the screen width (ending in +): capture with top -b -w 512 for whole names",
            );
        }
        if state.threads {
            sink.warn(
                lines.line_number(),
                "threads mode (-H): the table lists threads, so per-command figures are not read; capture without -H",
            );
        }
        if state.dropped > 0 {
            sink.warn(
                lines.line_number(),
                format!(
                    "more than {MAX_PROCESSES} commands; {} rows of others ignored",
                    state.dropped
                ),
            );
        }
        let secs = interval.interval_s();
        for ((key, unit, strength), series) in SUMMARY.iter().zip(&state.series) {
            sink.series(*key, series, *unit, secs, *strength);
        }
        for (key, size) in SIZES.iter().zip(state.sizes) {
            if let Some((kib, line)) = size {
                sink.put_fallback(*key, Value::Number(kib), Unit::Kibibytes, (line, line));
            }
        }
        let mut busiest: Option<(f64, &str, (u64, u64))> = None;
        for process in &state.processes {
            // Commands idle in every iteration say nothing; their series are left out.
            if process.cpu.finish(secs).max > 0.0 {
                sink.series(
                    format!("proc.{}.cpu_pct", process.name),
                    &process.cpu,
                    Unit::Percent,
                    secs,
                    Strength::Fallback,
                );
                let mean = process.cpu.finish(secs).avg;
                if busiest.is_none_or(|(best, _, _)| mean > best) {
                    busiest = Some((mean, &process.name, process.cpu.lines()));
                }
            }
            if !process.mem.is_empty() && process.mem.finish(secs).max > 0.0 {
                sink.series(
                    format!("proc.{}.mem_pct", process.name),
                    &process.mem,
                    Unit::Percent,
                    secs,
                    Strength::Primary,
                );
            }
        }
        if let Some((cpu, name, lines)) = busiest {
            sink.put_fallback(
                "proc.busiest.name",
                Value::Text(name.to_string()),
                Unit::None,
                lines,
            );
            sink.put_fallback(
                "proc.busiest.cpu_pct",
                Value::Number(cpu),
                Unit::Percent,
                lines,
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_command_cell() {
        assert_eq!(command_name("bash", false).as_deref(), Some("bash"));
        assert_eq!(command_name("bash -c e+", true).as_deref(), Some("bash"));
        assert_eq!(
            command_name("[kthreadd]", false).as_deref(),
            Some("kthreadd")
        );
        assert_eq!(
            command_name("/process_+", true).as_deref(),
            Some("process_")
        );
        assert_eq!(
            command_name("/usr/lib/postgresql/15/bin/postgres -D /var/lib/pg", false).as_deref(),
            Some("postgres")
        );
        assert_eq!(
            command_name("kworker/0+", true).as_deref(),
            Some("kworker_0")
        );
        assert_eq!(command_name("g++", false).as_deref(), Some("g__"));
        assert_eq!(command_name("   ", false), None);
    }

    #[test]
    fn summary_numbers_run_together_or_cut_short() {
        let cpu = labelled_numbers(
            "%Cpu(s):  0.0 us,  0.0 sy,  0.0 ni,100.0 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st",
        );
        assert_eq!(cpu.len(), 8);
        assert_eq!(cpu[3], (100.0, "id"));
        let comma = labelled_numbers("%Cpu(s):  1,5 us,  0,5 sy,  0,0 ni, 98,0 id");
        assert_eq!(comma[0], (1.5, "us"));
        assert_eq!(comma[3], (98.0, "id"));
        let cut = labelled_numbers("KiB Mem : 26384214+total, 25112020+free,   432112 used,");
        assert!(cut[0].0.is_nan() && cut[1].0.is_nan());
        assert_eq!(cut[0].1, "total");
        assert_eq!(cut[2], (432112.0, "used"));
        let old = labelled_numbers("Mem:  16331236k total, 15899124k used");
        assert_eq!(old, vec![(16331236.0, "total"), (15899124.0, "used")]);
    }

    #[test]
    fn wide_characters_take_two_columns() {
        let header: Vec<_> = columns(" 进程 USER  %CPU COMMAND").collect();
        assert_eq!(header[0].0..header[0].1, 1..5);
        assert_eq!(header[2].1, 16);
        assert_eq!(header[3].0, 17);
    }
}
