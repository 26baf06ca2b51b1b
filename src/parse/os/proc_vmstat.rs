//! `/proc/vmstat`: the kernel's memory event counters since boot, one `name value`
//! per line. They show what averages of free memory hide: pages reclaimed by kswapd or
//! by allocating tasks themselves (direct reclaim stalls them), major faults, pages
//! read back soon after eviction (a working set that does not fit), swap traffic,
//! allocations served off their NUMA node, transparent huge page faults.
//!
//! ```text
//! nr_free_pages 5431298
//! …
//! pgmajfault 2385
//! pgscan_kswapd 0
//! numa_hit 26183420
//! ```
//!
//! One snapshot gives totals since boot; a file of several (a loop, or `perfsage
//! capture`'s stamp line + content at the start and again at the end) with a time
//! stamp before each (`date +%s`, see `snapshot_time`) gives rates: the growth between
//! consecutive snapshots over the time between them, one series point per interval
//! (with two snapshots, the one rate over the capture). Snapshots without stamps give
//! totals only and a warning; no time is assumed.
//!
//! Counters the kernel splits are summed: per zone on kernels before 4.8
//! (`pgscan_kswapd_normal`, `pgsteal_direct_dma32`), `workingset_refault_anon` +
//! `_file` (5.9 and later) or the older single `workingset_refault`.
//! `pgscan_direct_throttle` counts throttling events, not pages, and is left out. The
//! kernel counts reclaimed pages twice over, by reclaimer (`pgsteal_kswapd`, `_direct`,
//! `_khugepaged`) and by type (`pgsteal_anon`, `_file`, 5.8 and later); only the
//! by-type counters include reclaim forced by a cgroup's memory limit (as does neither
//! `pgscan_kswapd` nor `sar -B`'s `pgscank/s`). So `mem.pgscan` and `mem.pgsteal` (every
//! reclaimer) are the by-type sums where the kernel has them, else the per-reclaimer sums.
//!
//! Facts: `mem.{page_faults,major_faults,pgfree,pgscan,pgscan_kswapd,pgscan_direct,pgsteal,
//! pgsteal_kswapd,pgsteal_direct,workingset_refaults,workingset_refaults_anon,
//! workingset_refaults_file,thp_fault_alloc,thp_fault_fallback,thp_collapse_alloc}`,
//! `mem.{pgpgin,pgpgout}_kib` (the kernel keeps these two in KiB), `swap.{in,out}_pages`,
//! `numa.{hit,miss,foreign,local,other}`: totals since boot at the last snapshot; the
//! same keys with `_per_s`: series of rates, shared with `sar -B`/`-W` (pages, not KiB:
//! the page size is not in the file). The rates are fallbacks: where sar sampled the
//! same figure every interval beside a start-and-end pair, sar's series is kept.

use super::snapshot_clock::SnapshotClock;
use super::snapshot_time::stamp_seconds;
use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;

pub struct ProcVmstat;

/// One fact: its key (without `_per_s`), whether it counts KiB, and the counters summed.
struct Counter {
    key: &'static str,
    kib: bool,
    names: &'static [&'static str],
    /// Per-zone variants (`<name>_normal`) of older kernels are added too.
    zoned: bool,
    /// Counters summed instead when none of `names` is in the snapshot.
    older: &'static [&'static str],
}

const fn counter(key: &'static str, names: &'static [&'static str]) -> Counter {
    Counter {
        key,
        kib: false,
        names,
        zoned: false,
        older: &[],
    }
}

const fn zoned(key: &'static str, names: &'static [&'static str]) -> Counter {
    Counter {
        key,
        kib: false,
        names,
        zoned: true,
        older: &[],
    }
}

/// Pages scanned or reclaimed by every reclaimer: the by-type split (5.8 and later)
/// also counts reclaim forced by a cgroup's memory limit, which the per-reclaimer
/// counters leave out; older kernels only have the per-reclaimer ones.
const fn by_type(
    key: &'static str,
    names: &'static [&'static str],
    older: &'static [&'static str],
) -> Counter {
    Counter {
        key,
        kib: false,
        names,
        zoned: true,
        older,
    }
}

const fn kib(key: &'static str, name: &'static [&'static str]) -> Counter {
    Counter {
        key,
        kib: true,
        names: name,
        zoned: false,
        older: &[],
    }
}

const COUNTERS: &[Counter] = &[
    counter("mem.page_faults", &["pgfault"]),
    counter("mem.major_faults", &["pgmajfault"]),
    kib("mem.pgpgin_kib", &["pgpgin"]),
    kib("mem.pgpgout_kib", &["pgpgout"]),
    counter("mem.pgfree", &["pgfree"]),
    zoned("mem.pgscan_kswapd", &["pgscan_kswapd"]),
    zoned("mem.pgscan_direct", &["pgscan_direct"]),
    by_type(
        "mem.pgscan",
        &["pgscan_anon", "pgscan_file"],
        &["pgscan_kswapd", "pgscan_direct", "pgscan_khugepaged"],
    ),
    by_type(
        "mem.pgsteal",
        &["pgsteal_anon", "pgsteal_file"],
        &["pgsteal_kswapd", "pgsteal_direct", "pgsteal_khugepaged"],
    ),
    zoned("mem.pgsteal_kswapd", &["pgsteal_kswapd"]),
    zoned("mem.pgsteal_direct", &["pgsteal_direct"]),
    counter(
        "mem.workingset_refaults",
        &[
            "workingset_refault",
            "workingset_refault_anon",
            "workingset_refault_file",
        ],
    ),
    counter("mem.workingset_refaults_anon", &["workingset_refault_anon"]),
    counter("mem.workingset_refaults_file", &["workingset_refault_file"]),
    counter("swap.in_pages", &["pswpin"]),
    counter("swap.out_pages", &["pswpout"]),
    counter("numa.hit", &["numa_hit"]),
    counter("numa.miss", &["numa_miss"]),
    counter("numa.foreign", &["numa_foreign"]),
    counter("numa.local", &["numa_local"]),
    counter("numa.other", &["numa_other"]),
    counter("mem.thp_fault_alloc", &["thp_fault_alloc"]),
    counter("mem.thp_fault_fallback", &["thp_fault_fallback"]),
    counter("mem.thp_collapse_alloc", &["thp_collapse_alloc"]),
];

/// Zone suffixes of the per-zone counters kernels before 4.8 print.
const ZONES: &[&str] = &[
    "dma", "dma32", "normal", "high", "highmem", "movable", "device",
];

impl Counter {
    fn feeds(&self, name: &str) -> bool {
        self.matches(self.names, name)
    }

    fn feeds_older(&self, name: &str) -> bool {
        self.matches(self.older, name)
    }

    fn matches(&self, names: &[&str], name: &str) -> bool {
        names.iter().any(|own| {
            name == *own
                || (self.zoned
                    && name
                        .strip_prefix(own)
                        .and_then(|rest| rest.strip_prefix('_'))
                        .is_some_and(|zone| ZONES.contains(&zone)))
        })
    }
}

/// `name value` with a lower-case counter name and a whole number.
fn counter_line(text: &str) -> Option<(&str, f64)> {
    let mut fields = text.split_ascii_whitespace();
    let (name, value, None) = (fields.next()?, fields.next()?, fields.next()) else {
        return None;
    };
    let named = name
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if !named || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((name, parse_f64(value.as_bytes())?))
}

/// One snapshot of the file: each counter's sum and the lines it came from.
struct Snapshot {
    /// The `date +%s` stamp before the snapshot and its line.
    time: Option<(f64, u64)>,
    values: Vec<Option<(f64, u64, u64)>>,
    older: Vec<Option<(f64, u64, u64)>>,
    read_any: bool,
}

impl Snapshot {
    fn new(time: Option<(f64, u64)>) -> Self {
        Snapshot {
            time,
            values: vec![None; COUNTERS.len()],
            older: vec![None; COUNTERS.len()],
            read_any: false,
        }
    }

    fn add(&mut self, name: &str, value: f64, line: u64) {
        self.read_any = true;
        let slots = self.values.iter_mut().zip(self.older.iter_mut());
        for ((slot, older), counter) in slots.zip(COUNTERS) {
            if counter.feeds(name) {
                add_to(slot, value, line);
            } else if counter.feeds_older(name) {
                add_to(older, value, line);
            }
        }
    }

    /// Ends the snapshot: counters without their own names take the older ones'.
    fn settle(&mut self) {
        for (slot, older) in self.values.iter_mut().zip(&self.older) {
            if slot.is_none() {
                *slot = *older;
            }
        }
    }
}

fn add_to(slot: &mut Option<(f64, u64, u64)>, value: f64, line: u64) {
    *slot = Some(match *slot {
        Some((sum, first, _)) => (sum + value, first, line),
        None => (value, line, line),
    });
}

#[derive(Default)]
struct State {
    current: Option<Snapshot>,
    last: Option<Snapshot>,
    rates: Vec<SeriesBuilder>,
    clock: SnapshotClock,
    reset_warned: bool,
}

impl State {
    /// Ends the snapshot being read: its growth over the previous one becomes a rate.
    fn close(&mut self, sink: &mut FactSink) {
        let Some(mut snapshot) = self.current.take().filter(|s| s.read_any) else {
            return;
        };
        snapshot.settle();
        if self.rates.is_empty() {
            self.rates = vec![SeriesBuilder::default(); COUNTERS.len()];
        }
        if let Some(seconds) = self.clock.next(snapshot.time, sink) {
            let last = self.last.as_ref().map_or(&[][..], |l| &l.values[..]);
            for (i, (old, new)) in last.iter().zip(&snapshot.values).enumerate() {
                let (Some((old, ..)), Some((new, _, line))) = (old, new) else {
                    continue;
                };
                if new < old {
                    if !std::mem::replace(&mut self.reset_warned, true) {
                        sink.warn(
                                *line,
                                "a counter went down between snapshots (a reboot?); that interval is left out",
                            );
                    }
                    continue;
                }
                self.rates[i].push((new - old) / seconds, *line);
            }
        }
        self.last = Some(snapshot);
    }
}

impl CaptureParser for ProcVmstat {
    fn tool(&self) -> &'static str {
        "proc-vmstat"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut counters = 0;
        let mut other = 0;
        let (mut free_pages, mut faults) = (false, false);
        for text in head.lines().take(400).map(str::trim) {
            if text.is_empty() || stamp_seconds(text).is_some() {
                continue;
            }
            match counter_line(text) {
                Some((name, _)) => {
                    counters += 1;
                    free_pages |= name == "nr_free_pages";
                    faults |= name == "pgfault" || name == "pgpgin";
                }
                None => other += 1,
            }
        }
        // The counter names sysctl, meminfo and cgroup memory.stat do not have, and
        // almost nothing else in the file.
        (free_pages && faults && counters >= 20 && other * 10 <= counters).then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut state = State::default();
        let mut pending_time = None;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            if line.cut_off {
                sink.warn_cut_off(line.number);
                continue;
            }
            if let Some(time) = stamp_seconds(text) {
                state.close(sink);
                pending_time = Some((time, line.number));
                continue;
            }
            let Some((name, value)) = counter_line(text) else {
                sink.warn(line.number, "not a /proc/vmstat `name value` line; ignored");
                continue;
            };
            // An unstamped loop (`cat /proc/vmstat` twice) starts over at the first name.
            if name == "nr_free_pages" && state.current.as_ref().is_some_and(|s| s.read_any) {
                state.close(sink);
            }
            state
                .current
                .get_or_insert_with(|| Snapshot::new(pending_time.take()))
                .add(name, value, line.number);
        }
        state.close(sink);
        let Some(last) = &state.last else {
            return Err(ParseError::whole_file(
                "no /proc/vmstat counter lines (nr_free_pages, pgfault …) found",
            ));
        };
        let before = sink.fact_count();
        for (counter, value) in COUNTERS.iter().zip(&last.values) {
            if let Some((total, first, end)) = value {
                let unit = if counter.kib {
                    Unit::Kibibytes
                } else {
                    Unit::Count
                };
                sink.put(counter.key, Value::Number(*total), unit, (*first, *end));
            }
        }
        let interval = state.clock.interval(sink);
        for (counter, rates) in COUNTERS.iter().zip(&state.rates) {
            let unit = if counter.kib {
                Unit::KilobytesPerSecond
            } else {
                Unit::PerSecond
            };
            let key = format!("{}_per_s", counter.key);
            sink.series(key, rates, unit, interval, Strength::Fallback);
        }
        if sink.fact_count() == before {
            return Err(ParseError::whole_file(
                "/proc/vmstat counters found but none perfsage reads (pgfault, pgscan_*, numa_hit …)",
            ));
        }
        Ok(())
    }
}
