//! `ping` (iputils, BusyBox): round-trip time and loss to a host. In the valuation
//! batch case the application moved to a second server and the job got slower
//! (79 → 84 min) partly because of high latency between the two; a rule compares the
//! app↔database RTT with what a local network should give.
//!
//! ```text
//! PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.
//! 64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.274 ms
//! 64 bytes from 127.0.0.1: icmp_seq=2 ttl=64 time=0.036 ms
//! …
//!
//! --- 127.0.0.1 ping statistics ---
//! 5 packets transmitted, 5 received, 0% packet loss, time 4083ms
//! rtt min/avg/max/mdev = 0.036/0.092/0.274/0.090 ms
//! ```
//!
//! BusyBox prints `PING host (ip): 56 data bytes` and `round-trip min/avg/max = …`.
//! Several runs may follow one another; each `PING` line starts one. When a run has no
//! summary (interrupted, or the capture cut off), RTTs are worked out from the reply
//! lines and a warning says so; loss is then unknown.
//!
//! Facts, labelled by the target as typed on the `PING` line (`db01`, `10.0.0.2` →
//! `10_0_0_2`): `net.ping.<target>.rtt_{min,avg,max,mdev}_ms`,
//! `net.ping.<target>.loss_pct`.

use crate::facts::Unit;
use crate::parse::instance_label::instance_label;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;
use std::collections::HashSet;

pub struct Ping;

/// The target of a `PING <target> (<address>) …` line.
fn ping_target(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("PING ")?;
    let looks_like_ping = rest.contains("bytes of data") || rest.contains("data bytes");
    looks_like_ping
        .then(|| rest.split_whitespace().next())
        .flatten()
}

/// One run of ping against one target.
struct Run {
    label: String,
    line: u64,
    last_line: u64,
    replies: usize,
    reply_min: f64,
    reply_max: f64,
    reply_sum: f64,
    summary: bool,
}

impl Run {
    fn new(label: String, line: u64) -> Self {
        Run {
            label,
            line,
            last_line: line,
            replies: 0,
            reply_min: f64::INFINITY,
            reply_max: 0.0,
            reply_sum: 0.0,
            summary: false,
        }
    }
}

/// The `time=` of a reply line (ping always prints milliseconds; the unit after the
/// number shows the number is whole).
fn reply_time(line: &str) -> Option<f64> {
    let rest = &line[line.find(" time=")? + 6..];
    let mut words = rest.split_whitespace();
    let number = words.next()?;
    (words.next()? == "ms").then_some(())?;
    parse_f64(number.as_bytes())
}

/// The loss share of a `5 packets transmitted, 5 received, 0% packet loss` line.
fn loss_pct(line: &str) -> Option<f64> {
    if !line.contains(" packets transmitted, ") {
        return None;
    }
    line.split(',')
        .find_map(|part| part.trim().strip_suffix("% packet loss"))
        .and_then(|v| parse_f64(v.as_bytes()))
}

/// The names and values of an `rtt min/avg/max/mdev = a/b/c/d ms` line.
fn rtt_summary(line: &str) -> Option<(&str, &str)> {
    let rest = line
        .strip_prefix("rtt ")
        .or_else(|| line.strip_prefix("round-trip "))?;
    let (names, values) = rest.split_once(" = ")?;
    let values = values.trim().strip_suffix("ms")?.trim();
    Some((names, values))
}

impl CaptureParser for Ping {
    fn tool(&self) -> &'static str {
        "ping"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let first = head.lines().map(str::trim).find(|l| !l.is_empty())?;
        ping_target(first).map(|_| 95)
    }

    fn starts_section(&self, line: &str) -> bool {
        ping_target(line.trim()).is_some()
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut run: Option<Run> = None;
        let mut seen: HashSet<String> = HashSet::new();
        let mut runs = 0;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            let n = line.number;
            if let Some(target) = ping_target(text) {
                if let Some(done) = run.take() {
                    finish(done, sink);
                }
                runs += 1;
                let Some(label) = instance_label(target) else {
                    continue;
                };
                if seen.insert(label.clone()) {
                    run = Some(Run::new(label, n));
                } else {
                    sink.warn(
                        n,
                        format!("a second ping to {target}; only the first is kept"),
                    );
                }
                continue;
            }
            let Some(current) = run.as_mut() else {
                continue;
            };
            // Every line read ends in its unit, so a last line without its line end
            // that still reads is whole; one that does not is reported as cut.
            if let Some(ms) = reply_time(text) {
                current.replies += 1;
                current.reply_min = current.reply_min.min(ms);
                current.reply_max = current.reply_max.max(ms);
                current.reply_sum += ms;
                current.last_line = n;
            } else if let Some(loss) = loss_pct(text) {
                let key = format!("net.ping.{}.loss_pct", current.label);
                sink.number(key, loss, Unit::Percent, n);
                current.summary |= loss >= 100.0;
                current.last_line = n;
            } else if let Some((names, values)) = rtt_summary(text) {
                current.summary = true;
                for (name, value) in names.split('/').zip(values.split('/')) {
                    // BSD and macOS ping call the deviation `stddev`.
                    let name = match name {
                        "min" | "avg" | "max" | "mdev" => name,
                        "stddev" => "mdev",
                        _ => continue,
                    };
                    match parse_f64(value.as_bytes()) {
                        Some(ms) => sink.number(
                            format!("net.ping.{}.rtt_{name}_ms", current.label),
                            ms,
                            Unit::Milliseconds,
                            n,
                        ),
                        None => sink.warn(n, format!("rtt {name} {value:?} is not a number")),
                    }
                }
            } else if line.cut_off {
                sink.warn_cut_off(n);
            }
        }
        if let Some(done) = run.take() {
            finish(done, sink);
        }
        if runs == 0 {
            return Err(ParseError::whole_file(
                "no `PING <host> (<address>) … bytes of data` line found",
            ));
        }
        Ok(())
    }
}

/// Without a summary, RTTs from the reply lines stand in for it.
fn finish(run: Run, sink: &mut FactSink) {
    if run.summary {
        return;
    }
    if run.replies == 0 {
        sink.warn(
            run.line,
            format!("no replies and no summary for {}", run.label),
        );
        return;
    }
    sink.warn(
        run.last_line,
        format!(
            "no ping statistics for {}; RTT worked out from {} replies, loss unknown",
            run.label, run.replies
        ),
    );
    let lines = (run.line, run.last_line);
    let mut put = |name: &str, ms: f64| {
        sink.put(
            format!("net.ping.{}.rtt_{name}_ms", run.label),
            crate::facts::Value::Number(ms),
            Unit::Milliseconds,
            lines,
        );
    };
    put("min", run.reply_min);
    put("avg", run.reply_sum / run.replies as f64);
    put("max", run.reply_max);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_lines_that_matter() {
        assert_eq!(
            ping_target("PING db01 (10.0.0.2) 56(84) bytes of data."),
            Some("db01")
        );
        assert_eq!(
            ping_target("PING 127.0.0.1 (127.0.0.1): 56 data bytes"),
            Some("127.0.0.1")
        );
        assert_eq!(ping_target("PING is a tool"), None);
        assert_eq!(
            reply_time("64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.274 ms"),
            Some(0.274)
        );
        assert_eq!(
            loss_pct("3 packets transmitted, 0 received, +3 errors, 100% packet loss, time 2004ms"),
            Some(100.0)
        );
        assert_eq!(
            rtt_summary("rtt min/avg/max/mdev = 0.036/0.092/0.274/0.090 ms"),
            Some(("min/avg/max/mdev", "0.036/0.092/0.274/0.090"))
        );
        assert_eq!(
            reply_time("64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.27"),
            None
        );
        assert_eq!(
            rtt_summary("round-trip min/avg/max = 0.060/0.081/0.112 ms"),
            Some(("min/avg/max", "0.060/0.081/0.112"))
        );
    }
}
