//! `vmstat -d` (procps): each block device's I/O counters, one table per sample.
//!
//! ```text
//! disk- ------------reads------------ ------------writes----------- -----IO------ -----timestamp-----
//!        total merged sectors      ms  total merged sectors      ms    cur    sec                 UTC
//! vda   1661188  91598 342635818 2580236 1679611 626133 312913728  556235      0    516 2026-12-05 00:10:17
//! ```
//!
//! Every figure but `cur` counts **since boot** (the kernel's /proc/diskstats). The
//! facts are the last sample's counters, named as such:
//! `disk.<dev>.{reads,writes}_since_boot`, `disk.<dev>.{read,written}_kib_since_boot`
//! (sectors of 512 bytes), `disk.<dev>.busy_s_since_boot` (`sec`, time with I/O in
//! flight) and `disk.<dev>.io_in_progress` (`cur`). Devices that never did I/O (unused
//! loop devices) are left out.
//!
//! With `-t` each row ends in its time stamp, and consecutive tables give rates: per
//! interval, the growth of the counters over the time between the stamps, under the
//! keys iostat uses (`r_per_s`, `w_per_s`, `io_per_s`, `rkb_per_s`, `wkb_per_s`) and
//! the mean latency of the requests completed in it (`r_await_ms`, `w_await_ms`,
//! `await_ms`: milliseconds spent over requests completed). They are fallbacks: an
//! iostat capture's own series win beside them. No `%util` is derived: `sec` counts
//! whole seconds, too coarse for a share of a few-second interval. Without `-t` the
//! tables carry no time and a file of several says it gives no rates.

use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::os::snapshot_clock::SnapshotClock;
use crate::parse::os::snapshot_time::stamp_seconds;
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::fields::FieldSlots;
use crate::text::number::parse_u64;

pub struct VmstatDisk;

/// Values after the device name: reads total, merged, sectors, ms; writes the same;
/// I/O in progress and seconds.
const VALUES: usize = 10;
/// Positions of the counters among the values.
const READS: usize = 0;
const READ_SECTORS: usize = 2;
const READ_MS: usize = 3;
const WRITES: usize = 4;
const WRITE_SECTORS: usize = 6;
const WRITE_MS: usize = 7;
/// `-t`'s stamp after the values: `2026-12-05 00:10:17`, two fields, 19 bytes.
const STAMP_LEN: usize = 19;
/// More distinct devices than this in one file is not vmstat output.
const MAX_DEVICES: usize = 4096;

/// The rates of one interval, in the order of `RATES`.
const RATES: [(&str, Unit); 8] = [
    ("r_per_s", Unit::PerSecond),
    ("w_per_s", Unit::PerSecond),
    ("io_per_s", Unit::PerSecond),
    ("rkb_per_s", Unit::KilobytesPerSecond),
    ("wkb_per_s", Unit::KilobytesPerSecond),
    ("r_await_ms", Unit::Milliseconds),
    ("w_await_ms", Unit::Milliseconds),
    ("await_ms", Unit::Milliseconds),
];

struct Device {
    name: Vec<u8>,
    counters: [u64; VALUES],
    line: u64,
    /// The table the last row came from, and its stamp.
    table: usize,
    time: Option<f64>,
    rates: Option<Box<[SeriesBuilder; RATES.len()]>>,
}

/// Milliseconds per request completed; `0` for an interval with none (as iostat
/// prints it).
fn per_request(ms: u64, requests: u64) -> f64 {
    if requests == 0 {
        0.0
    } else {
        ms as f64 / requests as f64
    }
}

impl Device {
    /// Takes the next row: a rate point when it follows the device's row of the table
    /// before and both are stamped.
    fn update(&mut self, counters: [u64; VALUES], line: u64, table: usize, time: Option<f64>) {
        let earlier = std::mem::replace(&mut self.counters, counters);
        let (before, now) = (self.time, time);
        let follows = self.table + 1 == table;
        self.line = line;
        self.table = table;
        self.time = time;
        let (Some(before), Some(now)) = (before, now) else {
            return;
        };
        let seconds = now - before;
        let grew = |i: usize| counters[i].checked_sub(earlier[i]);
        let (
            Some(reads),
            Some(writes),
            Some(read_sectors),
            Some(write_sectors),
            Some(read_ms),
            Some(write_ms),
        ) = (
            grew(READS),
            grew(WRITES),
            grew(READ_SECTORS),
            grew(WRITE_SECTORS),
            grew(READ_MS),
            grew(WRITE_MS),
        )
        else {
            // A counter went back (device reset or replaced): no rate for it.
            return;
        };
        if !follows || seconds <= 0.0 {
            return;
        }
        let points = [
            reads as f64 / seconds,
            writes as f64 / seconds,
            (reads + writes) as f64 / seconds,
            read_sectors as f64 / 2.0 / seconds,
            write_sectors as f64 / 2.0 / seconds,
            per_request(read_ms, reads),
            per_request(write_ms, writes),
            per_request(read_ms + write_ms, reads + writes),
        ];
        let rates = self.rates.get_or_insert_with(Box::default);
        for (builder, value) in rates.iter_mut().zip(points) {
            builder.push(value, line);
        }
    }
}

fn is_group_line(line: &str) -> bool {
    line.starts_with("disk-") && line.contains("reads") && line.contains("writes")
}

/// The time `-t` put at the end of a row, if it did.
fn row_stamp(row: &[u8]) -> Option<f64> {
    let row = row.trim_ascii_end();
    let tail = row.get(row.len().checked_sub(STAMP_LEN)?..)?;
    stamp_seconds(std::str::from_utf8(tail).ok()?)
}

impl CaptureParser for VmstatDisk {
    fn tool(&self) -> &'static str {
        "vmstat"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        head.lines().take(200).any(is_group_line).then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut devices: Vec<Device> = Vec::new();
        let mut tables = 0usize;
        let mut table_stamped = false;
        let mut stamped_tables = 0usize;
        let mut clock = SnapshotClock::default();
        let mut saw_header = false;
        while let Some(line) = lines.next_line()? {
            let mut slots = FieldSlots::<{ VALUES + 4 }>::default();
            let (f, n) = slots.split(line.bytes);
            if n == 0 {
                continue;
            }
            if f[0].starts_with(b"disk-") {
                saw_header = true;
                tables += 1;
                table_stamped = false;
                continue;
            }
            if f[0] == b"total" || !saw_header {
                continue;
            }
            let mut counters = [0u64; VALUES];
            let time = if n == VALUES + 3 {
                row_stamp(line.bytes)
            } else {
                None
            };
            let parsed = (n == VALUES + 1 || time.is_some())
                && f[1..=VALUES]
                    .iter()
                    .zip(counters.iter_mut())
                    .all(|(field, slot)| parse_u64(field).map(|v| *slot = v).is_some());
            if !parsed {
                let message = if line.cut_off {
                    "last row is cut off (truncated file); ignored".to_string()
                } else {
                    format!(
                        "device row has {} values, expected {VALUES} (and a time stamp with -t)",
                        n.saturating_sub(1)
                    )
                };
                sink.warn(line.number, message);
                continue;
            }
            // The table's first stamped row times the table.
            if time.is_some() && !table_stamped {
                clock.next(time.map(|t| (t, line.number)), sink);
                stamped_tables += 1;
                table_stamped = true;
            }
            match devices.iter().position(|d| d.name == f[0]) {
                Some(at) => devices[at].update(counters, line.number, tables, time),
                None if devices.len() >= MAX_DEVICES => {}
                None => devices.push(Device {
                    name: f[0].to_vec(),
                    counters,
                    line: line.number,
                    table: tables,
                    time,
                    rates: None,
                }),
            }
        }
        if !saw_header {
            return Err(ParseError::whole_file(
                "no vmstat -d header (disk- …reads… …writes…) found",
            ));
        }
        if devices.is_empty() {
            return Err(ParseError::whole_file(
                "vmstat -d header found but no device rows follow it",
            ));
        }
        if tables > 1 && stamped_tables == 0 {
            sink.warn(
                1,
                format!(
                    "{tables} tables without time stamps (vmstat -d without -t): counters since boot only, no rates"
                ),
            );
        }
        let interval = clock.interval(sink);
        for device in &devices {
            let c = &device.counters;
            if c[READS] == 0 && c[WRITES] == 0 {
                continue;
            }
            let name = String::from_utf8_lossy(&device.name).replace('.', "_");
            let lines = (device.line, device.line);
            let facts = [
                ("reads_since_boot", c[READS] as f64, Unit::Count),
                (
                    "read_kib_since_boot",
                    c[READ_SECTORS] as f64 / 2.0,
                    Unit::Kibibytes,
                ),
                ("writes_since_boot", c[WRITES] as f64, Unit::Count),
                (
                    "written_kib_since_boot",
                    c[WRITE_SECTORS] as f64 / 2.0,
                    Unit::Kibibytes,
                ),
                ("io_in_progress", c[8] as f64, Unit::Count),
                ("busy_s_since_boot", c[9] as f64, Unit::Seconds),
            ];
            for (suffix, value, unit) in facts {
                sink.put(
                    format!("disk.{name}.{suffix}"),
                    Value::Number(value),
                    unit,
                    lines,
                );
            }
            let Some(rates) = &device.rates else {
                continue;
            };
            for (builder, (suffix, unit)) in rates.iter().zip(RATES) {
                let key = format!("disk.{name}.{suffix}");
                sink.series(key, builder, unit, interval, Strength::Fallback);
            }
        }
        Ok(())
    }
}
