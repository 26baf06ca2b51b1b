//! `mpstat -P ALL <interval>` (sysstat 10–12). Columns are found by header name, so
//! the sysstat 11 and 12 layouts and 12- or 24-hour time stamps all parse:
//!
//! ```text
//! Linux 6.1.0-27-amd64 (perf-lab)   12/02/2026   _x86_64_   (2 CPU)
//!
//! 12:40:11     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
//! 12:40:12     all   99.50    0.00    0.50    0.00    0.00    0.00    0.00    0.00    0.00    0.00
//! 12:40:12       0   99.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00
//! 12:40:12       1  100.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00
//! …
//! Average:     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
//! Average:     all   99.60    0.00    0.40    0.00    0.00    0.00    0.00    0.00    0.00    0.00
//! ```
//!
//! Facts: `cpu.util_pct` (100 − %idle − %iowait: time waiting for I/O is idle time), `cpu.{usr,sys,iowait,steal,irq,soft}_pct` for
//! all CPUs and `cpu.<n>.{util,soft}_pct` per CPU, each a series over the intervals.
//! `Average:` rows are used only when a file has no interval rows.
//!
//! Other layouts of the same report: `-T` adds `CORE SOCK NODE` columns after `CPU`
//! (the `all` row leaves them blank), `-U` stamps rows with seconds since the epoch,
//! and `-N`/`-A` add a per-node section headed `NODE`, whose rows are not CPUs: its
//! `all` rows stand for the whole machine only in a file without CPU sections
//! (`mpstat -N ALL`), and its node rows are not read.
//!
//! Only the columns some fact needs are read as numbers, and the header that mpstat
//! repeats before every interval is read once; a day-long capture is mostly rows.

use super::sysstat_header;
use super::whole_row::has_two_decimals;
use crate::facts::{SeriesBuilder, Unit};
use crate::parse::activity::time_of_day::{
    IntervalTracker, epoch_seconds_of_day, is_meridiem, seconds_of_day,
};
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::byte_mask::holds;
use crate::text::fields::{FieldSlots, is_blank};
use crate::text::lines::Line;
use crate::text::number::parse_u64;
use crate::text::row_shape::{RowFields, RowShape, ShapedRow};

pub struct Mpstat;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Column {
    Usr,
    Sys,
    Iowait,
    Irq,
    Soft,
    Steal,
    Idle,
    Other,
}

impl Column {
    /// The column a header names (`%usr`), or a JSON key (`usr`) names.
    pub(super) fn from_header(name: &[u8]) -> Column {
        match name.strip_prefix(b"%").unwrap_or(name) {
            b"usr" | b"user" => Column::Usr,
            b"sys" | b"system" => Column::Sys,
            b"iowait" => Column::Iowait,
            b"irq" => Column::Irq,
            b"soft" => Column::Soft,
            b"steal" => Column::Steal,
            b"idle" => Column::Idle,
            _ => Column::Other,
        }
    }
}

/// The all-CPU series, in the order of `ALL_KEYS`.
pub(super) const ALL_KEYS: [(Column, &str); 6] = [
    (Column::Usr, "cpu.usr_pct"),
    (Column::Sys, "cpu.sys_pct"),
    (Column::Iowait, "cpu.iowait_pct"),
    (Column::Steal, "cpu.steal_pct"),
    (Column::Irq, "cpu.irq_pct"),
    (Column::Soft, "cpu.soft_pct"),
];

/// Where each column of interest sits in the current header.
#[derive(Clone, Copy)]
struct Layout {
    /// `CORE SOCK NODE` columns between `CPU` and the figures (`-T`): CPU rows fill
    /// them, the `all` row leaves them blank.
    topology: usize,
    value_count: usize,
    idle: usize,
    iowait: Option<usize>,
    soft: Option<usize>,
    all: [Option<usize>; ALL_KEYS.len()],
}

impl Layout {
    fn from_header(names: &[&[u8]]) -> Option<Layout> {
        let topology = names
            .iter()
            .take_while(|c| matches!(**c, b"CORE" | b"SOCK" | b"NODE"))
            .count();
        let columns: Vec<Column> = names[topology..]
            .iter()
            .map(|c| Column::from_header(c))
            .collect();
        let at = |want: Column| columns.iter().position(|c| *c == want);
        Some(Layout {
            topology,
            value_count: columns.len(),
            idle: at(Column::Idle)?,
            iowait: at(Column::Iowait),
            soft: at(Column::Soft),
            all: ALL_KEYS.map(|(column, _)| at(column)),
        })
    }

    /// The busy share and the all-CPU series' values (in the order of `ALL_KEYS`; 0
    /// where the header lacks the column) of an `all` row whose columns start at
    /// field `first`; `None` when one of them is not a number.
    #[inline]
    fn all_row<'a>(
        &self,
        f: &(impl RowFields<'a> + ?Sized),
        first: usize,
    ) -> Option<(f64, [f64; ALL_KEYS.len()])> {
        let column = |i: usize| f.number(first + i);
        let idle = column(self.idle)?;
        let iowait = match self.iowait {
            Some(i) => column(i)?,
            None => 0.0,
        };
        let mut values = [0.0; ALL_KEYS.len()];
        for (value, at) in values.iter_mut().zip(self.all) {
            if let Some(i) = at {
                *value = column(i)?;
            }
        }
        Some(((100.0 - idle - iowait).clamp(0.0, 100.0), values))
    }
}

/// The header line from its `CPU` column on (`cpu` is that field of `line`): what
/// tells one header from the next, since the time stamp before it changes.
fn columns_text<'a>(line: &'a [u8], cpu: &[u8]) -> &'a [u8] {
    &line[cpu.as_ptr() as usize - line.as_ptr() as usize..]
}

/// Whether `line` is a time stamp, blanks, then `columns`: the header read last, whose
/// `CPU` column came second, repeated before the next interval. Known without
/// splitting it; anything else (`Linux` or `CPU` first, blanks first) is split.
fn repeats_header(line: &[u8], columns: &[u8]) -> bool {
    // Rows end in a digit, headers in a column name: most lines fail on the last byte.
    if line.last() != columns.last() {
        return false;
    }
    let Some(stamp) = line.strip_suffix(columns) else {
        return false;
    };
    let Some(end) = stamp.iter().position(|b| is_blank(*b)) else {
        return false;
    };
    let (first, blanks) = stamp.split_at(end);
    !first.is_empty() && first != b"Linux" && first != b"CPU" && blanks.iter().all(|b| is_blank(*b))
}

#[derive(Default)]
struct CpuSeries {
    util: SeriesBuilder,
    soft: SeriesBuilder,
}

const MAX_FIELDS: usize = 24;

/// What the rows read so far add up to.
struct Collected {
    all_util: SeriesBuilder,
    all: Vec<SeriesBuilder>,
    per_cpu: Vec<CpuSeries>,
    interval: IntervalTracker,
    interval_rows: u64,
    /// Whether rows other than `all` are CPUs (in the `NODE` section they are nodes).
    cpu_rows: bool,
}

impl Collected {
    fn new(cpu_rows: bool) -> Collected {
        Collected {
            all_util: SeriesBuilder::default(),
            all: vec![SeriesBuilder::default(); ALL_KEYS.len()],
            per_cpu: Vec::new(),
            interval: IntervalTracker::default(),
            interval_rows: 0,
            cpu_rows,
        }
    }

    fn is_empty(&self) -> bool {
        self.all_util.is_empty() && self.per_cpu.iter().all(|c| c.util.is_empty())
    }

    /// Reads one row under `layout`, split or cut by the header's shape (`f`, its
    /// first `MAX_FIELDS` fields).
    #[inline(always)]
    fn row<'a>(
        &mut self,
        layout: &Layout,
        f: &(impl RowFields<'a> + ?Sized),
        line: &Line,
        sink: &mut FactSink,
    ) {
        let n = f.count();
        let value_count = layout.value_count;
        let complete = !line.cut_off || has_two_decimals(f.get(n - 1));
        if n < value_count + 2 || !complete {
            if line.cut_off {
                sink.warn(line.number, "last row is cut off (truncated file); ignored");
            } else {
                sink.warn(
                    line.number,
                    format!("row has {n} fields, expected {}", value_count + 2),
                );
            }
            return;
        }
        // (A pattern rather than `==`, which calls `memcmp` for three bytes.)
        let is_all = matches!(f.get(n - value_count - 1), [b'a', b'l', b'l']);
        if !is_all && !self.cpu_rows {
            return;
        }
        let Some(label_at) = (n - value_count - 1)
            .checked_sub(if is_all { 0 } else { layout.topology })
            .filter(|at| *at > 0)
        else {
            sink.warn(
                line.number,
                format!(
                    "row has {n} fields, expected {}",
                    value_count + 2 + layout.topology
                ),
            );
            return;
        };
        let label = f.get(label_at);
        let stamp = f.get(0);
        let is_average = stamp.ends_with(b":") && seconds_of_day(stamp, None).is_none();
        if is_average && self.interval_rows > 0 {
            return;
        }
        if !is_average {
            // The interval comes from `all` rows; other rows only need to look timed.
            let timed = if is_all {
                let meridiem = (label_at == 2).then(|| f.get(1));
                seconds_of_day(stamp, meridiem)
                    .or_else(|| epoch_seconds_of_day(stamp))
                    .map(|s| self.interval.observe(s))
                    .is_some()
            } else {
                stamp.first().is_some_and(u8::is_ascii_digit)
            };
            if !timed {
                sink.warn(line.number, "row does not start with a time stamp; ignored");
                return;
            }
        }
        let first = n - value_count;
        let bad_row = |sink: &mut FactSink| {
            let message = if line.cut_off {
                "last row is cut off (truncated file); ignored"
            } else {
                "row holds a value that is not a number; ignored"
            };
            sink.warn(line.number, message);
        };
        if is_all {
            let Some((busy, values)) = layout.all_row(f, first) else {
                bad_row(sink);
                return;
            };
            if !is_average {
                self.interval_rows += 1;
            }
            self.push_all(layout, busy, values, line.number);
            return;
        }
        let Some(cpu) = parse_u64(label).filter(|c| *c < 65_536) else {
            return;
        };
        let column = |i: usize| f.number(first + i);
        // (`match` rather than `map_or`: the compiler keeps a closure passed to
        // `map_or` out of line, a call per figure.)
        let (Some(idle), Some(iowait), Some(soft)) = (
            column(layout.idle),
            match layout.iowait {
                Some(i) => column(i),
                None => Some(0.0),
            },
            match layout.soft {
                Some(i) => column(i).map(Some),
                None => Some(None),
            },
        ) else {
            bad_row(sink);
            return;
        };
        let cpu = cpu as usize;
        if self.per_cpu.len() <= cpu {
            self.per_cpu.resize_with(cpu + 1, CpuSeries::default);
        }
        let busy = (100.0 - idle - iowait).clamp(0.0, 100.0);
        self.per_cpu[cpu].push(busy, soft, line.number);
    }

    /// Adds an `all` row's figures to the all-CPU series. Out of line: each
    /// `SeriesBuilder::push` inlines into it, and eight copies of that in the row
    /// loop cost more than one call per row.
    #[inline(never)]
    fn push_all(&mut self, layout: &Layout, busy: f64, values: [f64; ALL_KEYS.len()], line: u64) {
        self.all_util.push(busy, line);
        for ((at, series), value) in layout.all.iter().zip(self.all.iter_mut()).zip(values) {
            if at.is_some() {
                series.push(value, line);
            }
        }
    }
}

impl CpuSeries {
    /// Adds one CPU's row (out of line, as `Collected::push_all`).
    #[inline(never)]
    fn push(&mut self, busy: f64, soft: Option<f64>, line: u64) {
        self.util.push(busy, line);
        if let Some(soft) = soft {
            self.soft.push(soft, line);
        }
    }
}

/// Whether a row cut by the header's shape is one the general path would read as a
/// row: no `CPU` field (a header), not the `Linux …` line, and ending in a figure
/// (rows that do not may be the `NODE` section's header).
#[inline(always)]
fn is_plain_row(line: &[u8], row: &ShapedRow) -> bool {
    line.last().is_some_and(u8::is_ascii_digit) && row.field(0) != b"Linux" && !holds(line, b'C')
}

impl CaptureParser for Mpstat {
    fn tool(&self) -> &'static str {
        "mpstat"
    }

    /// Each interval's block (`mpstat -P ALL`) repeats the column header.
    fn reads_blocks_alone(&self) -> bool {
        true
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        head.lines()
            .take(200)
            .any(|line| is_cpu_header(line) || is_interrupt_header(line))
            .then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut layout: Option<Layout> = None;
        // The shape of the header `layout` was read from: rows that have it are cut
        // by it instead of split.
        let mut shape: Option<RowShape> = None;
        // The header `layout` was read from: where its `CPU` column is, and the text from there.
        let mut header_key: (usize, Vec<u8>) = (0, Vec::new());
        let mut collected = Collected::new(true);
        // The `NODE` section's rows, and whether the rows being read belong to it.
        let mut nodes = Collected::new(false);
        let mut in_nodes = false;
        let mut saw_header = false;
        let mut saw_interrupts = false;

        while let Some(line) = lines.next_line()? {
            if header_key.0 == 1 && repeats_header(line.bytes, &header_key.1) {
                continue;
            }
            if let (Some(layout), Some(shape)) = (&layout, &shape)
                && let Some(row) = shape.cut(line.bytes)
                && is_plain_row(line.bytes, &row)
            {
                let target = if in_nodes { &mut nodes } else { &mut collected };
                target.row(layout, &row, &line, sink);
                continue;
            }
            let mut slots = FieldSlots::<MAX_FIELDS>::default();
            let (f, n) = slots.split(line.bytes);
            if n == 0 {
                continue;
            }
            if f[0] == b"Linux" && sysstat_header::read(line.bytes, line.number, sink) {
                continue;
            }
            let all_fields = n;
            let n = n.min(MAX_FIELDS);
            // Rows end in a figure, headers in a column name.
            let node_at = if line.bytes.last().is_some_and(u8::is_ascii_digit) {
                None
            } else {
                f[1..n.min(3)]
                    .iter()
                    .position(|t| *t == b"NODE")
                    .map(|i| i + 1)
            };
            if let Some(cpu_at) = node_at.or_else(|| f[..n].iter().position(|t| *t == b"CPU")) {
                // A header row. Only the utilisation sections (they have %idle) are
                // read; other sections (-I interrupts) reset until the next one.
                in_nodes = node_at.is_some();
                let text = columns_text(line.bytes, f[cpu_at]);
                if header_key.0 != cpu_at || header_key.1 != text {
                    header_key = (cpu_at, text.to_vec());
                    layout = Layout::from_header(&f[cpu_at + 1..n]);
                    saw_header |= layout.is_some();
                    saw_interrupts |=
                        layout.is_none() && f[cpu_at + 1..n].iter().all(|t| t.ends_with(b"/s"));
                    // Rows are cut by the shape only when they would not be split
                    // past `MAX_FIELDS` fields.
                    shape = RowShape::of(line.bytes)
                        .filter(|_| layout.is_some() && all_fields <= MAX_FIELDS);
                }
                continue;
            }
            let Some(layout) = &layout else { continue };
            let target = if in_nodes { &mut nodes } else { &mut collected };
            target.row(layout, &f[..n], &line, sink);
        }

        if !saw_header && saw_interrupts {
            return Err(ParseError::whole_file(
                "only mpstat's interrupt reports (-I): perfsage reads its CPU report; capture mpstat -P ALL <interval>",
            ));
        }
        if !saw_header {
            return Err(ParseError::whole_file(
                "no mpstat CPU header (… CPU %usr … %idle) found",
            ));
        }
        // Without CPU sections (`mpstat -N ALL`) the nodes' `all` rows are the machine's.
        let collected = if collected.is_empty() {
            nodes
        } else {
            collected
        };
        if collected.is_empty() {
            return Err(ParseError::whole_file(
                "mpstat header found but no CPU rows follow it",
            ));
        }
        let Collected {
            all_util,
            all,
            per_cpu,
            interval,
            ..
        } = collected;
        let secs = interval.interval_s();
        sink.series(
            "cpu.util_pct",
            &all_util,
            Unit::Percent,
            secs,
            Strength::Primary,
        );
        for ((_, key), series) in ALL_KEYS.iter().zip(&all) {
            sink.series(*key, series, Unit::Percent, secs, Strength::Primary);
        }
        for (cpu, series) in per_cpu.iter().enumerate() {
            sink.series(
                format!("cpu.{cpu}.util_pct"),
                &series.util,
                Unit::Percent,
                secs,
                Strength::Primary,
            );
            sink.series(
                format!("cpu.{cpu}.soft_pct"),
                &series.soft,
                Unit::Percent,
                secs,
                Strength::Primary,
            );
        }
        Ok(())
    }
}

/// `<time> CPU intr/s` or `<time> CPU 0/s 1/s …`: a header of mpstat's interrupt
/// reports (`-I`), the time its only column before `CPU`.
fn is_interrupt_header(line: &str) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let stamp = match tokens.get(1) {
        Some(t) if is_meridiem(t.as_bytes()) => 2,
        _ => 1,
    };
    tokens.len() > stamp + 1
        && tokens[0].starts_with(|c: char| c.is_ascii_digit())
        && tokens[stamp] == "CPU"
        && tokens[stamp + 1..].iter().all(|t| t.ends_with("/s"))
}

/// `… CPU %usr … %irq … %steal … %idle`: mpstat's column order. `sar -u ALL` shares the
/// names but puts %steal before %irq, so it is not claimed.
fn is_cpu_header(line: &str) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let at = |name: &str| tokens.iter().position(|t| *t == name);
    match (
        at("CPU").or(at("NODE")),
        at("%usr").or(at("%user")),
        at("%irq"),
        at("%steal"),
        at("%idle"),
    ) {
        (Some(cpu), Some(usr), Some(irq), Some(steal), Some(idle)) => {
            cpu < usr && irq < steal && steal < idle
        }
        _ => false,
    }
}
