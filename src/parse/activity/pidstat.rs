//! `pidstat` (sysstat 11 and 12): per-process (and with `-t` per-thread) CPU, disk,
//! memory-fault and context-switch rates, one report per interval. It is what shows a
//! single hot process or thread while the host's average has headroom, and which
//! process waits on disk or switches context. Columns are found by header name, so
//! `-u`, `-d`, `-r`, `-w` (together or apart), `-t`, `-l`, 12- and 24-hour times and
//! both sysstat layouts parse; so do `-h` (one line per process with every
//! activity, under a `# Time UID PID …` header), `-H` (seconds since the epoch) and
//! `--human` values (`198.0%`, `3.0M`). Real output (sysstat 12.6.1, `pidstat -t -u -C sysbench 1 2`):
//!
//! ```text
//! 00:51:41      UID      TGID       TID    %usr %system  %guest   %wait    %CPU   CPU  Command
//! 00:51:42        0     32409         -  100.00    0.00    0.00    0.00  100.00     1  sysbench
//! 00:51:42        0         -     32411  100.00    0.00    0.00    0.00  100.00     1  |__sysbench
//! ```
//!
//! Processes are keyed by their command name (`proc.<name>.…`, as /proc/<pid>/status
//! names them; with `-l` the program's file name); several processes of one name are
//! summed per interval. Thread rows (`|__name`) feed only the busiest-thread figures.
//! pidstat leaves out processes idle in an interval, so a series holds the intervals
//! its process was listed in.
//! `Average:` rows are used only when a file has no interval rows.
//!
//! Facts (series over the intervals): `proc.<name>.{cpu,usr,sys,wait}_pct`,
//! `proc.<name>.{rkb,wkb}_per_s`, `proc.<name>.iodelay_ticks`,
//! `proc.<name>.{majflt,cswch,nvcswch}_per_s`, `proc.<name>.busiest_thread_cpu_pct`
//! (the busiest thread's %CPU in each interval), and `proc.busiest.name` with
//! `proc.busiest.cpu_pct` (the process with the highest mean %CPU).

use super::human_value::plain_or_human;
use super::sysstat_header;
use super::time_of_day::{IntervalTracker, epoch_seconds_of_day, is_meridiem, seconds_of_day};
use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::instance_label::instance_label;
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use std::collections::HashMap;

pub struct Pidstat;

/// More distinct commands than this are not kept (a fork-heavy host): the rest are
/// named in a warning.
const MAX_PROCESSES: usize = 500;

/// The columns read, and the facts they feed.
const METRICS: [(&str, &str, Unit); 10] = [
    ("%CPU", "cpu_pct", Unit::Percent),
    ("%usr", "usr_pct", Unit::Percent),
    ("%system", "sys_pct", Unit::Percent),
    ("%wait", "wait_pct", Unit::Percent),
    ("kB_rd/s", "rkb_per_s", Unit::KilobytesPerSecond),
    ("kB_wr/s", "wkb_per_s", Unit::KilobytesPerSecond),
    ("iodelay", "iodelay_ticks", Unit::Count),
    ("majflt/s", "majflt_per_s", Unit::PerSecond),
    ("cswch/s", "cswch_per_s", Unit::PerSecond),
    ("nvcswch/s", "nvcswch_per_s", Unit::PerSecond),
];
const CPU: usize = 0;
const BUSIEST_THREAD: usize = METRICS.len();

/// Where the columns of the current header are.
struct Layout {
    /// Tokens the time stamp takes (2 with AM/PM).
    stamp: usize,
    /// `-h`'s header (`# Time UID …`): its rows' stamps are one token, or two with AM/PM.
    horizontal: bool,
    /// Index (after the stamp) of each metric's column.
    metrics: [Option<usize>; METRICS.len()],
    tgid: Option<usize>,
    tid: Option<usize>,
    command: usize,
}

impl Layout {
    /// A pidstat header: `<stamp> UID|USER PID|TGID … Command`, or with `-h`
    /// `# Time UID|USER PID|TGID … Command`.
    fn from_header(tokens: &[&[u8]]) -> Option<Layout> {
        let id_at = tokens.iter().position(|t| matches!(*t, b"UID" | b"USER"))?;
        let names = &tokens[id_at..];
        let at = |want: &[u8]| names.iter().position(|n| *n == want);
        let command = at(b"Command")?;
        let process = at(b"PID").or(at(b"TGID"))?;
        // Command is pidstat's last column; every other index then lies before it, so
        // a row long enough to hold the command holds them all.
        (id_at <= 2 && process == 1 && command == names.len() - 1).then_some(())?;
        Some(Layout {
            stamp: id_at,
            horizontal: tokens.starts_with(&[b"#", b"Time"]),
            metrics: METRICS.map(|(column, _, _)| at(column.as_bytes())),
            tgid: at(b"TGID"),
            tid: at(b"TID"),
            command,
        })
    }

    /// Tokens the time stamp of a row (`tokens`) takes.
    fn stamp_tokens(&self, tokens: &[&[u8]]) -> usize {
        if !self.horizontal {
            return self.stamp;
        }
        match tokens.get(1) {
            Some(t) if is_meridiem(t) => 2,
            _ => 1,
        }
    }
}

/// A figure as pidstat prints it, plainly or with `--human`; `None` for the `-1.00`
/// pidstat prints where the kernel keeps no count (a kernel thread's `kB_rd/s` under
/// sysstat 11).
fn figure(token: &[u8]) -> Option<f64> {
    plain_or_human(token).filter(|value| *value >= 0.0)
}

/// One command's series, and its sums within the current interval.
struct Process {
    name: String,
    series: Vec<SeriesBuilder>,
    sums: [Option<f64>; METRICS.len() + 1],
}

#[derive(Default)]
struct State {
    processes: Vec<Process>,
    index: HashMap<String, usize>,
    dropped: usize,
    /// The interval (stamp text) the sums belong to, and its first line.
    current: Option<(Vec<u8>, u64)>,
}

impl State {
    fn process(&mut self, name: &str) -> Option<&mut Process> {
        if let Some(&i) = self.index.get(name) {
            return self.processes.get_mut(i);
        }
        if self.processes.len() >= MAX_PROCESSES {
            self.dropped += 1;
            return None;
        }
        self.index.insert(name.to_string(), self.processes.len());
        self.processes.push(Process {
            name: name.to_string(),
            series: vec![SeriesBuilder::default(); METRICS.len() + 1],
            sums: [None; METRICS.len() + 1],
        });
        self.processes.last_mut()
    }

    /// Ends the interval: each command's sums become one sample.
    fn close_interval(&mut self) {
        let Some((_, line)) = self.current.take() else {
            return;
        };
        for process in &mut self.processes {
            for (series, sum) in process.series.iter_mut().zip(process.sums.iter_mut()) {
                if let Some(value) = sum.take() {
                    series.push(value, line);
                }
            }
        }
    }
}

/// The process name a row's command gives: `|__name` for threads, and with `-l` the
/// program's file name of the command line.
fn command_name(command: &str) -> (bool, Option<String>) {
    let (thread, command) = match command.strip_prefix("|__") {
        Some(rest) => (true, rest),
        None => (false, command),
    };
    let program = command.split_whitespace().next().unwrap_or("");
    // A path (`-l` prints command lines) is named by its file; a kernel thread's name
    // holds `/` too (`kworker/0:1`) and stays whole.
    let program = if program.starts_with('/') || program.starts_with("./") {
        program.rsplit('/').next().unwrap_or(program)
    } else {
        program
    };
    (thread, instance_label(program))
}

impl CaptureParser for Pidstat {
    fn tool(&self) -> &'static str {
        "pidstat"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        head.lines()
            .take(400)
            .any(|line| {
                let tokens: Vec<&[u8]> = line.split_whitespace().map(str::as_bytes).collect();
                tokens.first().is_some_and(|t| {
                    t.first().is_some_and(u8::is_ascii_digit) || matches!(*t, b"Average:" | b"#")
                }) && Layout::from_header(&tokens).is_some()
            })
            .then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut layout: Option<Layout> = None;
        let mut state = State::default();
        let mut averages = State::default();
        let mut interval = IntervalTracker::default();
        let mut saw_header = false;
        let mut span = (0u64, 0u64);
        // Thread rows (`-t`) belong to the process row above them, whatever they are
        // called (a JVM's threads are `C2 CompilerThre`, `GC Thread#0` …).
        let mut owner: Option<String> = None;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let tokens: Vec<&[u8]> = text.split_whitespace().map(str::as_bytes).collect();
            let Some(first) = tokens.first() else {
                continue;
            };
            if *first == b"Linux" {
                sysstat_header::read(line.bytes, line.number, sink);
                continue;
            }
            if let Some(header) = Layout::from_header(&tokens) {
                layout = Some(header);
                saw_header = true;
                continue;
            }
            let Some(layout) = &layout else { continue };
            let average = *first == b"Average:";
            let stamp_tokens = if average {
                1
            } else {
                layout.stamp_tokens(&tokens)
            };
            let fields = &tokens[stamp_tokens.min(tokens.len())..];
            if fields.len() <= layout.command {
                if line.cut_off {
                    sink.warn(line.number, "last row is cut off (truncated file); ignored");
                } else {
                    sink.warn(
                        line.number,
                        "row has fewer columns than its header; ignored",
                    );
                }
                continue;
            }
            let target = if average {
                &mut averages
            } else {
                let meridiem = (stamp_tokens == 2).then(|| tokens[1]);
                let Some(seconds) =
                    seconds_of_day(tokens[0], meridiem).or_else(|| epoch_seconds_of_day(tokens[0]))
                else {
                    sink.warn(line.number, "row does not start with a time stamp; ignored");
                    continue;
                };
                let stamp = tokens[..stamp_tokens].concat();
                if state.current.as_ref().is_some_and(|(s, _)| *s != stamp) {
                    state.close_interval();
                }
                if state.current.is_none() {
                    interval.observe(seconds);
                    state.current = Some((stamp, line.number));
                }
                &mut state
            };
            if target.current.is_none() {
                target.current = Some((Vec::new(), line.number));
            }
            // The rest of the line from the Command column (`-l` command lines hold blanks).
            let start = fields[layout.command].as_ptr() as usize - text.as_ptr() as usize;
            let command = text[start..].trim_end();
            let (thread_flag, Some(name)) = command_name(command) else {
                continue;
            };
            let thread = thread_flag
                || (layout.tgid.is_some_and(|i| fields[i] == b"-") && layout.tid.is_some());
            let name = if thread {
                match &owner {
                    Some(owner) => owner.clone(),
                    None => name,
                }
            } else {
                owner = Some(name.clone());
                name
            };
            let Some(process) = target.process(&name) else {
                continue;
            };
            if thread {
                if let Some(cpu) = layout.metrics[CPU].and_then(|i| figure(fields[i])) {
                    let busiest = &mut process.sums[BUSIEST_THREAD];
                    *busiest = Some(busiest.map_or(cpu, |b| b.max(cpu)));
                }
            } else {
                for (at, sum) in layout.metrics.iter().zip(process.sums.iter_mut()) {
                    if let Some(value) = at.and_then(|i| figure(fields[i])) {
                        *sum = Some(sum.unwrap_or(0.0) + value);
                    }
                }
            }
            if span.0 == 0 {
                span.0 = line.number;
            }
            span.1 = line.number;
        }
        state.close_interval();
        averages.close_interval();
        if !saw_header {
            return Err(ParseError::whole_file(
                "no pidstat header (… UID PID … Command) found",
            ));
        }
        let have_intervals = state
            .processes
            .iter()
            .any(|p| p.series.iter().any(|s| !s.is_empty()));
        let chosen = if have_intervals { state } else { averages };
        if chosen.dropped > 0 {
            sink.warn(
                span.1,
                format!(
                    "more than {MAX_PROCESSES} commands; {} rows of others ignored",
                    chosen.dropped
                ),
            );
        }
        let secs = interval.interval_s();
        let mut busiest: Option<(f64, &str, (u64, u64))> = None;
        for process in &chosen.processes {
            for (i, series) in process.series.iter().enumerate() {
                let (metric, unit) = match i {
                    BUSIEST_THREAD => ("busiest_thread_cpu_pct", Unit::Percent),
                    _ => (METRICS[i].1, METRICS[i].2),
                };
                sink.series(
                    format!("proc.{}.{metric}", process.name),
                    series,
                    unit,
                    secs,
                    Strength::Primary,
                );
            }
            let cpu = &process.series[CPU];
            if !cpu.is_empty() {
                let mean = cpu.finish(secs).avg;
                if busiest.is_none_or(|(best, _, _)| mean > best) {
                    busiest = Some((mean, &process.name, cpu.lines()));
                }
            }
        }
        if let Some((cpu, name, lines)) = busiest {
            sink.put(
                "proc.busiest.name",
                Value::Text(name.to_string()),
                Unit::None,
                lines,
            );
            sink.put(
                "proc.busiest.cpu_pct",
                Value::Number(cpu),
                Unit::Percent,
                lines,
            );
        }
        if sink.fact_count() == 0 {
            return Err(ParseError::whole_file(
                "pidstat header found but no process rows follow it",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_command() {
        assert_eq!(command_name("sysbench"), (false, Some("sysbench".into())));
        assert_eq!(command_name("|__sysbench"), (true, Some("sysbench".into())));
        assert_eq!(
            command_name("/usr/lib/postgresql/15/bin/postgres -D /var/lib/pg"),
            (false, Some("postgres".into()))
        );
        assert_eq!(
            command_name("kworker/0:1-mm_percpu_wq").1,
            Some("kworker_0_1-mm_percpu_wq".into())
        );
    }
}
