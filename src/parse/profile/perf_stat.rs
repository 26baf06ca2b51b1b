//! `perf stat`: counters over a run, the first thing a Linux performance checklist
//! asks for (IPC, cache misses, context switches). Real output, perf 6.1:
//!
//! ```text
//!  Performance counter stats for 'system wide':
//!
//!           4,019.94 msec cpu-clock                        #    2.000 CPUs utilized
//!          2,611,865      context-switches                 #  649.727 K/sec
//!    <not supported>      cycles
//!
//!        2.009975645 seconds time elapsed
//! ```
//!
//! Read as well: `-e a,b,c` lists, `-a`, `-B` thousands separators, multiplexed rows
//! ending `(50.00%)`, `-r` noise, metric-group labels (`TopdownL1 (cpu_core)  # …`),
//! interval mode `-I <ms>` (a `# time counts unit events` header and the interval's
//! end in seconds first on every row: each counter becomes a series, and the run's
//! totals are the intervals' sums) and `-x,` CSV (see `perf_stat_row`; CSV prints no
//! elapsed time, so it is task-clock ÷ perf's `CPUs utilized`, which perf worked out
//! from the elapsed time). `-A` rows (`CPU3  1,234  context-switches`) give each
//! CPU's figures under `perf.stat.cpu.<n>.*` and, summed, the totals perf prints
//! without `-A`; rows per core, die or socket (`--per-core` …) are skipped with one
//! warning. `<not supported>` and `<not counted>` rows give no count;
//! the events that printed them are listed in `perf.stat.unsupported` and
//! `perf.stat.not_counted`. Rates are per second of elapsed time (the run's
//! `seconds time elapsed`, or each interval's length); an interval less than half as
//! long as the first (the stub `-I` prints when the command ends) counts in the totals
//! but not in the series.

use super::perf_stat_counters::{Counted, Counter, Counters, Derived};
use super::perf_stat_row::{CounterRow, Reading, RowShape, csv_row, perf_number, text_row};
use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use std::collections::BTreeMap;

pub struct PerfStat;

const HEADER: &str = "Performance counter stats for";

/// `#           time             counts unit events` (`-I`), also with a CPU column.
fn is_interval_header(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('#') else {
        return false;
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    words.first() == Some(&"time") && words.contains(&"counts") && words.last() == Some(&"events")
}

/// CSV output is recognised when its first rows all read as counter rows.
fn looks_like_csv(head: &str) -> bool {
    let rows: Vec<&str> = head
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(5)
        .collect();
    !rows.is_empty()
        && rows
            .iter()
            .all(|r| matches!(csv_row(r), RowShape::Counter(_)))
}

/// The layout the capture turned out to have, decided by its first counter row.
#[derive(Clone, Copy, PartialEq)]
enum Layout {
    Text,
    Csv,
}

/// Everything one `perf stat` output says, gathered while streaming it.
#[derive(Default)]
struct Run {
    target: Option<(String, u64)>,
    elapsed: Option<Counted>,
    totals: Counters,
    /// `-A`: each CPU's counters over the whole run (intervals summed).
    per_cpu: BTreeMap<u32, Counters>,
    intervals: Intervals,
    unsupported: Vec<String>,
    not_counted: Vec<String>,
    unavailable_line: u64,
    least_counted_pct: Option<(f64, u64)>,
    per_unit_rows: u64,
    counter_rows: u64,
    /// The first line that was none of perf stat's, for the error when nothing was.
    first_unread_line: Option<u64>,
}

/// Interval mode: the interval being read and the series built so far.
#[derive(Default)]
struct Intervals {
    current: Option<(f64, Counters)>,
    previous_end: f64,
    first_length: Option<f64>,
    last_end: Option<Counted>,
    series: Vec<(&'static str, Unit, SeriesBuilder)>,
}

impl Intervals {
    fn push(&mut self, name: &'static str, unit: Unit, value: Option<Derived>) {
        let Some(d) = value else { return };
        let at = match self.series.iter().position(|(n, _, _)| *n == name) {
            Some(at) => at,
            None => {
                self.series.push((name, unit, SeriesBuilder::default()));
                self.series.len() - 1
            }
        };
        self.series[at].2.push(d.value, d.lines.0);
    }

    /// Closes the interval being read: its figures go into the series, its counts
    /// into the run's totals.
    fn close(&mut self, totals: &mut Counters) {
        let Some((end, counters)) = self.current.take() else {
            return;
        };
        let length = end - self.previous_end;
        self.previous_end = end;
        totals.absorb(&counters);
        let first = *self.first_length.get_or_insert(length);
        if length <= 0.0 || length < first / 2.0 {
            return;
        }
        let line = Counter::ALL
            .iter()
            .filter_map(|c| counters.get(*c))
            .map(|c| c.line)
            .max()
            .unwrap_or(0);
        let span = Some(Counted {
            value: length,
            line,
        });
        self.push("cpus_utilized", Unit::Ratio, counters.cpus_utilized(span));
        self.push("ipc", Unit::Ratio, counters.ipc());
        self.push("cache_miss_pct", Unit::Percent, counters.cache_miss_pct());
        self.push("branch_miss_pct", Unit::Percent, counters.branch_miss_pct());
        for counter in Counter::ALL {
            if let Some(name) = counter.rate_name() {
                self.push(name, Unit::PerSecond, counters.per_second(counter, span));
            }
        }
    }
}

impl Run {
    fn row(&mut self, row: CounterRow, line: u64) {
        self.counter_rows += 1;
        let value = match row.reading {
            Reading::Counted(v) => v,
            Reading::NotSupported | Reading::NotCounted => {
                let list = if row.reading == Reading::NotSupported {
                    &mut self.unsupported
                } else {
                    &mut self.not_counted
                };
                if !list.contains(&row.event) {
                    list.push(row.event);
                }
                self.unavailable_line = self.unavailable_line.max(line);
                return;
            }
        };
        if let Some(pct) = row.counted_pct
            && pct < 100.0
            && self.least_counted_pct.is_none_or(|(least, _)| pct < least)
        {
            self.least_counted_pct = Some((pct, line));
        }
        let Some(counter) = Counter::from_event(&row.event) else {
            return;
        };
        if let Some(cpu) = row.cpu {
            self.per_cpu
                .entry(cpu)
                .or_default()
                .add(counter, value, &row, line);
        }
        // A `-A` row's comment speaks of its CPU only: the sums take the counts.
        let add = |counters: &mut Counters| match row.cpu {
            Some(_) => counters.add_count(counter, value, line),
            None => counters.add(counter, value, &row, line),
        };
        match row.timestamp {
            Some(end) => {
                if self
                    .intervals
                    .current
                    .as_ref()
                    .is_some_and(|(t, _)| *t != end)
                {
                    self.intervals.close(&mut self.totals);
                }
                let (_, counters) = self
                    .intervals
                    .current
                    .get_or_insert_with(|| (end, Counters::default()));
                add(counters);
                self.intervals.last_end = Some(Counted { value: end, line });
            }
            None => add(&mut self.totals),
        }
    }

    fn finish(mut self, sink: &mut FactSink, last_line: u64) -> Result<(), ParseError> {
        self.intervals.close(&mut self.totals);
        if self.counter_rows == 0 {
            if self.per_unit_rows > 0 {
                return Err(ParseError::whole_file(
                    "only per-core, per-die or per-socket rows (--per-core …), which perfsage does not read; run perf stat without them (or with -A)",
                ));
            }
            let message = "no perf stat counter rows (count, unit, event) found";
            return Err(match self.first_unread_line {
                Some(line) => ParseError::at(line, format!("{message}; this line is not one")),
                None => ParseError::whole_file(message),
            });
        }
        if let Some((target, line)) = self.target.take() {
            sink.text("perf.stat.target", target, line);
        }
        let elapsed = self
            .elapsed
            .or(self.intervals.last_end)
            .or_else(|| self.totals.elapsed_from_cpus_utilized())
            .or_else(|| {
                // `-x, -A`: each CPU's comment was worked out from the elapsed time.
                (self.intervals.last_end.is_none())
                    .then(|| {
                        self.per_cpu
                            .values()
                            .find_map(Counters::elapsed_from_cpus_utilized)
                    })
                    .flatten()
            });
        if let Some(e) = elapsed {
            sink.number("perf.stat.elapsed_s", e.value, Unit::Seconds, e.line);
        } else if Counter::ALL.iter().any(|c| {
            (c.rate_name().is_some() || *c == Counter::CpuClock) && self.totals.get(*c).is_some()
        }) {
            sink.warn(
                last_line,
                "no `seconds time elapsed` line (cut off?): rates per second and CPUs utilized are not worked out",
            );
        }
        emit_counters(sink, "perf.stat", &self.totals, elapsed);
        for (cpu, counters) in &self.per_cpu {
            emit_counters(sink, &format!("perf.stat.cpu.{cpu}"), counters, elapsed);
        }
        for (name, unit, builder) in &self.intervals.series {
            let interval = self
                .intervals
                .first_length
                .map(|l| (l * 1000.0).round() / 1000.0);
            sink.series(
                format!("perf.stat.interval.{name}"),
                builder,
                *unit,
                interval,
                Strength::Primary,
            );
        }
        if !self.unsupported.is_empty() {
            sink.text(
                "perf.stat.unsupported",
                self.unsupported.join(","),
                self.unavailable_line,
            );
        }
        if !self.not_counted.is_empty() {
            sink.text(
                "perf.stat.not_counted",
                self.not_counted.join(","),
                self.unavailable_line,
            );
        }
        if let Some((pct, line)) = self.least_counted_pct {
            sink.number("perf.stat.least_counted_pct", pct, Unit::Percent, line);
        }
        Ok(())
    }
}

/// The figures of `counters` (the run's totals, or one CPU's) under `prefix`.
fn emit_counters(sink: &mut FactSink, prefix: &str, t: &Counters, elapsed: Option<Counted>) {
    if let Some(clock) = t.get(Counter::CpuClock) {
        sink.number(
            format!("{prefix}.task_clock_ms"),
            clock.value,
            Unit::Milliseconds,
            clock.line,
        );
    }
    let mut derived = |name: &str, unit: Unit, d: Option<Derived>| {
        if let Some(d) = d {
            sink.put(
                format!("{prefix}.{name}"),
                Value::Number(d.value),
                unit,
                d.lines,
            );
        }
    };
    derived("cpus_utilized", Unit::Ratio, t.cpus_utilized(elapsed));
    for counter in Counter::ALL {
        if let (Some(name), Some(c)) = (counter.count_name(), t.get(counter)) {
            derived(
                name,
                Unit::Count,
                Some(Derived {
                    value: c.value,
                    lines: (c.line, c.line),
                }),
            );
        }
        if let Some(name) = counter.rate_name() {
            derived(name, Unit::PerSecond, t.per_second(counter, elapsed));
        }
    }
    derived("ipc", Unit::Ratio, t.ipc());
    derived("cache_miss_pct", Unit::Percent, t.cache_miss_pct());
    derived("branch_miss_pct", Unit::Percent, t.branch_miss_pct());
}

/// `Performance counter stats for 'sleep 1':` → `sleep 1`; `process id '42'` →
/// `process id 42`.
fn target(line: &str) -> Option<String> {
    let rest = line.split_once(HEADER)?.1.trim().trim_end_matches(':');
    let quoted = rest.replace('\'', "");
    let target = quoted.trim();
    (!target.is_empty()).then(|| target.to_string())
}

/// `1.002800699 seconds time elapsed`, also `1.0028 +- 0.0012 seconds time elapsed`.
fn elapsed_seconds(line: &str) -> Option<f64> {
    if !line.contains("seconds time elapsed") {
        return None;
    }
    perf_number(line.split_whitespace().next()?)
}

impl CaptureParser for PerfStat {
    fn tool(&self) -> &'static str {
        "perf-stat"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines().filter(|l| !l.trim().is_empty()).take(200);
        if lines.any(|l| l.contains(HEADER) || is_interval_header(l)) {
            return Some(95);
        }
        looks_like_csv(head).then_some(85)
    }

    fn starts_section(&self, line: &str) -> bool {
        line.trim_start().starts_with(HEADER)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut run = Run::default();
        let mut layout = None;
        let mut last_line = 0;
        while let Some(line) = lines.next_line()? {
            last_line = line.number;
            let text = String::from_utf8_lossy(line.bytes);
            let trimmed = text.trim();
            if trimmed.is_empty() || is_interval_header(trimmed) {
                continue;
            }
            if trimmed.starts_with(HEADER) {
                if run.target.is_some() || run.counter_rows > 0 {
                    sink.warn(
                        line.number,
                        "a second perf stat output starts here; only the first is read",
                    );
                    break;
                }
                run.target = target(trimmed).map(|t| (t, line.number));
                continue;
            }
            if let Some(seconds) = elapsed_seconds(trimmed) {
                run.elapsed = Some(Counted {
                    value: seconds,
                    line: line.number,
                });
                continue;
            }
            if trimmed.contains(" seconds user") || trimmed.contains(" seconds sys") {
                continue;
            }
            if line.cut_off {
                sink.warn_cut_off(line.number);
                continue;
            }
            let shape = match layout {
                Some(Layout::Csv) => csv_row(trimmed),
                Some(Layout::Text) => text_row(&text),
                None => match csv_row(trimmed) {
                    RowShape::Other => text_row(&text),
                    shape => {
                        layout = Some(Layout::Csv);
                        shape
                    }
                },
            };
            match shape {
                RowShape::Counter(row) => {
                    layout.get_or_insert(Layout::Text);
                    run.row(row, line.number);
                }
                RowShape::PerUnit => {
                    if run.per_unit_rows == 0 {
                        sink.warn(
                            line.number,
                            "rows per core, die or socket (--per-core, --per-socket) are not read; run perf stat without them (or with -A) for the totals",
                        );
                    }
                    run.per_unit_rows += 1;
                }
                RowShape::MetricContinuation => {}
                RowShape::Other => {
                    run.first_unread_line.get_or_insert(line.number);
                    sink.warn(line.number, "not a perf stat counter row; ignored");
                }
            }
        }
        run.finish(sink, last_line)
    }
}
