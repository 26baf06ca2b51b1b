//! `cat /proc/net/dev` as the kernel prints it: per interface, what it received and
//! sent since boot, errors, drops and FIFO overruns included. Where sysstat cannot run
//! (or was not asked for `-n EDEV`), this is the one place a NIC's drops show.
//!
//! ```text
//! Inter-|   Receive                                                |  Transmit
//!  face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
//!   eth0: 204149762    5864    0    0    0     0          0         0   354152    4129    0    0    0     0       0          0
//! ```
//!
//! One snapshot gives totals since boot. A file of several, each after a time stamp
//! (`date +%s` and the other forms `snapshot_time` reads; `# /proc/net/dev` path lines
//! as `perfsage capture` writes them are passed over), gives rates: the growth between
//! consecutive snapshots over the time between them, one series point per interval,
//! under the keys `sar -n DEV,EDEV` gives (kB are 1024 bytes, as sar counts them).
//! Snapshots without stamps give totals only and a warning; no time is assumed.
//!
//! Facts: `net.<if>.{rx,tx}_{kib,packets,errors,drops,fifo}`, `net.<if>.rx_frame`,
//! `net.<if>.tx_{colls,carrier}` (the last snapshot's totals), and the series
//! `net.<if>.{rx,tx}pck_per_s`, `{rx,tx}kb_per_s`, `{rx,tx}err_per_s`,
//! `{rx,tx}drop_per_s`, `{rx,tx}fifo_per_s`, `rxfram_per_s`, `coll_per_s`,
//! `txcarr_per_s` (fallbacks: sar's own per-interval series win beside them).

use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::instance_label::label_from_bytes;
use crate::parse::os::snapshot_clock::SnapshotClock;
use crate::parse::os::snapshot_time::stamp_seconds;
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::fields::fields;
use crate::text::number::parse_f64;

pub struct ProcNetDev;

/// The counters of one row, in the kernel's column order.
const COLUMNS: usize = 16;

/// Totals kept as facts: column, key suffix, divisor (bytes to KiB), unit.
const TOTALS: [(usize, &str, f64, Unit); 13] = [
    (0, "rx_kib", 1024.0, Unit::Kibibytes),
    (1, "rx_packets", 1.0, Unit::Count),
    (2, "rx_errors", 1.0, Unit::Count),
    (3, "rx_drops", 1.0, Unit::Count),
    (4, "rx_fifo", 1.0, Unit::Count),
    (5, "rx_frame", 1.0, Unit::Count),
    (8, "tx_kib", 1024.0, Unit::Kibibytes),
    (9, "tx_packets", 1.0, Unit::Count),
    (10, "tx_errors", 1.0, Unit::Count),
    (11, "tx_drops", 1.0, Unit::Count),
    (12, "tx_fifo", 1.0, Unit::Count),
    (13, "tx_colls", 1.0, Unit::Count),
    (14, "tx_carrier", 1.0, Unit::Count),
];

/// Rates, under sar's names: column, key suffix, divisor (bytes to kB), unit.
const RATES: [(usize, &str, f64, Unit); 13] = [
    (1, "rxpck_per_s", 1.0, Unit::PerSecond),
    (9, "txpck_per_s", 1.0, Unit::PerSecond),
    (0, "rxkb_per_s", 1024.0, Unit::KilobytesPerSecond),
    (8, "txkb_per_s", 1024.0, Unit::KilobytesPerSecond),
    (2, "rxerr_per_s", 1.0, Unit::PerSecond),
    (10, "txerr_per_s", 1.0, Unit::PerSecond),
    (13, "coll_per_s", 1.0, Unit::PerSecond),
    (3, "rxdrop_per_s", 1.0, Unit::PerSecond),
    (11, "txdrop_per_s", 1.0, Unit::PerSecond),
    (14, "txcarr_per_s", 1.0, Unit::PerSecond),
    (5, "rxfram_per_s", 1.0, Unit::PerSecond),
    (4, "rxfifo_per_s", 1.0, Unit::PerSecond),
    (12, "txfifo_per_s", 1.0, Unit::PerSecond),
];

/// The first header line, and the start of the second.
const HEADER: &str = "Inter-|";
const HEADER_2: &str = "face |bytes";

/// `  eth0: 1 2 … 16`: the interface name and its sixteen counters. Old kernels glue
/// the first number to the colon (`eth0:12345`).
fn row(text: &[u8]) -> Option<(&[u8], [f64; COLUMNS])> {
    let text = text.trim_ascii();
    let colon = memchr::memchr(b':', text)?;
    let name = text[..colon].trim_ascii();
    if name.is_empty() || name.iter().any(|b| b.is_ascii_whitespace()) {
        return None;
    }
    let mut counters = [0.0; COLUMNS];
    let mut count = 0;
    for field in fields(&text[colon + 1..]) {
        if count == COLUMNS || !field.iter().all(u8::is_ascii_digit) {
            return None;
        }
        counters[count] = parse_f64(field)?;
        count += 1;
    }
    (count == COLUMNS).then_some((name, counters))
}

/// One reading of the file: each interface's counters and line, by interface index.
struct Snapshot {
    /// The `date +%s` stamp before the snapshot and its line.
    time: Option<(f64, u64)>,
    rows: Vec<Option<([f64; COLUMNS], u64)>>,
}

#[derive(Default)]
struct State {
    /// Interface names as printed, and their labels, in the order first seen.
    names: Vec<(Vec<u8>, String)>,
    current: Option<Snapshot>,
    last: Option<Snapshot>,
    /// Per interface, one builder per entry of `RATES`.
    rates: Vec<[SeriesBuilder; RATES.len()]>,
    clock: SnapshotClock,
    reset_warned: bool,
}

impl State {
    fn index(&mut self, name: &[u8]) -> usize {
        if let Some(at) = self.names.iter().position(|(n, _)| n == name) {
            return at;
        }
        self.names.push((name.to_vec(), label_from_bytes(name)));
        self.rates.push(Default::default());
        self.names.len() - 1
    }

    fn add(&mut self, name: &[u8], counters: [f64; COLUMNS], line: u64, time: Option<(f64, u64)>) {
        let at = self.index(name);
        let snapshot = self.current.get_or_insert_with(|| Snapshot {
            time,
            rows: Vec::new(),
        });
        if snapshot.rows.len() <= at {
            snapshot.rows.resize(at + 1, None);
        }
        snapshot.rows[at] = Some((counters, line));
    }

    /// Ends the snapshot being read: its growth over the previous one becomes rates.
    fn close(&mut self, sink: &mut FactSink) {
        let Some(snapshot) = self.current.take() else {
            return;
        };
        if let Some(seconds) = self.clock.next(snapshot.time, sink) {
            let last = self.last.as_ref().map_or(&[][..], |l| &l.rows[..]);
            for (at, (old, new)) in last.iter().zip(&snapshot.rows).enumerate() {
                let (Some((old, _)), Some((new, line))) = (old, new) else {
                    continue;
                };
                if old.iter().zip(new).any(|(o, n)| n < o) {
                    if !std::mem::replace(&mut self.reset_warned, true) {
                        sink.warn(
                                *line,
                                "a counter went down between snapshots (a reboot, or the interface was recreated); that interval is left out",
                            );
                    }
                    continue;
                }
                for (builder, (column, _, divisor, _)) in self.rates[at].iter_mut().zip(RATES) {
                    builder.push((new[column] - old[column]) / divisor / seconds, *line);
                }
            }
        }
        self.last = Some(snapshot);
    }
}

impl CaptureParser for ProcNetDev {
    fn tool(&self) -> &'static str {
        "proc-net-dev"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#') && stamp_seconds(l).is_none());
        let first = lines.next()?;
        let second = lines.next()?;
        (first.starts_with(HEADER) && first.contains("Receive") && second.contains(HEADER_2))
            .then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut state = State::default();
        let mut pending_time = None;
        while let Some(line) = lines.next_line()? {
            let text = line.bytes.trim_ascii();
            if text.is_empty() {
                continue;
            }
            if line.cut_off {
                sink.warn_cut_off(line.number);
                continue;
            }
            if text.starts_with(HEADER.as_bytes()) {
                // An unstamped loop (`cat /proc/net/dev` twice) starts over here.
                state.close(sink);
                continue;
            }
            if text.starts_with(b"face") {
                continue;
            }
            if let Some((name, counters)) = row(text) {
                state.add(name, counters, line.number, pending_time);
                continue;
            }
            if let Some(time) = std::str::from_utf8(text).ok().and_then(stamp_seconds) {
                state.close(sink);
                pending_time = Some((time, line.number));
                continue;
            }
            if !text.starts_with(b"#") {
                sink.warn(
                    line.number,
                    "not a /proc/net/dev interface row (name: 16 counters); ignored",
                );
            }
        }
        state.close(sink);
        let Some(last) = &state.last else {
            return Err(ParseError::whole_file(
                "no /proc/net/dev interface rows (eth0: bytes packets …) found",
            ));
        };
        for ((_, label), row) in state.names.iter().zip(&last.rows) {
            let Some((counters, line)) = row else {
                continue;
            };
            for (column, suffix, divisor, unit) in TOTALS {
                sink.put(
                    format!("net.{label}.{suffix}"),
                    Value::Number(counters[column] / divisor),
                    unit,
                    (*line, *line),
                );
            }
        }
        let interval = state.clock.interval(sink);
        for ((_, label), rates) in state.names.iter().zip(&state.rates) {
            for (builder, (_, suffix, _, unit)) in rates.iter().zip(RATES) {
                let key = format!("net.{label}.{suffix}");
                sink.series(key, builder, unit, interval, Strength::Fallback);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_need_a_name_and_sixteen_counters() {
        let (name, counters) = row(b"  eth0: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16").unwrap();
        assert_eq!(name, b"eth0");
        assert_eq!(counters[8], 9.0);
        let (name, counters) = row(b"eth0:12345 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16").unwrap();
        assert_eq!((name, counters[0]), (&b"eth0"[..], 12345.0));
        assert!(row(b"eth0: 1 2 3").is_none());
        assert!(row(b"eth0: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17").is_none());
        assert!(row(b"eth0: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x").is_none());
        assert!(row(b"some text: here").is_none());
    }
}
