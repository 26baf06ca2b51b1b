//! The kernel's TCP counters (/proc/net/snmp and /proc/net/netstat) as `nstat` and
//! `netstat -s` print them: which counters perfsage keeps, and what one or several
//! snapshots of them mean. Both tools print cumulative counters; only the growth
//! between two snapshots whose time is known (stamp lines such as `date +%s`, see
//! `snapshot_time`) says what happened during the capture.
//!
//! Facts: `net.tcp.<counter>` (count, the last snapshot as printed: since boot for
//! `nstat -a` and `netstat -s`, since nstat's previous run for a plain `nstat`) and,
//! from two or more timed snapshots, `net.tcp.<counter>_per_s` (series, one sample
//! per pair of snapshots). The rates are fallbacks: sar -n TCP,ETCP gives the same keys
//! per interval and wins. A counter a snapshot does not print counts as 0 there (nstat
//! without -z and netstat -s leave out zero counters).

use crate::facts::{SeriesBuilder, Unit};
use crate::parse::FactSink;
use crate::parse::sink::Strength;

/// One counter: its nstat name, the text `netstat -s` prints after the number (or its
/// `Name:` form for counters netstat has no sentence for), and the key suffix.
pub struct Counter {
    pub nstat: &'static str,
    pub netstat: &'static str,
    pub key: &'static str,
}

const fn counter(nstat: &'static str, netstat: &'static str, key: &'static str) -> Counter {
    Counter {
        nstat,
        netstat,
        key,
    }
}

/// The counters kept, with net-tools 2.10's wording (`strings /usr/bin/netstat`).
pub const COUNTERS: &[Counter] = &[
    counter(
        "TcpActiveOpens",
        "active connection openings",
        "active_opens",
    ),
    counter(
        "TcpPassiveOpens",
        "passive connection openings",
        "passive_opens",
    ),
    counter(
        "TcpAttemptFails",
        "failed connection attempts",
        "attempt_fails",
    ),
    counter(
        "TcpEstabResets",
        "connection resets received",
        "established_resets",
    ),
    counter("TcpInSegs", "segments received", "segments_in"),
    counter("TcpOutSegs", "segments sent out", "segments_out"),
    counter("TcpRetransSegs", "segments retransmitted", "retrans"),
    counter("TcpInErrs", "bad segments received", "segments_in_errors"),
    counter("TcpOutRsts", "resets sent", "resets_out"),
    counter(
        "TcpExtListenOverflows",
        "times the listen queue of a socket overflowed",
        "listen_overflows",
    ),
    counter(
        "TcpExtListenDrops",
        "SYNs to LISTEN sockets dropped",
        "listen_drops",
    ),
    counter(
        "TcpExtSyncookiesSent",
        "SYN cookies sent",
        "syncookies_sent",
    ),
    counter(
        "TcpExtSyncookiesRecv",
        "SYN cookies received",
        "syncookies_received",
    ),
    counter(
        "TcpExtSyncookiesFailed",
        "invalid SYN cookies received",
        "syncookies_failed",
    ),
    counter("TcpExtTCPTimeouts", "TCPTimeouts", "timeouts"),
    counter("TcpExtTCPFastRetrans", "fast retransmits", "fast_retrans"),
];

/// The counter nstat calls `name`.
pub fn by_nstat_name(name: &str) -> Option<usize> {
    COUNTERS.iter().position(|c| c.nstat == name)
}

/// Older net-tools (1.60, as RHEL/CentOS 7 ship it) spell three sentences otherwise;
/// not recorded here: the spellings published with captures of those systems.
const OLD_SPELLINGS: &[(&str, &str)] = &[
    ("active connections openings", "active connection openings"),
    ("segments send out", "segments sent out"),
    ("segments retransmited", "segments retransmitted"),
];

/// The counter whose netstat -s sentence (after the number) or `Name:` is `text`.
pub fn by_netstat_text(text: &str) -> Option<usize> {
    let text = OLD_SPELLINGS
        .iter()
        .find(|(old, _)| *old == text)
        .map_or(text, |(_, current)| current);
    COUNTERS.iter().position(|c| c.netstat == text)
}

/// One print of the counters: when it was taken (if the capture says), each kept
/// counter's value and line.
struct Snapshot {
    time: Option<f64>,
    values: [Option<(f64, u64)>; COUNTERS.len()],
}

/// The snapshots of a capture, read line by line.
#[derive(Default)]
pub struct Snapshots {
    done: Vec<Snapshot>,
    current: Option<Snapshot>,
    pending_time: Option<f64>,
}

/// More snapshots than this in one file is not a capture loop anyone ran; later ones
/// are not kept.
const MAX_SNAPSHOTS: usize = 10_000;

impl Snapshots {
    /// A stamp line: the snapshot after it was taken at `seconds`.
    pub fn stamp(&mut self, seconds: f64) {
        self.close();
        self.pending_time = Some(seconds);
    }

    /// A new print of the counters starts (nstat's `#kernel`, netstat's first section).
    pub fn begin(&mut self) {
        self.close();
        self.current = Some(Snapshot {
            time: self.pending_time.take(),
            values: [None; COUNTERS.len()],
        });
    }

    pub fn value(&mut self, counter: usize, value: f64, line: u64) {
        if self.current.is_none() {
            self.begin();
        }
        if let Some(snapshot) = &mut self.current {
            snapshot.values[counter] = Some((value, line));
        }
    }

    /// Keeps the snapshot being read, unless it printed none of the kept counters (a
    /// rate against it would start from zero).
    fn close(&mut self) {
        if let Some(snapshot) = self.current.take()
            && snapshot.values.iter().any(Option::is_some)
            && self.done.len() < MAX_SNAPSHOTS
        {
            self.done.push(snapshot);
        }
    }

    /// Puts the counts of the last snapshot and the rates between timed snapshots.
    /// `last_line` is where warnings about the whole capture go.
    pub fn finish(mut self, sink: &mut FactSink, last_line: u64) {
        self.close();
        let snapshots = self.done;
        if let Some(last) = snapshots.last() {
            for (counter, value) in COUNTERS.iter().zip(&last.values) {
                if let Some((value, line)) = value {
                    sink.number(
                        format!("net.tcp.{}", counter.key),
                        *value,
                        Unit::Count,
                        *line,
                    );
                }
            }
        }
        if snapshots.len() < 2 {
            return;
        }
        let mut rates: Vec<SeriesBuilder> = vec![SeriesBuilder::default(); COUNTERS.len()];
        let mut spans = Vec::new();
        let mut untimed = 0;
        for pair in snapshots.windows(2) {
            let (before, after) = (&pair[0], &pair[1]);
            let seconds = match (before.time, after.time) {
                (Some(a), Some(b)) if b > a => b - a,
                _ => {
                    untimed += 1;
                    continue;
                }
            };
            spans.push(seconds);
            for (i, value) in after.values.iter().enumerate() {
                let Some((later, line)) = value else { continue };
                let earlier = before.values[i].map_or(0.0, |(v, _)| v);
                if *later < earlier {
                    sink.warn(
                        *line,
                        format!(
                            "{} fell from {earlier} to {later}: not cumulative counters (plain nstat prints the change since its last run) or a reboot; no rate for this interval",
                            COUNTERS[i].nstat
                        ),
                    );
                    continue;
                }
                rates[i].push((later - earlier) / seconds, *line);
            }
        }
        if untimed > 0 {
            sink.warn(
                last_line,
                format!(
                    "{} snapshots, {untimed} pair(s) of them without a time between: print `date +%s` before each snapshot to get rates",
                    snapshots.len()
                ),
            );
        }
        let interval = (!spans.is_empty()).then(|| spans.iter().sum::<f64>() / spans.len() as f64);
        for (counter, series) in COUNTERS.iter().zip(&rates) {
            sink.series(
                format!("net.tcp.{}_per_s", counter.key),
                series,
                Unit::PerSecond,
                interval,
                Strength::Fallback,
            );
        }
    }
}
