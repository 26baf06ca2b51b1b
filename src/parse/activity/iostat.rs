//! `iostat -x <interval>` (with or without `-t`), in both the old layout (sysstat ≤ 11:
//! `avgrq-sz avgqu-sz await … svctm %util`) and the new one (sysstat ≥ 12:
//! `r_await … aqu-sz … %util`). Columns are found by header name, so the other
//! forms of the same report read alike: the basic report without `-x` (`tps
//! kB_read/s kB_wrtn/s`, or `MB_read/s` with `-m`, `Blk_read/s` before sysstat 9),
//! the short one (`-s`), and `--pretty`, which puts the `Device` column last and,
//! without `--compact`, splits each report into several headers over the same devices.
//! `-h` / `--human` values (`63.9%`, `405.0M`) are read back into the plain units.
//!
//! ```text
//! Linux 6.1.0-27-amd64 (perf-lab)   12/02/2026   _x86_64_   (2 CPU)
//!
//! avg-cpu:  %user   %nice %system %iowait  %steal   %idle
//!            2.01    0.00    9.05   42.21    0.00   46.73
//!
//! Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util
//! vda           4211.00  16844.00     0.00   0.00    6.91     4.00 4204.00  16816.00     0.00   0.00    0.66     4.00    0.00      0.00     0.00   0.00    0.00     0.00    0.00    0.00   31.85  99.60
//! ```
//!
//! The first report of a run covers the time since boot; when more reports follow it
//! is dropped. Facts: `disk.<dev>.{util_pct,r_per_s,w_per_s,rkb_per_s,wkb_per_s,
//! r_await_ms,w_await_ms,await_ms,aqu_sz,svctm_ms,f_per_s,io_per_s}` as series (each
//! where the form has the column: the basic report has no `%util`), and the avg-cpu
//! block as fallback `cpu.*` series (mpstat wins when both are present).
//!
//! Only the columns some fact needs are read as numbers, and a header is read once
//! for as long as the reports repeat it; a day-long capture is mostly device rows.

use super::human_value::{Human, human_value, plain_or_human};
use super::sysstat_header;
use crate::facts::{SeriesBuilder, Unit};
use crate::parse::activity::time_of_day::{IntervalTracker, seconds_of_day};
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::fields::FieldSlots;
use crate::text::number::parse_f64;

pub struct Iostat;

const MAX_FIELDS: usize = 32;

/// Device metrics perfsage keeps, with their key suffix and unit.
pub(super) const METRICS: [(&str, Unit); 12] = [
    ("util_pct", Unit::Percent),
    ("r_per_s", Unit::PerSecond),
    ("w_per_s", Unit::PerSecond),
    ("rkb_per_s", Unit::KilobytesPerSecond),
    ("wkb_per_s", Unit::KilobytesPerSecond),
    ("r_await_ms", Unit::Milliseconds),
    ("w_await_ms", Unit::Milliseconds),
    ("await_ms", Unit::Milliseconds),
    ("aqu_sz", Unit::Count),
    ("svctm_ms", Unit::Milliseconds),
    // Flush requests (sysstat 12.1.2+): one per fsync a synchronous writer issues.
    ("f_per_s", Unit::PerSecond),
    // Transfers (`tps`) of the basic and short reports.
    ("io_per_s", Unit::PerSecond),
];

/// Which metric a header column feeds, and the factor to its unit.
pub(super) fn metric_of(column: &[u8]) -> Option<(usize, f64)> {
    Some(match column {
        b"%util" => (0, 1.0),
        b"r/s" => (1, 1.0),
        b"w/s" => (2, 1.0),
        b"rkB/s" | b"kB_read/s" => (3, 1.0),
        b"rMB/s" | b"MB_read/s" => (3, 1024.0),
        b"rsec/s" | b"Blk_read/s" => (3, 0.5),
        b"wkB/s" | b"kB_wrtn/s" => (4, 1.0),
        b"wMB/s" | b"MB_wrtn/s" => (4, 1024.0),
        b"wsec/s" | b"Blk_wrtn/s" => (4, 0.5),
        b"r_await" => (5, 1.0),
        b"w_await" => (6, 1.0),
        b"await" => (7, 1.0),
        b"aqu-sz" | b"avgqu-sz" => (8, 1.0),
        b"svctm" => (9, 1.0),
        b"f/s" => (10, 1.0),
        b"tps" => (11, 1.0),
        _ => return None,
    })
}

/// The fallback CPU series from the avg-cpu block.
pub(super) const CPU_KEYS: [&str; 5] = [
    "cpu.util_pct",
    "cpu.usr_pct",
    "cpu.sys_pct",
    "cpu.iowait_pct",
    "cpu.steal_pct",
];

/// The avg-cpu column read for each of `CPU_KEYS` (the first, %idle, becomes busy).
const CPU_COLUMNS: [&[u8]; CPU_KEYS.len()] =
    [b"%idle", b"%user", b"%system", b"%iowait", b"%steal"];

/// The device header's columns that feed a metric, in column order.
struct DeviceLayout {
    /// The header line it was read from.
    header: Vec<u8>,
    /// Whether the `Device` column comes last (`--pretty`) rather than first.
    device_last: bool,
    /// Value columns in the header.
    columns: usize,
    /// (value column, metric, factor to the metric's unit).
    kept: Vec<(usize, usize, f64)>,
}

impl DeviceLayout {
    /// The layout of the header `line`, whose value columns are `names`.
    fn new(line: &[u8], names: &[&[u8]], device_last: bool) -> Self {
        DeviceLayout {
            header: line.to_vec(),
            device_last,
            columns: names.len(),
            kept: names
                .iter()
                .enumerate()
                .filter_map(|(i, name)| metric_of(name).map(|(metric, factor)| (i, metric, factor)))
                .collect(),
        }
    }

    /// A device row's name and value columns, `fields` being the whole row.
    fn split<'f, 'a>(&self, fields: &'f [&'a [u8]]) -> (&'a [u8], &'f [&'a [u8]]) {
        match (self.device_last, fields) {
            (true, [values @ .., name]) | (false, [name, values @ ..]) => (name, values),
            _ => (b"", fields),
        }
    }

    /// The kept values of a device row's value columns, in the order of `kept`;
    /// `None` when one is not a number.
    fn read(&self, values: &[&[u8]], out: &mut [f64; MAX_FIELDS]) -> Option<()> {
        for (slot, &(column, _, factor)) in out.iter_mut().zip(&self.kept) {
            *slot = match parse_f64(values[column]) {
                Some(value) => value * factor,
                // A `--human` size is in KiB whatever the header's unit.
                None => match human_value(values[column])? {
                    Human::Kib(kib) => kib,
                    Human::Percent(share) => share * factor,
                },
            };
        }
        Some(())
    }
}

/// More distinct device headers than this in one file is not iostat output (`--pretty`
/// without `--compact` prints four in turn).
const MAX_LAYOUTS: usize = 16;

/// The device headers met so far: `--pretty` alternates several, each read once.
#[derive(Default)]
struct DeviceLayouts {
    known: Vec<DeviceLayout>,
}

impl DeviceLayouts {
    /// Which known header `line` repeats.
    fn find(&self, line: &[u8]) -> Option<usize> {
        self.known.iter().position(|l| same_line(line, &l.header))
    }

    /// The place of header `line` (value columns `names`), read now if it is new;
    /// `None` past `MAX_LAYOUTS`.
    fn add(&mut self, line: &[u8], names: &[&[u8]], device_last: bool) -> Option<usize> {
        if let Some(i) = self.find(line) {
            return Some(i);
        }
        if self.known.len() >= MAX_LAYOUTS {
            return None;
        }
        self.known.push(DeviceLayout::new(line, names, device_last));
        Some(self.known.len() - 1)
    }
}

/// The avg-cpu header: how many columns it has and where each of `CPU_COLUMNS` is.
#[derive(Default)]
struct CpuLayout {
    header: Vec<u8>,
    columns: usize,
    at: [Option<usize>; CPU_COLUMNS.len()],
}

impl CpuLayout {
    fn update(&mut self, line: &[u8], names: &[&[u8]]) {
        if self.header == line {
            return;
        }
        self.header = line.to_vec();
        self.columns = names.len();
        self.at = CPU_COLUMNS.map(|want| names.iter().position(|name| *name == want));
    }

    /// `CPU_KEYS`' values from an avg-cpu row: busy (100 − %idle − %iowait), then
    /// the columns the header has; `None` when the row does not match the header.
    fn read(&self, values: &[&[u8]]) -> Option<[Option<f64>; CPU_KEYS.len()]> {
        if values.len() != self.columns {
            return None;
        }
        let mut out = [None; CPU_KEYS.len()];
        for (slot, at) in out.iter_mut().zip(self.at) {
            if let Some(i) = at {
                *slot = Some(plain_or_human(values[i])?);
            }
        }
        let busy = 100.0 - out[0].unwrap_or(100.0) - out[3].unwrap_or(0.0);
        out[0] = Some(busy.clamp(0.0, 100.0));
        Some(out)
    }
}

struct Device {
    name: Vec<u8>,
    metrics: Vec<SeriesBuilder>,
}

/// Where a sample goes: a device metric, or one of the avg-cpu series.
#[derive(Clone, Copy)]
enum Target {
    Device { device: usize, metric: usize },
    Cpu(usize),
}

#[derive(Default)]
struct State {
    devices: Vec<Device>,
    cpu: Vec<SeriesBuilder>,
    /// Reports begun so far; a report starts at `avg-cpu:` or at a device header not
    /// preceded by one (`iostat -d`).
    reports: u32,
    /// Samples of the first report, held until we know whether it was the only one.
    held: Vec<(Target, f64, u64)>,
}

impl State {
    fn begin_report(&mut self) {
        self.reports += 1;
        if self.reports == 2 {
            self.held.clear();
        }
    }

    fn device_index(&mut self, name: &[u8], hint: usize) -> usize {
        if self.devices.get(hint).is_some_and(|d| d.name == name) {
            return hint;
        }
        if let Some(i) = self.devices.iter().position(|d| d.name == name) {
            return i;
        }
        self.devices.push(Device {
            name: name.to_vec(),
            metrics: vec![SeriesBuilder::default(); METRICS.len()],
        });
        self.devices.len() - 1
    }

    /// A device row's (metric, value) samples.
    fn device_row(
        &mut self,
        device: usize,
        samples: impl Iterator<Item = (usize, f64)>,
        line: u64,
    ) {
        if self.reports <= 1 {
            for (metric, value) in samples {
                self.held
                    .push((Target::Device { device, metric }, value, line));
            }
            return;
        }
        let metrics = &mut self.devices[device].metrics;
        for (metric, value) in samples {
            metrics[metric].push(value, line);
        }
    }

    fn sample(&mut self, target: Target, value: f64, line: u64) {
        if self.reports <= 1 {
            self.held.push((target, value, line));
        } else {
            self.push(target, value, line);
        }
    }

    fn push(&mut self, target: Target, value: f64, line: u64) {
        match target {
            Target::Device { device, metric } => {
                self.devices[device].metrics[metric].push(value, line)
            }
            Target::Cpu(key) => self.cpu[key].push(value, line),
        }
    }

    /// The file held one report only: it is all there is.
    fn keep_held(&mut self) {
        for (target, value, line) in std::mem::take(&mut self.held) {
            self.push(target, value, line);
        }
    }
}

/// Where the parser is in the current report.
#[derive(Default)]
struct Place {
    /// The line after an avg-cpu header holds its values.
    expect_cpu_values: bool,
    /// An avg-cpu block began this report; the device header that follows belongs to it.
    cpu_block_open: bool,
    in_devices: bool,
    saw_device_header: bool,
    /// Device rows so far under the current header.
    row_in_report: usize,
    /// The device layout rows are read by.
    layout: usize,
    /// The first device header of the current report: when it comes again without an
    /// avg-cpu block before it (`iostat -d`), a new report has begun; the other
    /// headers of a `--pretty` report continue the same one.
    first_header: Option<usize>,
}

impl Place {
    fn cpu_header(&mut self, st: &mut State) {
        self.expect_cpu_values = true;
        self.cpu_block_open = true;
        self.first_header = None;
        st.begin_report();
    }

    fn device_header(&mut self, st: &mut State, layout: usize) {
        if self.cpu_block_open {
            self.first_header = Some(layout);
        } else if self.first_header.is_none_or(|first| first == layout) {
            st.begin_report();
            self.first_header = Some(layout);
        }
        self.cpu_block_open = false;
        self.in_devices = true;
        self.saw_device_header = true;
        self.row_in_report = 0;
        self.layout = layout;
    }
}

impl CaptureParser for Iostat {
    fn tool(&self) -> &'static str {
        "iostat"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        // `Device` first, or last (`--pretty`), beside a column every form has: `%util`
        // (extended), `tps` (basic, short) or `r/s` (the first `--pretty` sub-report).
        let device_header = |l: &str| {
            let mut t = l.split_whitespace();
            let first = t.next();
            let device = matches!(first, Some("Device" | "Device:"))
                || l.split_whitespace().next_back() == Some("Device");
            device
                && l.split_whitespace()
                    .any(|c| matches!(c, "%util" | "tps" | "r/s"))
        };
        head.lines().take(400).any(device_header).then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut st = State {
            cpu: vec![SeriesBuilder::default(); CPU_KEYS.len()],
            ..State::default()
        };
        let mut layouts = DeviceLayouts::default();
        let mut cpu_layout = CpuLayout::default();
        let mut at = Place::default();
        let mut interval = IntervalTracker::default();
        let mut values = [0.0f64; MAX_FIELDS];

        while let Some(line) = lines.next_line()? {
            // Every report repeats its two headers: one just like the last is known
            // without splitting it (an avg-cpu values row is read as such whatever it
            // holds, hence the condition).
            if !line.bytes.is_empty() {
                if same_line(line.bytes, &cpu_layout.header) {
                    at.cpu_header(&mut st);
                    continue;
                }
                if !at.expect_cpu_values
                    && let Some(layout) = layouts.find(line.bytes)
                {
                    at.device_header(&mut st, layout);
                    continue;
                }
            }
            let mut slots = FieldSlots::<MAX_FIELDS>::default();
            let (f, n) = slots.split(line.bytes);
            if n == 0 {
                at.in_devices = false;
                continue;
            }
            let n = n.min(MAX_FIELDS);
            if f[0] == b"Linux" && sysstat_header::read(line.bytes, line.number, sink) {
                continue;
            }
            if f[0] == b"avg-cpu:" {
                cpu_layout.update(line.bytes, &f[1..n]);
                at.cpu_header(&mut st);
                continue;
            }
            if at.expect_cpu_values {
                at.expect_cpu_values = false;
                match cpu_layout.read(&f[..n]) {
                    Some(values) => {
                        for (k, value) in values.into_iter().enumerate() {
                            if let Some(value) = value {
                                st.sample(Target::Cpu(k), value, line.number);
                            }
                        }
                    }
                    None => sink.warn(
                        line.number,
                        "avg-cpu row does not match its header; ignored",
                    ),
                }
                continue;
            }
            let device_first = f[0] == b"Device" || f[0] == b"Device:";
            if device_first || (n > 1 && f[n - 1] == b"Device") {
                let names = if device_first { &f[1..n] } else { &f[..n - 1] };
                match layouts.add(line.bytes, names, !device_first) {
                    Some(layout) => at.device_header(&mut st, layout),
                    None => {
                        at.in_devices = false;
                        sink.warn(
                            line.number,
                            format!("more than {MAX_LAYOUTS} different device headers; ignored"),
                        );
                    }
                }
                continue;
            }
            if let Some(seconds) = timestamp_of(&f[..n]) {
                interval.observe(seconds);
                continue;
            }
            if !at.in_devices {
                continue;
            }
            let device_layout = &layouts.known[at.layout];
            if n != device_layout.columns + 1 {
                let message = if line.cut_off {
                    "last row is cut off (truncated file); ignored".to_string()
                } else {
                    format!(
                        "device row has {} values, the header has {}",
                        n - 1,
                        device_layout.columns
                    )
                };
                sink.warn(line.number, message);
                continue;
            }
            let (name, row) = device_layout.split(&f[..n]);
            if device_layout.read(row, &mut values).is_none() {
                sink.warn(
                    line.number,
                    "device row holds a value that is not a number; ignored",
                );
                continue;
            }
            let device = st.device_index(name, at.row_in_report);
            at.row_in_report += 1;
            let samples = device_layout.kept.iter().zip(&values);
            st.device_row(
                device,
                samples.map(|(&(_, metric, _), &value)| (metric, value)),
                line.number,
            );
        }

        if !at.saw_device_header {
            return Err(ParseError::whole_file(
                "no iostat device header (Device … tps or %util) found",
            ));
        }
        if st.devices.is_empty() {
            return Err(ParseError::whole_file(
                "iostat device header found but no device rows follow it",
            ));
        }
        if st.reports == 1 {
            st.keep_held();
            sink.warn(
                lines.line_number(),
                "only one report, which covers the time since boot rather than the load; capture with an interval and a count (iostat -x 10 6)",
            );
        }
        let secs = interval.interval_s();
        for device in &st.devices {
            let name = String::from_utf8_lossy(&device.name).replace('.', "_");
            for ((suffix, unit), series) in METRICS.iter().zip(&device.metrics) {
                sink.series(
                    format!("disk.{name}.{suffix}"),
                    series,
                    *unit,
                    secs,
                    Strength::Primary,
                );
            }
        }
        for (key, series) in CPU_KEYS.iter().zip(&st.cpu) {
            sink.series(*key, series, Unit::Percent, secs, Strength::Fallback);
        }
        Ok(())
    }
}

/// `a == b`, looking at the first bytes before comparing the rest: a device row is
/// often as long as its header, and most lines differ from a header at once.
#[inline]
fn same_line(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.first() == b.first() && a == b
}

/// `iostat -t` stamps each report: `12/02/2026 12:35:01 PM`, `12/02/26 12:35:01` or
/// ISO `2026-12-02T12:35:01+0000`. `fields` is the line split into fields.
/// Every device row comes through here, so the length checks come first.
fn timestamp_of(fields: &[&[u8]]) -> Option<u32> {
    let first = fields.first()?;
    if first.len() >= 9
        && let Some(pos) = first.iter().position(|b| *b == b'T')
        && first.len() >= pos + 9
        && first[..pos].contains(&b'-')
    {
        return seconds_of_day(&first[pos + 1..pos + 9], None);
    }
    match fields {
        [date, time] if date.contains(&b'/') => seconds_of_day(time, None),
        [date, time, meridiem] if date.contains(&b'/') => seconds_of_day(time, Some(meridiem)),
        _ => None,
    }
}
