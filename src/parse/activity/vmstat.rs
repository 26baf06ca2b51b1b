//! `vmstat <interval> [count]` (procps-ng 3.3 and 4, with or without `-w` wide columns
//! and `-t` time stamps). It is often the only capture a consultant has of the run
//! queue, paging and context switches, so its columns become activity series.
//!
//! ```text
//! procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
//!  r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
//!  3  0      0 23115840  14136 1261128    0    0  2224  2695  332  824 20  5 73  1  1
//!  3  0      0 23115840  14136 1261128    0    0     0     0  508   48 97  1  0  0  2
//! ```
//!
//! With `-w -t` (procps-ng 4 adds the `gu` column in wide mode):
//!
//! ```text
//! --procs-- -----------------------memory---------------------- ---swap-- -----io---- -system-- ----------cpu---------- -----timestamp-----
//!    r    b         swpd         free         buff        cache   si   so    bi    bo   in   cs  us  sy  id  wa  st  gu                 UTC
//!    1    0            0     22814428        14988      1524732    0    0 90424 89056 1859 5100   2  16  82   0   1   0 2026-12-02 13:19:02
//! ```
//!
//! The first row averages everything since boot; when more rows follow it is dropped.
//! Columns are found by header name. Facts (series): `proc.runq` (r), `proc.blocked`
//! (b), `mem.{swpd,free,buff,cache}_kib`, `swap.{in,out}_kib_per_s` (si, so),
//! `io.{bi,bo}_kib_per_s`, `sys.intr_per_s` (in), `sys.cs_per_s` (cs), and the
//! integer `us sy id wa st` columns as fallback `cpu.{util,usr,sys,iowait,steal}_pct`
//! (mpstat and sar, with two decimals, win). `vmstat -S M` prints memory in other
//! units without saying so; the factor is taken from the command line when the
//! capture shows it.

use crate::facts::{SeriesBuilder, Unit};
use crate::parse::activity::time_of_day::{IntervalTracker, seconds_of_day};
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::fields::FieldSlots;
use crate::text::number::{parse_f64, parse_u64};

pub struct Vmstat;

/// The series vmstat yields, in column order; `cpu.util_pct` is computed.
const SERIES: [(&str, Unit, Strength); 17] = [
    ("proc.runq", Unit::Count, Strength::Primary),
    ("proc.blocked", Unit::Count, Strength::Primary),
    ("mem.swpd_kib", Unit::Kibibytes, Strength::Primary),
    ("mem.free_kib", Unit::Kibibytes, Strength::Primary),
    ("mem.buff_kib", Unit::Kibibytes, Strength::Primary),
    ("mem.cache_kib", Unit::Kibibytes, Strength::Primary),
    (
        "swap.in_kib_per_s",
        Unit::KilobytesPerSecond,
        Strength::Primary,
    ),
    (
        "swap.out_kib_per_s",
        Unit::KilobytesPerSecond,
        Strength::Primary,
    ),
    (
        "io.bi_kib_per_s",
        Unit::KilobytesPerSecond,
        Strength::Primary,
    ),
    (
        "io.bo_kib_per_s",
        Unit::KilobytesPerSecond,
        Strength::Primary,
    ),
    ("sys.intr_per_s", Unit::PerSecond, Strength::Primary),
    ("sys.cs_per_s", Unit::PerSecond, Strength::Primary),
    ("cpu.usr_pct", Unit::Percent, Strength::Fallback),
    ("cpu.sys_pct", Unit::Percent, Strength::Fallback),
    ("cpu.iowait_pct", Unit::Percent, Strength::Fallback),
    ("cpu.steal_pct", Unit::Percent, Strength::Fallback),
    ("cpu.util_pct", Unit::Percent, Strength::Fallback),
];
const UTIL: usize = 16;
/// Series whose values `-S` rescales (memory and swap traffic).
const SIZED: std::ops::Range<usize> = 2..8;

/// Which series a header column feeds; `Idle` only enters `cpu.util_pct`; `Unused`
/// is a vmstat column perfsage does not keep (`inact`, `active`, `gu`); `Unknown` is
/// not a vmstat column (the time zone over `-t` stamps).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    Series(usize),
    Idle,
    Unused,
    Unknown,
}

fn column_of(name: &[u8]) -> Column {
    let series = match name {
        b"r" => 0,
        b"b" => 1,
        b"swpd" => 2,
        b"free" => 3,
        b"buff" => 4,
        b"cache" => 5,
        b"si" => 6,
        b"so" => 7,
        b"bi" => 8,
        b"bo" => 9,
        b"in" => 10,
        b"cs" => 11,
        b"us" => 12,
        b"sy" => 13,
        b"wa" => 14,
        b"st" => 15,
        b"id" => return Column::Idle,
        b"inact" | b"active" | b"gu" => return Column::Unused,
        _ => return Column::Unknown,
    };
    Column::Series(series)
}

/// Widest row: `-w -t` with `gu` has 18 columns and a two-token time stamp.
const MAX_FIELDS: usize = 24;

/// The current header: what each value column feeds, and whether rows end in a
/// `-t` time stamp (`2026-12-02 13:19:02`).
struct Layout {
    columns: Vec<Column>,
    stamped: bool,
}

impl Layout {
    fn from_header(names: &[&[u8]]) -> Layout {
        let mut columns: Vec<Column> = names.iter().map(|n| column_of(n)).collect();
        // With -t the header ends in the time zone name (`UTC`, `CST`) over the stamp.
        let stamped = names.len() > 2 && columns.last() == Some(&Column::Unknown);
        if stamped {
            columns.pop();
        }
        Layout { columns, stamped }
    }

    fn row_width(&self) -> usize {
        self.columns.len() + if self.stamped { 2 } else { 0 }
    }
}

/// One row's values, per series (`NaN` where the header lacks the column).
type Row = [f64; SERIES.len()];

impl CaptureParser for Vmstat {
    fn tool(&self) -> &'static str {
        "vmstat"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut group_line = false;
        for line in head.lines().take(200) {
            let trimmed = line.trim_start_matches([' ', '-']);
            if trimmed.starts_with("procs") && line.contains("-memory-") && line.contains("-swap-")
            {
                group_line = true;
            } else if group_line && is_column_header(line) {
                return Some(90);
            }
        }
        None
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let size_factor = sink.command().map_or(1.0, unit_factor_to_kib);
        let command_interval = sink.command().and_then(delay_from_command);
        let mut layout: Option<Layout> = None;
        let mut series: Vec<SeriesBuilder> = vec![SeriesBuilder::default(); SERIES.len()];
        let mut since_boot: Option<(Row, u64)> = None;
        let mut rows = 0u64;
        let mut interval = IntervalTracker::default();

        while let Some(line) = lines.next_line()? {
            let mut slots = FieldSlots::<MAX_FIELDS>::default();
            let (f, n) = slots.split(line.bytes);
            if n == 0 {
                continue;
            }
            let n = n.min(MAX_FIELDS);
            if f[0] == b"r" && n > 2 && f[1] == b"b" {
                layout = Some(Layout::from_header(&f[..n]));
                continue;
            }
            let Some(layout) = &layout else { continue };
            if parse_u64(f[0]).is_none() {
                // The group line (`procs ---memory---`) repeated over a new header.
                continue;
            }
            // A last row without its line end is kept when it has every field: a file
            // copied or saved without a final newline is complete, a cut one rarely
            // ends exactly at a field's end.
            if n != layout.row_width() {
                let message = if line.cut_off {
                    "last row is cut off (truncated file); ignored".to_string()
                } else {
                    format!("row has {n} fields, the header has {}", layout.row_width())
                };
                sink.warn(line.number, message);
                continue;
            }
            let mut row: Row = [f64::NAN; SERIES.len()];
            let mut idle = None;
            let mut complete = true;
            for (column, raw) in layout.columns.iter().zip(&f[..n]) {
                let target = match column {
                    Column::Unused | Column::Unknown => continue,
                    Column::Series(i) => &mut row[*i],
                    Column::Idle => idle.insert(0.0),
                };
                match parse_f64(raw) {
                    Some(v) => *target = v,
                    None => complete = false,
                }
            }
            if !complete {
                sink.warn(
                    line.number,
                    "row holds a value that is not a number; ignored",
                );
                continue;
            }
            if let Some(idle) = idle {
                let iowait = if row[14].is_nan() { 0.0 } else { row[14] };
                row[UTIL] = (100.0 - idle - iowait).clamp(0.0, 100.0);
            }
            for value in &mut row[SIZED] {
                *value *= size_factor;
            }
            if layout.stamped
                && let Some(seconds) = seconds_of_day(f[n - 1], None)
            {
                interval.observe(seconds);
            }
            rows += 1;
            if rows == 1 {
                since_boot = Some((row, line.number));
                continue;
            }
            since_boot = None;
            push_row(&mut series, &row, line.number);
        }

        if layout.is_none() {
            return Err(ParseError::whole_file(
                "no vmstat column header (r b swpd free …) found",
            ));
        }
        if rows == 0 {
            return Err(ParseError::whole_file(
                "vmstat header found but no rows follow it",
            ));
        }
        if let Some((row, line)) = since_boot {
            push_row(&mut series, &row, line);
            sink.warn(
                line,
                "only one row, which averages the time since boot rather than the load; capture with an interval and a count (vmstat 10 6)",
            );
        }
        let secs = interval.interval_s().or(command_interval);
        for ((key, unit, strength), builder) in SERIES.iter().zip(&series) {
            sink.series(*key, builder, *unit, secs, *strength);
        }
        Ok(())
    }
}

fn push_row(series: &mut [SeriesBuilder], row: &Row, line: u64) {
    for (builder, value) in series.iter_mut().zip(row) {
        if !value.is_nan() {
            builder.push(*value, line);
        }
    }
}

/// ` r  b   swpd   free …  cs us sy id`: the column header line.
fn is_column_header(line: &str) -> bool {
    let mut tokens = line.split_whitespace();
    tokens.next() == Some("r")
        && tokens.next() == Some("b")
        && line.split_whitespace().any(|t| t == "cs")
        && line.split_whitespace().any(|t| t == "free")
}

/// `vmstat -S M 5` prints memory and swap in MiB: the factor that turns the printed
/// numbers into KiB (`k` = 1000 bytes, `K` = 1024, `m` = 10⁶, `M` = 2²⁰).
fn unit_factor_to_kib(command: &str) -> f64 {
    let mut tokens = command.split_whitespace();
    while let Some(token) = tokens.next() {
        let unit = match token {
            "-S" | "--unit" => tokens.next(),
            _ => token
                .strip_prefix("-S")
                .or_else(|| token.strip_prefix("--unit=")),
        };
        if let Some(unit) = unit {
            return match unit {
                "k" => 1000.0 / 1024.0,
                "m" => 1_000_000.0 / 1024.0,
                "M" => 1024.0,
                _ => 1.0,
            };
        }
    }
    1.0
}

/// The delay in `vmstat [options] <delay> [count]`: the first bare number after the
/// program name that is not an option's argument.
fn delay_from_command(command: &str) -> Option<f64> {
    let mut tokens = command.split_whitespace();
    tokens.find(|t| t.ends_with("vmstat"))?;
    let mut skip_next = false;
    for token in tokens {
        if std::mem::take(&mut skip_next) {
            continue;
        }
        if matches!(
            token,
            "-S" | "--unit" | "-p" | "--partition" | "-c" | "--count"
        ) {
            skip_next = true;
            continue;
        }
        if let Some(delay) = parse_u64(token.as_bytes()).filter(|d| *d > 0) {
            return Some(delay as f64);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_unit_and_delay_from_the_command() {
        assert_eq!(unit_factor_to_kib("vmstat -S M 5"), 1024.0);
        assert_eq!(unit_factor_to_kib("vmstat -SK 5"), 1.0);
        assert_eq!(unit_factor_to_kib("vmstat 5"), 1.0);
        assert_eq!(delay_from_command("vmstat -S M 5 10"), Some(5.0));
        assert_eq!(delay_from_command("LC_ALL=C vmstat -w -t 2"), Some(2.0));
        assert_eq!(delay_from_command("vmstat"), None);
    }
}
