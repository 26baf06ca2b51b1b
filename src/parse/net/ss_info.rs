//! `ss -ti` / `ss -tin` (iproute2): each TCP connection followed by a line of its
//! kernel state (tcp_info): smoothed round trip, retransmissions, segments sent.
//!
//! ```text
//! State Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess
//! ESTAB 0      393216     10.77.0.1:33788    10.77.0.2:5201
//!      bbr wscale:10,10 rto:204 rtt:0.442/0.404 … segs_out:1517165 … retrans:0/32428 …
//! ```
//!
//! The info line starts with a tab. `rtt:A/B` is the smoothed round trip and its
//! variation in ms; `retrans:A/B` the segments in flight that are retransmissions now
//! and the connection's retransmits over its lifetime; `segs_out` every segment it sent, retransmissions included. One
//! connection per fact would give unbounded keys, so the capture is summed up: how many
//! connections, their mean and largest round trip, their retransmits against the
//! segments they sent (a share over their lifetimes, not over the capture), and the peer
//! of the connection that retransmitted most. A header without `State` (`ss -tin state
//! established`) moves the columns by one; `-p` adds a `users:(…)` column, not read.
//!
//! Facts (numbers): `net.tcp.conn.{count,rtt_avg_ms,rtt_max_ms,retrans,segments_out,
//! retrans_pct}`, `net.tcp.conn.most_retrans_peer` (text). A header with no
//! connection under it (a host whose clients use a Unix socket) gives a count of 0.

use crate::facts::Unit;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;

pub struct SsInfo;

/// The header's start: with or without the State column.
fn header_columns(line: &str) -> Option<usize> {
    let line = line.trim_start();
    if !(line.contains("Recv-Q") && line.contains("Send-Q") && line.contains("Peer Address")) {
        return None;
    }
    match line.split_whitespace().next()? {
        "State" => Some(1),
        "Recv-Q" => Some(0),
        _ => None,
    }
}

/// `name:A/B` or `name:A` among the tokens of an info line: A (and B).
fn field<'a>(line: &'a str, name: &str) -> Option<(&'a str, Option<&'a str>)> {
    line.split_whitespace().find_map(|token| {
        let value = token.strip_prefix(name)?.strip_prefix(':')?;
        Some(match value.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (value, None),
        })
    })
}

fn number(text: &str) -> Option<f64> {
    parse_f64(text.as_bytes())
}

/// What the connections listed so far add up to.
#[derive(Default)]
struct Totals {
    count: u64,
    rtt_sum: f64,
    rtt_max: f64,
    retrans: f64,
    segments_out: f64,
    most_retrans: Option<(f64, String, u64)>,
    first_line: u64,
    last_line: u64,
}

impl Totals {
    fn add(&mut self, info: &str, peer: &str, line: u64) -> Option<()> {
        let (rtt, _) = field(info, "rtt")?;
        let rtt = number(rtt)?;
        let retrans = match field(info, "retrans") {
            Some((_, Some(total))) => number(total)?,
            // No retransmission yet: ss leaves the field out.
            _ => 0.0,
        };
        let segments_out = match field(info, "segs_out") {
            Some((n, _)) => number(n)?,
            None => 0.0,
        };
        if self.count == 0 {
            self.first_line = line;
        }
        self.last_line = line;
        self.count += 1;
        self.rtt_sum += rtt;
        self.rtt_max = self.rtt_max.max(rtt);
        self.retrans += retrans;
        self.segments_out += segments_out;
        if retrans > 0.0
            && self
                .most_retrans
                .as_ref()
                .is_none_or(|(r, _, _)| retrans > *r)
        {
            self.most_retrans = Some((retrans, peer.to_string(), line));
        }
        Some(())
    }

    fn put(self, sink: &mut FactSink) {
        let lines = (self.first_line, self.last_line);
        let put = |sink: &mut FactSink, key: &str, value: f64, unit: Unit| {
            sink.put(key, crate::facts::Value::Number(value), unit, lines);
        };
        put(sink, "net.tcp.conn.count", self.count as f64, Unit::Count);
        let mean = self.rtt_sum / self.count as f64;
        put(
            sink,
            "net.tcp.conn.rtt_avg_ms",
            (mean * 1000.0).round() / 1000.0,
            Unit::Milliseconds,
        );
        put(
            sink,
            "net.tcp.conn.rtt_max_ms",
            self.rtt_max,
            Unit::Milliseconds,
        );
        put(sink, "net.tcp.conn.retrans", self.retrans, Unit::Count);
        put(
            sink,
            "net.tcp.conn.segments_out",
            self.segments_out,
            Unit::Count,
        );
        if self.segments_out > 0.0 {
            let share = self.retrans / self.segments_out * 100.0;
            put(
                sink,
                "net.tcp.conn.retrans_pct",
                (share * 1000.0).round() / 1000.0,
                Unit::Percent,
            );
        }
        if let Some((_, peer, line)) = self.most_retrans {
            sink.text("net.tcp.conn.most_retrans_peer", peer, line);
        }
    }
}

impl CaptureParser for SsInfo {
    fn tool(&self) -> &'static str {
        "ss-info"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines().filter(|l| !l.trim().is_empty()).peekable();
        header_columns(lines.next()?)?;
        // The header alone: no connection was open.
        if lines.peek().is_none() {
            return Some(90);
        }
        lines
            .take(8)
            .any(|l| l.starts_with(char::is_whitespace) && field(l, "rtt").is_some())
            .then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut state_column = None;
        let mut header_line = 0;
        let mut connection_lines = 0u64;
        let mut peer: Option<(String, u64)> = None;
        let mut totals = Totals::default();
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            if text.trim().is_empty() {
                continue;
            }
            if let Some(columns) = header_columns(&text) {
                state_column = Some(columns);
                header_line = line.number;
                continue;
            }
            let Some(shift) = state_column else {
                return Err(ParseError::at(
                    line.number,
                    "no ss header (State Recv-Q Send-Q Local Address:Port Peer Address:Port) before the sockets",
                ));
            };
            if !text.starts_with(char::is_whitespace) {
                // A connection: its peer is the fourth column after the optional state.
                connection_lines += 1;
                peer = text
                    .split_whitespace()
                    .nth(shift + 3)
                    .map(|p| (p.to_string(), line.number));
                continue;
            }
            let Some((address, _)) = peer.take() else {
                sink.warn(
                    line.number,
                    "an info line without a connection line above it; ignored",
                );
                continue;
            };
            if line.cut_off {
                sink.warn_cut_off(line.number);
                continue;
            }
            if totals.add(&text, &address, line.number).is_none() {
                sink.warn(
                    line.number,
                    "info line without a readable rtt:, retrans: or segs_out:; ignored",
                );
            }
        }
        if state_column.is_none() {
            return Err(ParseError::whole_file("no ss header line found"));
        }
        if connection_lines == 0 {
            let none = crate::facts::Value::Number(0.0);
            sink.put(
                "net.tcp.conn.count",
                none,
                Unit::Count,
                (header_line, header_line),
            );
            return Ok(());
        }
        if totals.count == 0 {
            return Err(ParseError::whole_file(
                "no connection with TCP info (rtt:…) found: capture ss -ti, not ss -t",
            ));
        }
        totals.put(sink);
        Ok(())
    }
}
