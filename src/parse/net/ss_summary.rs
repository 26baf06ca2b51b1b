//! `ss -s` (iproute2): how many sockets exist and what state the TCP ones are in,
//! from /proc/net/sockstat. Many sockets in TIME-WAIT point at short connections
//! (a pool that reconnects), many orphans at peers that vanish.
//!
//! ```text
//! Total: 2
//! TCP:   6 (estab 2, closed 4, orphaned 0, timewait 0)
//!
//! Transport Total     IP        IPv6
//! RAW       0         0         0
//! ```
//!
//! `Total` is every socket in use (sar -n SOCK's `totsck`), the TCP figure is the TCP
//! sockets allocated (sockstat's `alloc`, more than sar's `tcpsck`, which counts those
//! in use); older ss prints `Total: 174 (kernel 0)` and `timewait 0/0`, read alike.
//! The transport table is not read. Several prints (a loop, optionally with stamp
//! lines) make series. Facts (series, one sample per print): `net.sockets.total` and
//! `net.sockets.tcp_timewait` (fallbacks to sar -n SOCK), `net.sockets.tcp_allocated`,
//! `net.sockets.tcp_estab`, `net.sockets.tcp_closed`, `net.sockets.tcp_orphaned`.

use crate::facts::{SeriesBuilder, Unit};
use crate::parse::os::snapshot_time::stamp_seconds;
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_u64;

pub struct SsSummary;

/// Key, strength and the name of the figure inside `TCP: N (…)` (`None`: N itself).
const TCP_FIGURES: [(&str, Strength, Option<&str>); 5] = [
    ("net.sockets.tcp_allocated", Strength::Primary, None),
    ("net.sockets.tcp_estab", Strength::Primary, Some("estab")),
    ("net.sockets.tcp_closed", Strength::Primary, Some("closed")),
    (
        "net.sockets.tcp_orphaned",
        Strength::Primary,
        Some("orphaned"),
    ),
    (
        "net.sockets.tcp_timewait",
        Strength::Fallback,
        Some("timewait"),
    ),
];
const TOTAL_KEY: &str = "net.sockets.total";

/// The number after `Total:` (`Total: 174 (kernel 0)`).
fn total_line(line: &str) -> Option<u64> {
    let rest = line.strip_prefix("Total:")?;
    parse_u64(rest.split_whitespace().next()?.as_bytes())
}

/// `TCP:   6 (estab 2, closed 4, orphaned 0, timewait 0)`: the figures in
/// `TCP_FIGURES` order, `None` for one the line does not print.
fn tcp_line(line: &str) -> Option<[Option<u64>; 5]> {
    let rest = line.strip_prefix("TCP:")?;
    let (count, inside) = rest.split_once('(')?;
    let inside = inside.split_once(')')?.0;
    let mut figures = [None; 5];
    figures[0] = Some(parse_u64(count.trim().as_bytes())?);
    for part in inside.split(',') {
        let mut words = part.split_whitespace();
        let (Some(name), Some(value)) = (words.next(), words.next()) else {
            return None;
        };
        // `timewait 0/0` in older ss: the first figure is the count.
        let value = parse_u64(value.split('/').next()?.as_bytes())?;
        if let Some(i) = TCP_FIGURES.iter().position(|f| f.2 == Some(name)) {
            figures[i] = Some(value);
        }
    }
    Some(figures)
}

impl CaptureParser for SsSummary {
    fn tool(&self) -> &'static str {
        "ss-summary"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head
            .lines()
            .filter(|l| !l.trim().is_empty() && stamp_seconds(l).is_none());
        let first = lines.next()?;
        let second = lines.next()?;
        (total_line(first).is_some() && second.starts_with("TCP:") && second.contains("(estab "))
            .then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut total = SeriesBuilder::default();
        let mut tcp: [SeriesBuilder; 5] = Default::default();
        let mut times = Vec::new();
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            if let Some(seconds) = stamp_seconds(&text) {
                times.push(seconds);
                continue;
            }
            if text.starts_with("Total:") {
                match total_line(&text) {
                    Some(value) => total.push(value as f64, line.number),
                    None => sink.warn(line.number, "Total: without a number; ignored"),
                }
            } else if text.starts_with("TCP:") {
                match tcp_line(&text).filter(|_| !line.cut_off) {
                    Some(figures) => {
                        for (series, value) in tcp.iter_mut().zip(figures) {
                            if let Some(value) = value {
                                series.push(value as f64, line.number);
                            }
                        }
                    }
                    None => sink.warn(
                        line.number,
                        "TCP: line is not `N (estab N, closed N, orphaned N, timewait N)`; ignored",
                    ),
                }
            }
        }
        if total.is_empty() && tcp[0].is_empty() {
            return Err(ParseError::whole_file(
                "no `Total:` or `TCP:` line of ss -s found",
            ));
        }
        let interval = match (times.first(), times.last()) {
            (Some(first), Some(last)) if times.len() > 1 && last > first => {
                Some((last - first) / (times.len() - 1) as f64)
            }
            _ => None,
        };
        sink.series(TOTAL_KEY, &total, Unit::Count, interval, Strength::Fallback);
        for ((key, strength, _), series) in TCP_FIGURES.iter().zip(&tcp) {
            sink.series(*key, series, Unit::Count, interval, *strength);
        }
        Ok(())
    }
}
