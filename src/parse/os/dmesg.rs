//! `dmesg` (util-linux): the kernel's log since boot. perfsage reads what the kernel
//! says about itself at boot: its release, its command line, and the IOMMU/SMMU units
//! it registered (src/parse/os/iommu_messages.rs), so the SMMU state is known when no
//! settings snapshot was taken. On this machine (a KVM guest with no IOMMU):
//!
//! ```text
//! [    0.000000] Linux version 6.18.44-fc-v1098 (builder@sandboxing) (gcc (GCC) 15.3.0, GNU ld (GNU Binutils) 2.46) #1 SMP PREEMPT_DYNAMIC @0
//! [    0.000000] Command line: console=ttyS0 quiet reboot=k panic=1 nomodule …
//! …
//! [    0.128519] Kernel command line: mitigations=auto,no_guest_host,no_guest_guest console=ttyS0 …
//! …
//! [    0.349174] iommu: Default domain type: Translated
//! [    0.349184] iommu: DMA domain TLB invalidation policy: lazy mode
//! ```
//!
//! Also read: `dmesg -T` (`[Wed Dec  2 17:27:27 2026] message`), `dmesg -x`
//! (`kern  :warn  : [    0.000000] message`) and `dmesg -r` (`<4>[    0.000000] …`)
//! with either stamp, `journalctl -k` and
//! syslog (`Dec 02 17:27:27 host kernel: message`, with or without the seconds stamp
//! after `kernel:`), and excerpts such as `dmesg | grep -i -e iommu -e smmu -e dmar -e
//! AMD-Vi`. Lines without a prefix that start with a blank continue a multi-line
//! message and are skipped.
//!
//! Facts, all fallbacks (the settings snapshot reads the same state from /sys and
//! /proc directly): `os.kernel` (`Linux version <release> …`), `os.cmdline` (`Kernel
//! command line:`, else x86's early `Command line:`), `os.iommu_passthrough` (the
//! default domain type `Passthrough` or `Translated`, followed by `(set via kernel
//! command line)` when a boot option chose it; else `iommu.passthrough=` / `iommu=pt`
//! on the command line), and `os.iommu_units` with `os.iommu_enabled`: the
//! distinct units registered (see iommu_messages.rs for which count). Units found are
//! proof enough in any excerpt. Their absence is only believed in a whole boot log: one
//! that begins with `Linux version` (at time 0 when stamped in seconds) and is not cut
//! off. A grep that found no unit, or a ring buffer that wrapped and lost the boot,
//! gives no `os.iommu_*` unit facts at all; a grep that keeps the `Linux version` line
//! would be taken for a whole log. A file holding several boots (syslog) is read for
//! the last one.
//!
//! Errors: every message is also run past the kernel-error classes (OOM kills,
//! storage errors by device, hung tasks, lockups, NIC transmit timeouts, conntrack
//! table full, SYN floods, link downs, machine checks, EDAC), counted for the last
//! boot in kernel_error_tally.rs, which says which facts they give.

use crate::facts::{Unit, Value};
use crate::parse::capture_window::CaptureWindow;
use crate::parse::os::iommu_messages::{Driver, IommuMessage, classify};
use crate::parse::os::kernel_error_tally::KernelErrorTally;
use crate::parse::os::settings_snapshot::cmdline_passthrough;
use crate::parse::os::snapshot_time::iso_instant;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use std::collections::{BTreeMap, BTreeSet};

pub struct Dmesg;

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// How a kernel log line is stamped.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Stamp {
    /// Seconds since boot: `[    0.349174]`.
    Uptime(f64),
    /// Wall-clock time without a zone: `dmesg -T`, journalctl, syslog.
    Clock,
    /// A moment in UTC seconds since the epoch, from a stamp that names its zone:
    /// `dmesg --time-format iso`, `journalctl -k -o short-iso`.
    Instant(f64),
}

impl Stamp {
    /// Whether a `Linux version` line with this stamp starts the boot's log: a wall
    /// clock always does (the kernel prints it first), seconds since boot only at 0.
    fn starts_boot(self) -> bool {
        matches!(self, Stamp::Clock | Stamp::Instant(_) | Stamp::Uptime(0.0))
    }
}

/// The stamp and message of a kernel log line; `None` for any other line.
fn split_line(line: &str) -> Option<(Stamp, &str)> {
    let line = without_level(line);
    if let Some(split) = bracketed(line) {
        return Some(split);
    }
    if let Some(split) = iso_stamped(line) {
        return Some(split);
    }
    let message = journal_message(line)?;
    // rsyslog keeps the kernel's own stamp after `kernel:`.
    Some(bracketed(message).unwrap_or((Stamp::Clock, message)))
}

/// syslog's facilities and levels, as `dmesg -x` names them.
const FACILITIES: [&str; 20] = [
    "kern", "user", "mail", "daemon", "auth", "syslog", "lpr", "news", "uucp", "cron", "authpriv",
    "ftp", "local0", "local1", "local2", "local3", "local4", "local5", "local6", "local7",
];
const LEVELS: [&str; 8] = [
    "emerg", "alert", "crit", "err", "warn", "notice", "info", "debug",
];

/// A line without the facility and level `dmesg -x` prints before the stamp
/// (`kern  :warn  : `) or the raw priority `dmesg -r` prints (`<4>`).
fn without_level(line: &str) -> &str {
    if let Some(rest) = line.strip_prefix('<')
        && let Some((priority, rest)) = rest.split_once('>')
        && (1..=3).contains(&priority.len())
        && priority.bytes().all(|b| b.is_ascii_digit())
    {
        return rest;
    }
    let decoded = line.split_once(':').and_then(|(facility, rest)| {
        let (level, rest) = rest.split_once(':')?;
        (FACILITIES.contains(&facility.trim_end()) && LEVELS.contains(&level.trim_end()))
            .then(|| rest.strip_prefix(' ').unwrap_or(rest))
    });
    decoded.unwrap_or(line)
}

/// `[    0.349174] message` or `[Wed Dec  2 17:27:27 2026] message`.
fn bracketed(line: &str) -> Option<(Stamp, &str)> {
    let (inside, message) = line.strip_prefix('[')?.split_once(']')?;
    let stamp = match uptime(inside) {
        Some(seconds) => Stamp::Uptime(seconds),
        None if is_ctime(inside) => Stamp::Clock,
        None => return None,
    };
    Some((stamp, message.strip_prefix(' ').unwrap_or(message)))
}

/// `2026-12-04T21:29:09,843000+00:00 message` (`dmesg --time-format iso`) or
/// `2026-12-04T21:29:09+0000 host kernel: message` (`journalctl -k -o short-iso`).
fn iso_stamped(line: &str) -> Option<(Stamp, &str)> {
    let (word, rest) = line.split_once(' ')?;
    let stamp = Stamp::Instant(iso_instant(word)?);
    let journal = next_word(rest).and_then(|(_host, after)| after.strip_prefix(" kernel:"));
    // dmesg always prints microseconds after a comma; other stamped lines (perfsage's
    // own /proc samples) are not kernel logs.
    let message = match journal {
        Some(message) => message,
        None if word.get(19..20) == Some(",") => rest,
        None => return None,
    };
    Some((stamp, message.strip_prefix(' ').unwrap_or(message)))
}

/// Seconds since boot as the kernel prints them, `%5lu.%06lu`. Nine digits at most:
/// `ping -D` prints ten-digit epoch seconds in the same brackets.
fn uptime(inside: &str) -> Option<f64> {
    let stamp = inside.trim_start();
    let (seconds, micros) = stamp.split_once('.')?;
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let valid =
        (1..=9).contains(&seconds.len()) && micros.len() == 6 && digits(seconds) && digits(micros);
    valid.then(|| stamp.parse().ok()).flatten()
}

/// `Wed Dec  2 17:27:27 2026`, as `dmesg -T` prints it.
fn is_ctime(inside: &str) -> bool {
    let words: Vec<&str> = inside.split_whitespace().collect();
    let [weekday, month, day, time, year] = words.as_slice() else {
        return false;
    };
    weekday.len() == 3
        && weekday.bytes().all(|b| b.is_ascii_alphabetic())
        && MONTHS.contains(month)
        && is_day(day)
        && is_clock(time)
        && year.len() == 4
        && year.bytes().all(|b| b.is_ascii_digit())
}

/// The message of `Dec 02 17:27:27 host kernel: message` (journalctl -k, syslog).
fn journal_message(line: &str) -> Option<&str> {
    let (month, rest) = next_word(line)?;
    let (day, rest) = next_word(rest)?;
    let (time, rest) = next_word(rest)?;
    let (_host, rest) = next_word(rest)?;
    let rest = rest.strip_prefix(" kernel:")?;
    let valid = MONTHS.contains(&month) && is_day(day) && is_clock(time);
    valid.then(|| rest.strip_prefix(' ').unwrap_or(rest))
}

/// The first word of `text` and what follows it (starting with the blank).
fn next_word(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_start();
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    (end > 0).then(|| text.split_at(end))
}

fn is_day(day: &str) -> bool {
    (1..=2).contains(&day.len()) && day.bytes().all(|b| b.is_ascii_digit())
}

/// `hh:mm:ss`.
fn is_clock(time: &str) -> bool {
    let parts: Vec<&str> = time.split(':').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// A line's stamp as a reader knows it: `95255.8 s after boot`, or the date as printed
/// (`Wed Dec  2 17:27:27 2026`, `Dec 02 17:27:27 db1`).
fn shown_stamp(stamp: Stamp, line: &str, message: &str) -> String {
    match stamp {
        Stamp::Uptime(seconds) => format!("{seconds:.1} s after boot"),
        Stamp::Clock | Stamp::Instant(_) => {
            let prefix = line.strip_suffix(message).unwrap_or_default();
            let prefix = prefix.trim_end().trim_end_matches(" kernel:");
            prefix.trim_matches(['[', ']', ' ']).to_string()
        }
    }
}

/// A line that belongs to no message of its own: the rest of a multi-line message
/// (indented under the previous one), or a journalctl marker (`-- No entries --`).
fn is_filler(line: &str) -> bool {
    line.starts_with([' ', '\t']) || line.starts_with("-- ")
}

/// What `journalctl -k` prints on a host without a systemd journal.
const NO_JOURNAL: &str = "No journal files were found.";

/// A unit and the lines that speak about it.
struct UnitLines {
    driver: Driver,
    first: u64,
    last: u64,
}

/// What one boot's log says so far.
#[derive(Default)]
struct Boot {
    /// The `Linux version` line, when this boot's log is there from its start.
    start: Option<u64>,
    kernel: Option<(String, u64)>,
    cmdline: Option<(String, u64)>,
    early_cmdline: Option<(String, u64)>,
    units: BTreeMap<String, UnitLines>,
    failed: BTreeSet<String>,
    vtd_on: Option<u64>,
    default_domain: Option<(bool, u64)>,
    /// Errors inside the capture window, or of the whole boot when they cannot be
    /// placed in it.
    errors: KernelErrorTally,
    /// Errors stamped before or after the capture window.
    outside: KernelErrorTally,
    placing: Placing,
}

/// Whether every message of the boot could be placed inside or outside the capture
/// window, and if not, why.
#[derive(Default, Clone, Copy)]
enum Placing {
    #[default]
    Placed,
    NoWindow,
    SinceBoot,
    NoZone,
}

impl Placing {
    fn note(&mut self, stamp: Stamp, window: Option<CaptureWindow>) {
        let why = match (window, stamp) {
            (_, Stamp::Uptime(_)) => Placing::SinceBoot,
            (_, Stamp::Clock) => Placing::NoZone,
            (None, Stamp::Instant(_)) => Placing::NoWindow,
            (Some(_), Stamp::Instant(_)) => return,
        };
        if matches!(self, Placing::Placed) {
            *self = why;
        }
    }

    /// Why the counts cover the whole log; `None` when they cover the capture only.
    fn reason(self) -> Option<&'static str> {
        match self {
            Placing::Placed => None,
            Placing::NoWindow => Some(
                "bundle.yaml records no capture window (capture.started, as `perfsage capture` writes it)",
            ),
            Placing::SinceBoot => Some(
                "the log is stamped in seconds since boot (`dmesg --time-format iso` gives times that can be placed)",
            ),
            Placing::NoZone => Some(
                "its times name no time zone (`dmesg --time-format iso` or `journalctl -k -o short-iso` do)",
            ),
        }
    }
}

impl CaptureParser for Dmesg {
    fn tool(&self) -> &'static str {
        "dmesg"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let (mut log, mut other) = (0usize, 0usize);
        for line in head.lines() {
            if line.trim().is_empty() || is_filler(line) {
                continue;
            }
            match split_line(line) {
                Some(_) => log += 1,
                None if line.trim_end() == NO_JOURNAL => return Some(90),
                None => other += 1,
            }
        }
        (log > 0 && log >= 9 * other).then_some(90)
    }

    fn starts_section(&self, line: &str) -> bool {
        split_line(line.trim_end()).is_some_and(|(_, m)| m.starts_with("Linux version "))
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let window = sink.capture_window();
        let mut boot = Boot::default();
        let mut log_lines = 0u64;
        let mut last_line = 0;
        let mut cut_off = false;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim_end();
            let n = line.number;
            if text.is_empty() || is_filler(text) {
                continue;
            }
            let Some((stamp, message)) = split_line(text) else {
                if text == NO_JOURNAL {
                    return Err(ParseError::at(
                        n,
                        "journalctl found no journal (this host keeps none): capture the kernel log with dmesg --time-format iso instead",
                    ));
                }
                if log_lines == 0 {
                    return Err(ParseError::at(
                        n,
                        "not a kernel log line (`[seconds] message`, `[date] message` or `… host kernel: message`)",
                    ));
                }
                sink.warn(n, "not a kernel log line; ignored");
                continue;
            };
            if line.cut_off {
                sink.warn_cut_off(n);
                cut_off = true;
                continue;
            }
            if let Some(release) = message.strip_prefix("Linux version ") {
                if log_lines > 0 {
                    sink.warn(n, "a new boot begins; facts describe the last boot");
                }
                boot = Boot::default();
                boot.start = stamp.starts_boot().then_some(n);
                if let Some(release) = release.split_whitespace().next() {
                    boot.kernel = Some((release.to_string(), n));
                }
            } else {
                boot.placing.note(stamp, window);
                match (window, stamp) {
                    (Some(window), Stamp::Instant(at)) if !window.contains(at) => {
                        boot.outside.read(message, n);
                    }
                    _ => boot.errors.read(message, n),
                }
                boot.read(message, n, sink);
            }
            boot.errors.stamp(shown_stamp(stamp, text, message), n);
            log_lines += 1;
            last_line = n;
        }
        if log_lines == 0 {
            return Err(ParseError::whole_file(
                "no complete kernel log line (`[seconds] message`, `[date] message` or `… host kernel: message`)",
            ));
        }
        if cut_off {
            boot.start = None;
        }
        boot.finish(last_line, window, sink);
        Ok(())
    }
}

impl Boot {
    fn read(&mut self, message: &str, n: u64, sink: &mut FactSink) {
        if let Some(cmdline) = message.strip_prefix("Kernel command line: ") {
            self.cmdline = Some((cmdline.trim().to_string(), n));
            return;
        }
        if let Some(cmdline) = message.strip_prefix("Command line: ") {
            self.early_cmdline = Some((cmdline.trim().to_string(), n));
            return;
        }
        match classify(message) {
            Some(IommuMessage::Unit { driver, name }) => {
                let unit = self.units.entry(name.to_string()).or_insert(UnitLines {
                    driver,
                    first: n,
                    last: n,
                });
                unit.last = n;
            }
            Some(IommuMessage::ProbeFailed { name }) => {
                self.failed.insert(name.to_string());
            }
            Some(IommuMessage::VtdOn) => {
                self.vtd_on.get_or_insert(n);
            }
            Some(IommuMessage::DefaultDomain { kind }) => match kind {
                "Passthrough" => self.default_domain = Some((true, n)),
                "Translated" => self.default_domain = Some((false, n)),
                _ => sink.warn(n, format!("default domain type {kind:?} not understood")),
            },
            None => {}
        }
    }

    fn finish(mut self, last_line: u64, window: Option<CaptureWindow>, sink: &mut FactSink) {
        let whole = self.start.map(|start| (start, last_line));
        let errors = std::mem::take(&mut self.errors);
        if let (Some(reason), Some((count, line))) = (self.placing.reason(), errors.total()) {
            sink.warn(
                line,
                format!(
                    "{count} kernel errors ({}) counted over the whole log, not only the capture: {reason}",
                    errors.kinds()
                ),
            );
        }
        let counted_in = match (self.placing, window) {
            (Placing::Placed, Some(window)) => Some(window),
            _ => None,
        };
        errors.finish(whole, counted_in, sink);
        std::mem::take(&mut self.outside).finish_outside(sink);
        if let Some((release, n)) = &self.kernel {
            sink.put_fallback(
                "os.kernel",
                Value::Text(release.to_string()),
                Unit::None,
                (*n, *n),
            );
        }
        let cmdline = self.cmdline.as_ref().or(self.early_cmdline.as_ref());
        if let Some((cmdline, n)) = cmdline {
            sink.put_fallback(
                "os.cmdline",
                Value::Text(cmdline.to_string()),
                Unit::None,
                (*n, *n),
            );
        }
        let passthrough = self.default_domain.or_else(|| {
            cmdline.and_then(|(cmdline, n)| cmdline_passthrough(cmdline).map(|p| (p, *n)))
        });
        if let Some((passthrough, n)) = passthrough {
            sink.put_fallback(
                "os.iommu_passthrough",
                Value::Flag(passthrough),
                Unit::None,
                (n, n),
            );
        }
        let counted: Vec<&UnitLines> = self
            .units
            .iter()
            .filter(|(name, unit)| {
                !self.failed.contains(*name)
                    && (unit.driver != Driver::IntelVtd || self.vtd_on.is_some())
            })
            .map(|(_, unit)| unit)
            .collect();
        let lines = if counted.is_empty() {
            // No unit: only a whole boot log proves there is none.
            match self.start {
                Some(start) => (start, last_line),
                None => return,
            }
        } else {
            let vtd = counted
                .iter()
                .any(|u| u.driver == Driver::IntelVtd)
                .then_some(self.vtd_on)
                .flatten();
            let first = counted.iter().map(|u| u.first).chain(vtd).min();
            let last = counted.iter().map(|u| u.last).chain(vtd).max();
            (first.unwrap_or(last_line), last.unwrap_or(last_line))
        };
        sink.put_fallback(
            "os.iommu_enabled",
            Value::Flag(!counted.is_empty()),
            Unit::None,
            lines,
        );
        sink.put_fallback(
            "os.iommu_units",
            Value::Number(counted.len() as f64),
            Unit::Count,
            lines,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_prefixes() {
        assert_eq!(
            split_line("[    0.349174] iommu: Default domain type: Translated"),
            Some((
                Stamp::Uptime(0.349174),
                "iommu: Default domain type: Translated"
            ))
        );
        assert_eq!(
            split_line("[Wed Dec  2 17:27:27 2026] Linux version 6.18.44"),
            Some((Stamp::Clock, "Linux version 6.18.44"))
        );
        assert_eq!(
            split_line("Dec 02 17:27:27 db1 kernel: DMAR: IOMMU enabled"),
            Some((Stamp::Clock, "DMAR: IOMMU enabled"))
        );
        assert_eq!(
            split_line("Dec  2 17:27:27 db1 kernel: [    0.000000] Linux version 5.14.0"),
            Some((Stamp::Uptime(0.0), "Linux version 5.14.0"))
        );
        assert_eq!(
            split_line("[12345.678901] x"),
            Some((Stamp::Uptime(12345.678901), "x"))
        );
    }

    #[test]
    fn look_alikes_are_not_kernel_lines() {
        // ping -D: epoch seconds.
        assert_eq!(
            split_line("[1733150000.123456] 64 bytes from 10.0.0.2: icmp_seq=1 ttl=64 time=0.1 ms"),
            None
        );
        // sysbench's interim reports.
        assert_eq!(split_line("[ 10s ] thds: 8 tps: 1000.00"), None);
        assert_eq!(
            split_line("Dec 02 17:27:27 db1 systemd[1]: Started Session 1."),
            None
        );
        assert_eq!(
            split_line("Linux vm 6.18.44-fc-v1045 #1 SMP x86_64 GNU/Linux"),
            None
        );
    }
}
