//! perfsage proc samples (format v1): CPU, disk and network activity per interval,
//! computed by `perfsage capture` from `/proc/stat`, `/proc/diskstats` and
//! `/proc/net/dev` on hosts without sysstat (mpstat, iostat, sar). It gives the same
//! facts, with the same meanings, as those tools, so rules need not know which one ran.
//!
//! ```text
//! # perfsage proc samples v1
//! # perfsage capture read /proc/stat, /proc/diskstats and /proc/net/dev every 1 s (sysstat absent)
//! 2026-12-02T12:40:12Z cpu all usr=52.00 nice=0.00 sys=26.94 iowait=1.69 irq=0.00 soft=14.08 steal=0.86 idle=3.59
//! 2026-12-02T12:40:12Z cpu 0 usr=50.00 nice=0.00 sys=28.00 iowait=2.00 irq=0.00 soft=15.00 steal=1.00 idle=4.00
//! 2026-12-02T12:40:12Z disk vda r_per_s=0.00 w_per_s=1800.00 rkb_per_s=0.00 wkb_per_s=7200.00 r_await_ms=0.00 w_await_ms=0.10 aqu_sz=0.18 util_pct=13.80
//! 2026-12-02T12:40:12Z net lo rxpck_per_s=2435.00 txpck_per_s=2435.00 rxkb_per_s=980.44 txkb_per_s=980.44
//! ```
//!
//! The layout:
//! - the first non-blank line is exactly `# perfsage proc samples v1`; other lines
//!   starting with `#` are comments;
//! - every other line is one sample of one object over the interval that ends at its
//!   time stamp: the time (UTC, `YYYY-MM-DDTHH:MM:SSZ`), the kind (`cpu`, `disk` or
//!   `net`), the object (`all` or a CPU number; a block device; an interface) and
//!   `field=value` pairs in any order. Unknown fields and kinds are ignored, so later
//!   versions may add some;
//! - `cpu` fields are shares of the interval in percent, as mpstat prints them: `usr`
//!   (without guest time), `nice`, `sys`, `iowait`, `irq`, `soft`, `steal`, `idle`;
//!   `disk` fields are iostat -x's `r/s`, `w/s`, `rkB/s`, `wkB/s`, `r_await`, `w_await`,
//!   `aqu-sz`, `%util`; `net` fields are sar -n DEV's `rxpck/s`, `txpck/s`, `rxkB/s`,
//!   `txkB/s`.
//!
//! Facts (series): `cpu.{util,usr,sys,iowait,steal,irq,soft}_pct` (util = 100 − idle −
//! iowait, as for mpstat), `cpu.<n>.{util,soft}_pct`, `disk.<dev>.{util_pct,r_per_s,
//! w_per_s,rkb_per_s,wkb_per_s,r_await_ms,w_await_ms,aqu_sz}`,
//! `net.<if>.{rxpck_per_s,txpck_per_s,rxkb_per_s,txkb_per_s}`.

use crate::facts::{SeriesBuilder, Unit};
use crate::parse::activity::time_of_day::{IntervalTracker, seconds_of_day};
use crate::parse::instance_label::label_from_bytes;
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::fields::fields;
use crate::text::number::parse_f64;
use std::collections::BTreeMap;

pub struct ProcSamples;

/// The first line of every file in this format (the writer uses it too).
pub const HEADER: &str = "# perfsage proc samples v1";

/// What each `cpu all` field becomes.
const CPU_ALL_FIELDS: [(&str, &str); 6] = [
    ("usr", "cpu.usr_pct"),
    ("sys", "cpu.sys_pct"),
    ("iowait", "cpu.iowait_pct"),
    ("steal", "cpu.steal_pct"),
    ("irq", "cpu.irq_pct"),
    ("soft", "cpu.soft_pct"),
];

/// `disk` fields and their fact suffix and unit.
const DISK_FIELDS: [(&str, &str, Unit); 8] = [
    ("util_pct", "util_pct", Unit::Percent),
    ("r_per_s", "r_per_s", Unit::PerSecond),
    ("w_per_s", "w_per_s", Unit::PerSecond),
    ("rkb_per_s", "rkb_per_s", Unit::KilobytesPerSecond),
    ("wkb_per_s", "wkb_per_s", Unit::KilobytesPerSecond),
    ("r_await_ms", "r_await_ms", Unit::Milliseconds),
    ("w_await_ms", "w_await_ms", Unit::Milliseconds),
    ("aqu_sz", "aqu_sz", Unit::Count),
];

/// `net` fields and their fact suffix and unit.
const NET_FIELDS: [(&str, &str, Unit); 4] = [
    ("rxpck_per_s", "rxpck_per_s", Unit::PerSecond),
    ("txpck_per_s", "txpck_per_s", Unit::PerSecond),
    ("rxkb_per_s", "rxkb_per_s", Unit::KilobytesPerSecond),
    ("txkb_per_s", "txkb_per_s", Unit::KilobytesPerSecond),
];

/// Series keyed by fact key, with their unit; a BTreeMap keeps the output ordered.
#[derive(Default)]
struct Collected {
    series: BTreeMap<String, (SeriesBuilder, Unit)>,
}

impl Collected {
    fn push(&mut self, key: String, unit: Unit, value: f64, line: u64) {
        self.series
            .entry(key)
            .or_insert_with(|| (SeriesBuilder::default(), unit))
            .0
            .push(value, line);
    }
}

/// One sample line's `field=value` pairs.
struct Pairs<'a> {
    pairs: Vec<(&'a [u8], &'a [u8])>,
}

impl<'a> Pairs<'a> {
    fn get(&self, name: &str) -> Option<&'a [u8]> {
        self.pairs
            .iter()
            .find(|(k, _)| *k == name.as_bytes())
            .map(|(_, v)| *v)
    }
}

/// Seconds of the day of `2026-12-02T12:40:12Z`.
fn time_of_day(stamp: &[u8]) -> Option<u32> {
    let valid = stamp.len() == 20
        && stamp[4] == b'-'
        && stamp[7] == b'-'
        && stamp[10] == b'T'
        && stamp[19] == b'Z'
        && stamp[..4].iter().all(u8::is_ascii_digit);
    if !valid {
        return None;
    }
    seconds_of_day(&stamp[11..19], None)
}

impl CaptureParser for ProcSamples {
    fn tool(&self) -> &'static str {
        "proc-samples"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let first = head.lines().find(|l| !l.trim().is_empty())?;
        (first.trim_end() == HEADER).then_some(100)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut collected = Collected::default();
        let mut interval = IntervalTracker::default();
        let mut saw_header = false;
        let mut warned_kinds: Vec<Vec<u8>> = Vec::new();

        while let Some(line) = lines.next_line()? {
            let text = line.bytes;
            let trimmed = text.trim_ascii();
            if trimmed.is_empty() {
                continue;
            }
            if !saw_header {
                if trimmed != HEADER.as_bytes() {
                    return Err(ParseError::at(
                        line.number,
                        format!("the first line must be \"{HEADER}\""),
                    ));
                }
                saw_header = true;
                continue;
            }
            if trimmed.starts_with(b"#") {
                continue;
            }
            if line.cut_off {
                // A row without its line end may have lost digits of its last number.
                sink.warn(line.number, "last row is cut off (truncated file); ignored");
                continue;
            }
            let mut words = fields(trimmed);
            let (Some(stamp), Some(kind), Some(name)) = (words.next(), words.next(), words.next())
            else {
                sink.warn(
                    line.number,
                    "a sample needs a time, a kind and an object; ignored",
                );
                continue;
            };
            let Some(seconds) = time_of_day(stamp) else {
                sink.warn(
                    line.number,
                    "row does not start with a YYYY-MM-DDTHH:MM:SSZ time stamp; ignored",
                );
                continue;
            };
            let mut pairs = Vec::new();
            let mut malformed = false;
            for word in words {
                match word.iter().position(|b| *b == b'=') {
                    Some(at) if parse_f64(&word[at + 1..]).is_some() => {
                        pairs.push((&word[..at], &word[at + 1..]));
                    }
                    _ => malformed = true,
                }
            }
            if malformed {
                sink.warn(
                    line.number,
                    "a field is not written field=number; row ignored",
                );
                continue;
            }
            let pairs = Pairs { pairs };
            let number = |field: &str| pairs.get(field).and_then(parse_f64);
            match kind {
                b"cpu" => {
                    interval.observe(seconds);
                    let Some(idle) = number("idle") else {
                        sink.warn(line.number, "cpu sample without idle=; ignored");
                        continue;
                    };
                    let busy = (100.0 - idle - number("iowait").unwrap_or(0.0)).clamp(0.0, 100.0);
                    if name == b"all" {
                        collected.push("cpu.util_pct".into(), Unit::Percent, busy, line.number);
                        for (field, key) in CPU_ALL_FIELDS {
                            if let Some(value) = number(field) {
                                collected.push(key.into(), Unit::Percent, value, line.number);
                            }
                        }
                    } else if name.iter().all(u8::is_ascii_digit) && name.len() <= 5 {
                        let cpu = String::from_utf8_lossy(name);
                        collected.push(
                            format!("cpu.{cpu}.util_pct"),
                            Unit::Percent,
                            busy,
                            line.number,
                        );
                        if let Some(soft) = number("soft") {
                            collected.push(
                                format!("cpu.{cpu}.soft_pct"),
                                Unit::Percent,
                                soft,
                                line.number,
                            );
                        }
                    } else {
                        sink.warn(line.number, "cpu object is neither all nor a number");
                    }
                }
                b"disk" | b"net" => {
                    let (prefix, table): (&str, &[(&str, &str, Unit)]) = if kind == b"disk" {
                        ("disk", &DISK_FIELDS)
                    } else {
                        ("net", &NET_FIELDS)
                    };
                    let label = label_from_bytes(name);
                    for (field, suffix, unit) in table {
                        if let Some(value) = number(field) {
                            collected.push(
                                format!("{prefix}.{label}.{suffix}"),
                                *unit,
                                value,
                                line.number,
                            );
                        }
                    }
                }
                other => {
                    if !warned_kinds.iter().any(|k| k == other) {
                        warned_kinds.push(other.to_vec());
                        sink.warn(
                            line.number,
                            format!(
                                "unknown sample kind \"{}\" ignored",
                                String::from_utf8_lossy(other)
                            ),
                        );
                    }
                }
            }
        }

        if !saw_header {
            return Err(ParseError::whole_file("empty file"));
        }
        if collected.series.is_empty() {
            return Err(ParseError::whole_file(
                "no samples: the capture ended before the first interval",
            ));
        }
        let secs = interval.interval_s();
        for (key, (series, unit)) in &collected.series {
            sink.series(key.as_str(), series, *unit, secs, Strength::Primary);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_stamps_must_be_utc_iso() {
        let case = |stamp: &str, want: Option<u32>| {
            assert_eq!(time_of_day(stamp.as_bytes()), want, "{stamp}")
        };
        case("2026-12-02T12:40:12Z", Some(45_612));
        case("2026-12-02T00:00:00Z", Some(0));
        case("2026-12-02T12:40:12+01:00", None);
        case("12:40:12", None);
        case("2026-12-02T25:40:12Z", None);
        case("abcd-12-02T12:40:12Z", None);
    }
}
