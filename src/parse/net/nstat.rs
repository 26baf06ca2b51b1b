//! `nstat` (iproute2): the kernel's SNMP and netstat counters, one per line under a
//! `#kernel` header, as name, value and nstat's moving-average rate:
//!
//! ```text
//! #kernel
//! TcpOutSegs                      270334             0.0
//! TcpRetransSegs                  5553               0.0
//! ```
//!
//! What the value means depends on how nstat ran, which the output does not say:
//! `nstat -a` prints the counters since boot; a plain `nstat` prints how much each
//! grew since its previous run (kept in `/tmp/.nstat.u$UID`, or `$NSTAT_HISTORY`), or
//! since boot on the first run. `-z` adds the counters that are zero. The third column
//! is an average rate that only nstat's daemon mode (`nstat -d`) keeps; it is 0.0 in a
//! one-off run and is not read. Several `nstat -a` snapshots, each after a stamp line
//! (`date +%s`), give rates over the capture (see `tcp_counters`).

use super::tcp_counters::{Snapshots, by_nstat_name};
use crate::parse::os::snapshot_time::stamp_seconds;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;

pub struct Nstat;

const HEADER: &str = "#kernel";

/// `TcpOutSegs   270334   0.0`: a counter name, its value and the rate column.
fn counter_line(line: &str) -> Option<(&str, f64)> {
    let mut fields = line.split_whitespace();
    let name = fields.next()?;
    let value = fields.next()?;
    let rate = fields.next()?;
    if fields.next().is_some()
        || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        || !name.starts_with(|c: char| c.is_ascii_alphabetic())
        || !value.bytes().all(|b| b.is_ascii_digit())
        || !rate.contains('.')
    {
        return None;
    }
    Some((name, parse_f64(value.as_bytes())?))
}

impl CaptureParser for Nstat {
    fn tool(&self) -> &'static str {
        "nstat"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && stamp_seconds(l).is_none());
        // A plain `nstat` that found no counter grown since its previous run prints
        // the header alone.
        (lines.next()? == HEADER && lines.next().is_none_or(|l| counter_line(l).is_some()))
            .then_some(90)
    }

    fn starts_section(&self, line: &str) -> bool {
        line.trim_end() == HEADER
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut snapshots = Snapshots::default();
        let mut counter_lines = 0u64;
        let mut last_line = 0;
        while let Some(line) = lines.next_line()? {
            last_line = line.number;
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            if text == HEADER {
                snapshots.begin();
                continue;
            }
            if let Some(seconds) = stamp_seconds(text) {
                snapshots.stamp(seconds);
                continue;
            }
            let Some((name, value)) = counter_line(text) else {
                sink.warn(line.number, "not an nstat counter line; ignored");
                continue;
            };
            if line.cut_off {
                sink.warn_cut_off(line.number);
                continue;
            }
            counter_lines += 1;
            if let Some(counter) = by_nstat_name(name) {
                snapshots.value(counter, value, line.number);
            }
        }
        if counter_lines == 0 {
            return Err(ParseError::whole_file(
                "no nstat counter lines (name, value, rate): a plain nstat prints only the counters that grew since its previous run, and none did; capture nstat -az (every counter since boot) at the start and the end",
            ));
        }
        let before = sink.fact_count();
        snapshots.finish(sink, last_line);
        if sink.fact_count() == before {
            return Err(ParseError::whole_file(
                "none of the TCP counters perfsage reads (TcpOutSegs, TcpRetransSegs, TcpExtListenOverflows …) is in this nstat output",
            ));
        }
        Ok(())
    }
}
