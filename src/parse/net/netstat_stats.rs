//! `netstat -s` (net-tools): the kernel's protocol counters as sentences, one section
//! per protocol. perfsage reads the TCP ones (sections `Tcp:` and `TcpExt:`):
//!
//! ```text
//! Tcp:
//!     8489126 segments sent out
//!     137006 segments retransmitted
//! TcpExt:
//!     12 times the listen queue of a socket overflowed
//!     12 SYNs to LISTEN sockets dropped
//!     TCPTimeouts: 62
//! ```
//!
//! The counters are cumulative since boot; `TcpExt:` leaves out those that are zero, and
//! counters netstat has no sentence for are printed as `Name: value`. Several snapshots,
//! each after a stamp line (`date`, `date +%s`), give rates over the capture (see
//! `tcp_counters`). `netstat -st` (TCP only) reads the same way. Sentences are the
//! English ones of net-tools 2.10, and 1.60's `segments send out` and `segments
//! retransmited`; a translated netstat is not read.

use super::tcp_counters::{COUNTERS, Snapshots, by_netstat_text};
use crate::parse::os::snapshot_time::stamp_seconds;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;

pub struct NetstatStats;

/// A section header: a protocol name at the start of the line and a colon (`Tcp:`).
fn section_name(line: &str) -> Option<&str> {
    let name = line.strip_suffix(':')?;
    (!name.is_empty()
        && !line.starts_with(char::is_whitespace)
        && name.bytes().all(|b| b.is_ascii_alphanumeric()))
    .then_some(name)
}

/// `8 active connection openings` or `TCPTimeouts: 62`: the text naming the counter
/// and its value.
fn counter_line(line: &str) -> Option<(&str, f64)> {
    let line = line.trim();
    if let Some((number, text)) = line.split_once(' ')
        && let Some(value) = parse_f64(number.as_bytes())
    {
        return Some((text.trim(), value));
    }
    let (name, number) = line.split_once(": ")?;
    Some((name, parse_f64(number.trim().as_bytes())?))
}

impl CaptureParser for NetstatStats {
    fn tool(&self) -> &'static str {
        "netstat-s"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut tcp_section = false;
        for line in head.lines().take(400) {
            if line.trim_end() == "Tcp:" {
                tcp_section = true;
            } else if tcp_section
                && line.starts_with(char::is_whitespace)
                && (line.ends_with(" segments sent out")
                    || line.ends_with(" segments send out")
                    || line.ends_with(" active connection openings")
                    || line.ends_with(" active connections openings"))
            {
                return Some(90);
            }
        }
        None
    }

    fn starts_section(&self, line: &str) -> bool {
        line.trim_end() == "Ip:"
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut snapshots = Snapshots::default();
        let mut sections_seen: Vec<String> = Vec::new();
        let mut in_tcp = false;
        let mut saw_tcp = false;
        let mut last_line = 0;
        while let Some(line) = lines.next_line()? {
            last_line = line.number;
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim_end();
            if text.trim().is_empty() {
                continue;
            }
            if let Some(seconds) = stamp_seconds(text) {
                snapshots.stamp(seconds);
                sections_seen.clear();
                continue;
            }
            if let Some(name) = section_name(text) {
                // A protocol seen again is the next snapshot of a loop without stamps.
                if sections_seen.is_empty() || sections_seen.iter().any(|s| s == name) {
                    snapshots.begin();
                    sections_seen.clear();
                }
                if sections_seen.len() < 64 {
                    sections_seen.push(name.to_string());
                }
                in_tcp = matches!(name, "Tcp" | "TcpExt");
                saw_tcp |= in_tcp;
                continue;
            }
            if !in_tcp {
                continue;
            }
            if line.cut_off {
                sink.warn_cut_off(line.number);
                continue;
            }
            match counter_line(text) {
                Some((name, value)) => {
                    if let Some(counter) = by_netstat_text(name) {
                        snapshots.value(counter, value, line.number);
                    }
                }
                // Other sentences (`Detected reordering 3 times using SACK`) are not
                // read; one of the kept counters whose value does not parse is bad input.
                None if COUNTERS.iter().any(|c| text.ends_with(c.netstat)) => {
                    sink.warn(line.number, "counter value is not a number; ignored");
                }
                None => {}
            }
        }
        if !saw_tcp {
            return Err(ParseError::whole_file(
                "no Tcp: section found: not netstat -s output, or printed without TCP (-s -u)",
            ));
        }
        let before = sink.fact_count();
        snapshots.finish(sink, last_line);
        if sink.fact_count() == before {
            return Err(ParseError::whole_file(
                "the Tcp: sections hold none of the counters perfsage reads (segments sent out, segments retransmitted …)",
            ));
        }
        Ok(())
    }
}
