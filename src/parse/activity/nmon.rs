//! nmon recordings (`nmon -f -s <secs> -c <count>`, the `.nmon` CSV file; Linux nmon
//! 14–16 on x86 and aarch64/Kunpeng, and AIX nmon for the sections they share).
//! Consultants leave nmon running for a whole test day, so the file can be large; it is
//! streamed with flat memory. Each section type names its columns in its first line;
//! snapshot lines (`T0001`) are read by those names, never by position:
//!
//! ```text
//! AAA,progname,nmon
//! AAA,host,vm
//! AAA,interval,2
//! AAA,cpus,2
//! BBBP,001,/etc/release,"PRETTY_NAME=QDebian GNU/Linux 12 (bookworm)Q"
//! CPU001,CPU 1 vm,User%,Sys%,Wait%,Idle%,Steal%
//! CPU_ALL,CPU Total vm,User%,Sys%,Wait%,Idle%,Steal%,Busy,CPUs
//! MEM,Memory MB vm,memtotal,hightotal,lowtotal,swaptotal,memfree,highfree,lowfree,swapfree,memshared,cached,active,bigfree,buffers,swapcached,inactive
//! NET,Network I/O vm,lo-read-KB/s,eth0-read-KB/s,lo-write-KB/s,eth0-write-KB/s
//! DISKBUSY,Disk %Busy vm,loop0,loop1,vda
//! ZZZZ,T0001,13:20:46,02-DEC-2026
//! CPU001,T0001,80.7,19.3,0.0,0.0,0.0
//! CPU_ALL,T0001,71.8,26.2,0.0,0.0,2.0,,2
//! DISKBUSY,T0001,0.0,0.0,46.9
//! ```
//!
//! Facts (series, the same keys and meanings as mpstat, iostat, sar and vmstat):
//! `cpu.{util,usr,sys,iowait,steal}_pct` from CPU_ALL (util = 100 − Idle% − Wait%),
//! `cpu.<n>.util_pct` from CPUnnn (nmon counts from 1, perfsage from 0, so CPU001 is
//! `cpu.0`), `disk.<dev>.{util_pct,rkb_per_s,wkb_per_s,io_per_s}` from
//! DISKBUSY/DISKREAD/DISKWRITE/DISKXFER (and their `DISKBUSY1`… continuations),
//! `net.<if>.{rxkb,txkb,rxpck,txpck}_per_s` from NET/NETPACKET,
//! `mem.{free,cache,buff,swpd}_kib` from MEM (nmon prints MB), `proc.runq`,
//! `proc.blocked` and `sys.cs_per_s` from PROC; `host.name`, `cpu.count` and
//! `os.kernel` from AAA as fallbacks.

use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::activity::time_of_day::{IntervalTracker, seconds_of_day};
use crate::parse::instance_label::label_from_bytes;
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::{parse_f64, parse_u64};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

pub struct Nmon;

/// More section types or series than this is not an nmon file.
const MAX_SECTIONS: usize = 20_000;
const MAX_SLOTS: usize = 200_000;

/// FNV-1a: section names are a few bytes and looked up once per line, where the
/// default SipHash showed in profiles. Hash flooding is no concern for a local file.
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        let mut hash = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            hash = (hash ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = hash;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

/// One series being built, under its fact key.
struct Slot {
    key: String,
    unit: Unit,
    builder: SeriesBuilder,
}

/// A value computed from two columns of the same line.
#[derive(Clone, Copy)]
enum Derived {
    None,
    /// 100 − idle − wait, into `slot`.
    Busy {
        idle: usize,
        wait: Option<usize>,
        slot: usize,
    },
    /// (total − free) MB in KiB, into `slot`.
    Used {
        total: usize,
        free: usize,
        slot: usize,
    },
}

/// What the columns of one section type feed, found from its header line.
struct Layout {
    /// Per value column (after the name and the `Tnnnn` field): slot and factor.
    columns: Vec<Option<(usize, f64)>>,
    derived: Derived,
    /// Value columns this layout needs to read (the highest used index + 1).
    needed: usize,
    /// Per value column up to `needed`: whether it is read at all.
    used: Vec<bool>,
    /// A rate column Linux nmon leaves at 0 in the first snapshot, having nothing to
    /// compare with yet (PROC `pswitch`); a 0 there is not a measurement.
    unset_in_first_snapshot: Option<usize>,
    /// The header's names when some in the middle are empty: if the snapshot lines
    /// have no value for them, the layout is built again without them (else every
    /// interface after the gap would get its neighbour's figures).
    gapped_names: Option<(Kind, Vec<Vec<u8>>)>,
}

#[derive(Default)]
struct Slots {
    slots: Vec<Slot>,
    by_key: HashMap<String, usize>,
}

impl Slots {
    fn get(&mut self, key: String, unit: Unit) -> Option<usize> {
        if let Some(i) = self.by_key.get(&key) {
            return Some(*i);
        }
        if self.slots.len() >= MAX_SLOTS {
            return None;
        }
        self.slots.push(Slot {
            key: key.clone(),
            unit,
            builder: SeriesBuilder::default(),
        });
        self.by_key.insert(key, self.slots.len() - 1);
        Some(self.slots.len() - 1)
    }
}

/// The section types perfsage reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    CpuAll,
    Cpu(u32),
    Disk(&'static str, Unit),
    Net,
    NetPacket,
    Mem,
    Proc,
}

fn kind_of(name: &[u8]) -> Option<Kind> {
    if name == b"CPU_ALL" {
        return Some(Kind::CpuAll);
    }
    if let Some(n) = name.strip_prefix(b"CPU").and_then(parse_u64) {
        return (1..=65_536).contains(&n).then(|| Kind::Cpu(n as u32 - 1));
    }
    let disk = |prefix: &[u8]| {
        name.strip_prefix(prefix)
            .is_some_and(|rest| rest.iter().all(u8::is_ascii_digit))
    };
    Some(match name {
        b"NET" => Kind::Net,
        b"NETPACKET" => Kind::NetPacket,
        b"MEM" => Kind::Mem,
        b"PROC" => Kind::Proc,
        _ if disk(b"DISKBUSY") => Kind::Disk("util_pct", Unit::Percent),
        _ if disk(b"DISKREAD") => Kind::Disk("rkb_per_s", Unit::KilobytesPerSecond),
        _ if disk(b"DISKWRITE") => Kind::Disk("wkb_per_s", Unit::KilobytesPerSecond),
        _ if disk(b"DISKXFER") => Kind::Disk("io_per_s", Unit::PerSecond),
        _ => return None,
    })
}

impl Layout {
    /// Builds the layout of a section from its column names (the header line after
    /// the name and the description), creating the series it feeds.
    fn build(kind: Kind, names: &[&[u8]], slots: &mut Slots) -> Layout {
        let mut columns: Vec<Option<(usize, f64)>> = vec![None; names.len()];
        let mut derived = Derived::None;
        let mut unset_in_first_snapshot = None;
        let at = |want: &[u8]| names.iter().position(|n| n.eq_ignore_ascii_case(want));
        match kind {
            Kind::CpuAll => {
                for (name, key) in [
                    (&b"User%"[..], "cpu.usr_pct"),
                    (b"Sys%", "cpu.sys_pct"),
                    (b"Wait%", "cpu.iowait_pct"),
                    (b"Steal%", "cpu.steal_pct"),
                ] {
                    if let Some(i) = at(name) {
                        columns[i] = slots.get(key.into(), Unit::Percent).map(|s| (s, 1.0));
                    }
                }
                if let (Some(idle), Some(slot)) = (
                    at(b"Idle%"),
                    slots.get("cpu.util_pct".into(), Unit::Percent),
                ) {
                    derived = Derived::Busy {
                        idle,
                        wait: at(b"Wait%"),
                        slot,
                    };
                }
            }
            Kind::Cpu(n) => {
                if let (Some(idle), Some(slot)) = (
                    at(b"Idle%"),
                    slots.get(format!("cpu.{n}.util_pct"), Unit::Percent),
                ) {
                    derived = Derived::Busy {
                        idle,
                        wait: at(b"Wait%"),
                        slot,
                    };
                }
            }
            Kind::Disk(metric, unit) => {
                for (column, name) in columns.iter_mut().zip(names) {
                    if !name.is_empty() {
                        let key = format!("disk.{}.{metric}", label_from_bytes(name));
                        *column = slots.get(key, unit).map(|s| (s, 1.0));
                    }
                }
            }
            Kind::Net | Kind::NetPacket => {
                let (read, write, metric_in, metric_out, unit) = if kind == Kind::Net {
                    (
                        &b"-read-KB/s"[..],
                        &b"-write-KB/s"[..],
                        "rxkb_per_s",
                        "txkb_per_s",
                        Unit::KilobytesPerSecond,
                    )
                } else {
                    (
                        &b"-read/s"[..],
                        &b"-write/s"[..],
                        "rxpck_per_s",
                        "txpck_per_s",
                        Unit::PerSecond,
                    )
                };
                // AIX names packet columns `en0-reads/s` and `en0-writes/s`.
                let (aix_read, aix_write) = (&b"-reads/s"[..], &b"-writes/s"[..]);
                for (column, name) in columns.iter_mut().zip(names) {
                    let (interface, metric) = if let Some(i) = name.strip_suffix(read) {
                        (i, metric_in)
                    } else if let Some(i) = name.strip_suffix(write) {
                        (i, metric_out)
                    } else if let Some(i) = name
                        .strip_suffix(aix_read)
                        .filter(|_| kind == Kind::NetPacket)
                    {
                        (i, metric_in)
                    } else if let Some(i) = name
                        .strip_suffix(aix_write)
                        .filter(|_| kind == Kind::NetPacket)
                    {
                        (i, metric_out)
                    } else {
                        continue;
                    };
                    let key = format!("net.{}.{metric}", label_from_bytes(interface));
                    *column = slots.get(key, unit).map(|s| (s, 1.0));
                }
            }
            Kind::Mem => {
                for (name, key) in [
                    (&b"memfree"[..], "mem.free_kib"),
                    (b"cached", "mem.cache_kib"),
                    (b"buffers", "mem.buff_kib"),
                ] {
                    if let Some(i) = at(name) {
                        columns[i] = slots.get(key.into(), Unit::Kibibytes).map(|s| (s, 1024.0));
                    }
                }
                if let (Some(total), Some(free), Some(slot)) = (
                    at(b"swaptotal"),
                    at(b"swapfree"),
                    slots.get("mem.swpd_kib".into(), Unit::Kibibytes),
                ) {
                    derived = Derived::Used { total, free, slot };
                }
            }
            Kind::Proc => {
                for (name, key, unit) in [
                    (&b"Runnable"[..], "proc.runq", Unit::Count),
                    (b"Blocked", "proc.blocked", Unit::Count),
                    (b"pswitch", "sys.cs_per_s", Unit::PerSecond),
                ] {
                    if let Some(i) = at(name) {
                        columns[i] = slots.get(key.into(), unit).map(|s| (s, 1.0));
                    }
                }
                unset_in_first_snapshot = at(b"pswitch");
            }
        }
        let derived_max = match derived {
            Derived::None => 0,
            Derived::Busy { idle, wait, .. } => idle.max(wait.unwrap_or(0)) + 1,
            Derived::Used { total, free, .. } => total.max(free) + 1,
        };
        let needed = columns
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |i| i + 1)
            .max(derived_max);
        let used = (0..needed)
            .map(|i| {
                columns.get(i).is_some_and(Option::is_some)
                    || match derived {
                        Derived::None => false,
                        Derived::Busy { idle, wait, .. } => i == idle || Some(i) == wait,
                        Derived::Used { total, free, .. } => i == total || i == free,
                    }
            })
            .collect();
        let gapped_names = names
            .iter()
            .any(|n| n.is_empty())
            .then(|| (kind, names.iter().map(|n| n.to_vec()).collect()));
        Layout {
            columns,
            derived,
            needed,
            used,
            unset_in_first_snapshot,
            gapped_names,
        }
    }

    /// The layout to read `body` (a snapshot line's values) with: this one, or, when
    /// the header has empty names the values leave out, one built without them.
    fn fitted_to(&self, body: &[u8], slots: &mut Slots) -> Option<Layout> {
        let (kind, names) = self.gapped_names.as_ref()?;
        let mut values = body.split(|b| *b == b',').count();
        if body.ends_with(b",") {
            values -= 1;
        }
        let named: Vec<&[u8]> = names
            .iter()
            .filter(|n| !n.is_empty())
            .map(Vec::as_slice)
            .collect();
        (values == named.len()).then(|| {
            let mut layout = Layout::build(*kind, &named, slots);
            layout.gapped_names = None;
            layout
        })
    }
}

/// Splits a CSV line (nmon never quotes the sections perfsage reads) into fields.
fn csv_fields(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|b| *b == b',')
}

/// `T0001`: the snapshot field of a data line.
fn is_snapshot(field: &[u8]) -> bool {
    field.len() > 1 && field[0] == b'T' && field[1..].iter().all(u8::is_ascii_digit)
}

impl CaptureParser for Nmon {
    fn tool(&self) -> &'static str {
        "nmon"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut aaa = 0;
        for line in head.lines().take(100) {
            if line.starts_with("AAA,progname,") {
                return Some(95);
            }
            if line.starts_with("AAA,") {
                aaa += 1;
            }
            if aaa >= 3 && line.starts_with("AAA,interval,") {
                return Some(95);
            }
        }
        None
    }

    fn starts_section(&self, line: &str) -> bool {
        line.starts_with("AAA,progname,")
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut slots = Slots::default();
        let mut layouts: FastMap<Vec<u8>, Layout> = FastMap::default();
        let mut interval = IntervalTracker::default();
        let mut declared_interval: Option<f64> = None;
        let mut saw_aaa = false;
        let mut values = Vec::new();

        while let Some(line) = lines.next_line()? {
            let bytes = line.bytes;
            let Some(comma) = memchr::memchr(b',', bytes) else {
                continue;
            };
            let name = &bytes[..comma];
            let rest = &bytes[comma + 1..];
            let second = rest.split(|b| *b == b',').next().unwrap_or(b"");
            if is_snapshot(second) {
                if name == b"ZZZZ" {
                    let time = csv_fields(rest).nth(1).unwrap_or(b"");
                    if let Some(seconds) = seconds_of_day(time, None) {
                        interval.observe(seconds);
                    }
                    continue;
                }
                // The value fields follow the snapshot field and its comma.
                let body = rest.get(second.len() + 1..).unwrap_or(b"");
                let Some(mut layout) = layouts.get(name) else {
                    continue;
                };
                if layout.gapped_names.is_some() {
                    let fitted = layout.fitted_to(body, &mut slots);
                    let entry = layouts.get_mut(name).expect("looked up above");
                    match fitted {
                        Some(fitted) => *entry = fitted,
                        None => entry.gapped_names = None,
                    }
                    layout = layouts.get(name).expect("looked up above");
                }
                if line.cut_off {
                    sink.warn_cut_off(line.number);
                    continue;
                }
                values.clear();
                values.resize(layout.needed, f64::NAN);
                let mut bad = false;
                // Fields are a few bytes long: a plain scan beats a vectorised search.
                for (i, field) in body.split(|b| *b == b',').take(layout.needed).enumerate() {
                    if layout.used[i] {
                        match parse_f64(field.trim_ascii()) {
                            Some(v) => values[i] = v,
                            None => bad = true,
                        }
                    }
                }
                if bad {
                    sink.warn(
                        line.number,
                        "snapshot line holds a value that is not a number; ignored",
                    );
                    continue;
                }
                let unset = layout
                    .unset_in_first_snapshot
                    .filter(|_| second == b"T0001");
                for (i, (column, value)) in layout.columns.iter().zip(&values).enumerate() {
                    if let Some((slot, factor)) = column
                        && !value.is_nan()
                        && !(Some(i) == unset && *value == 0.0)
                    {
                        slots.slots[*slot].builder.push(value * factor, line.number);
                    }
                }
                let derived = match layout.derived {
                    Derived::None => None,
                    Derived::Busy { idle, wait, slot } => {
                        let wait = wait.map_or(0.0, |w| values[w]);
                        let busy = (100.0 - values[idle] - wait).clamp(0.0, 100.0);
                        Some((slot, busy))
                    }
                    Derived::Used { total, free, slot } => {
                        Some((slot, (values[total] - values[free]).max(0.0) * 1024.0))
                    }
                };
                if let Some((slot, value)) = derived
                    && !value.is_nan()
                {
                    slots.slots[slot].builder.push(value, line.number);
                }
                continue;
            }
            if name == b"AAA" {
                saw_aaa = true;
                read_aaa(rest, line.number, sink, &mut declared_interval);
                continue;
            }
            // A header line: `NAME,description,col,col,…`.
            let Some(kind) = kind_of(name) else { continue };
            if layouts.len() >= MAX_SECTIONS && !layouts.contains_key(name) {
                continue;
            }
            // AIX nmon may end a header line with a blank (`Idle% `).
            let mut names: Vec<&[u8]> = csv_fields(rest).skip(1).map(<[u8]>::trim_ascii).collect();
            while names.last().is_some_and(|n| n.is_empty()) {
                names.pop();
            }
            let layout = Layout::build(kind, &names, &mut slots);
            layouts.insert(name.to_vec(), layout);
        }

        if !saw_aaa {
            return Err(ParseError::whole_file(
                "no nmon AAA lines (AAA,progname,nmon …) found",
            ));
        }
        let secs = declared_interval.or(interval.interval_s());
        let before = sink.fact_count();
        for slot in &slots.slots {
            sink.series(
                slot.key.as_str(),
                &slot.builder,
                slot.unit,
                secs,
                Strength::Primary,
            );
        }
        if sink.fact_count() == before {
            return Err(ParseError::whole_file(
                "nmon file holds no snapshots (T0001 …) of CPU, disk, memory or network sections",
            ));
        }
        Ok(())
    }
}

/// `AAA,host,vm`, `AAA,cpus,2`, `AAA,interval,2`, `AAA,OS,Linux,6.18.44,…`.
fn read_aaa(rest: &[u8], line: u64, sink: &mut FactSink, interval: &mut Option<f64>) {
    let mut fields = csv_fields(rest);
    let key = fields.next().unwrap_or(b"");
    let value = fields.next().unwrap_or(b"");
    let text = |v: &[u8]| Value::Text(String::from_utf8_lossy(v).trim().to_string());
    let lines = (line, line);
    match key {
        b"host" if !value.is_empty() => {
            sink.put_fallback("host.name", text(value), Unit::None, lines)
        }
        b"cpus" => {
            if let Some(n) = parse_u64(value).filter(|n| *n > 0) {
                sink.put_fallback("cpu.count", Value::Number(n as f64), Unit::Count, lines);
            }
        }
        b"interval" => *interval = parse_f64(value).filter(|s| *s > 0.0),
        b"OS" if value == b"Linux" => {
            if let Some(kernel) = fields.next().filter(|k| !k.is_empty()) {
                sink.put_fallback("os.kernel", text(kernel), Unit::None, lines);
            }
        }
        _ => {}
    }
}
