//! `iostat -o JSON` and `mpstat -o JSON` (sysstat 11 and later). Both write the
//! envelope `sadf -j` writes, `{"sysstat": {"hosts": [{…, "statistics": […]}]}}`, but
//! each sample holds the tool's own report:
//!
//! ```text
//! {"avg-cpu":  {"user": 47.47, …, "idle": 0.00},
//!  "disk": [{"disk_device": "vda", "tps": 2556.00, "kB_read/s": 351396.00, …}]}   iostat
//! {"timestamp": "19:14:51",
//!  "cpu-load": [{"cpu": "all", "usr": 46.97, …, "idle": 0.00}, …]}                mpstat
//! ```
//!
//! The facts are the ones the text forms give (`disk.<dev>.*` and the fallback `cpu.*`
//! of `iostat`, `cpu.*` and `cpu.<n>.*` of `mpstat`), read through the same column
//! tables. As in text, iostat's first sample covers the time since boot and is dropped
//! when others follow; mpstat's samples are all intervals, its `node-load` rows
//! (`-N`, `-A`) are nodes and not read. Which tool wrote a document is told by its
//! content: sadf names the file's date (`"file-date"`) and stamps samples with an
//! object, iostat has `avg-cpu` or `disk_device`, mpstat a `cpu-load` under a plain
//! time stamp. The document is streamed like sadf's, one sample at a time.

use super::iostat::{CPU_KEYS, METRICS, metric_of};
use super::mpstat::{ALL_KEYS, Column};
use super::sadf_json::{KeyWith, LabelInto, LinesRead, Number, kept_if_truncated, known};
use super::time_of_day::{IntervalTracker, seconds_of_day};
use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_u64;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::cell::Cell;
use std::fmt;

/// Which sysstat tool wrote a `{"sysstat": …}` document.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum JsonWriter {
    Sadf,
    Iostat,
    Mpstat,
}

/// The writer of the JSON document `head` begins, `None` if it is not sysstat's.
pub(super) fn json_writer(head: &str) -> Option<JsonWriter> {
    let inner = head.trim_start().strip_prefix('{')?.trim_start();
    if !inner.starts_with("\"sysstat\"") {
        return None;
    }
    let stamped_by_object = head.find("\"timestamp\":").is_some_and(|at| {
        head[at + "\"timestamp\":".len()..]
            .trim_start()
            .starts_with('{')
    });
    Some(if head.contains("\"file-date\"") || stamped_by_object {
        JsonWriter::Sadf
    } else if head.contains("\"avg-cpu\"") || head.contains("\"disk_device\"") {
        JsonWriter::Iostat
    } else if head.contains("\"cpu-load\"") {
        JsonWriter::Mpstat
    } else {
        JsonWriter::Sadf
    })
}

/// What one tool keeps of its samples.
trait Report: Default {
    /// Reads the sample object `map`, which opens on line `line`.
    fn sample<'de, A: MapAccess<'de>>(
        &mut self,
        line: u64,
        sink: &mut FactSink,
        map: A,
    ) -> Result<(), A::Error>;

    /// Puts the series on the sink; `Err` when there were none.
    fn finish(self, samples: u64, end_line: u64, sink: &mut FactSink) -> Result<(), ParseError>;
}

/// What the visitors share while the document is read.
struct Ctx<'s, R> {
    line: &'s Cell<u64>,
    sink: &'s mut FactSink,
    report: R,
    samples: u64,
    saw_sysstat: bool,
}

/// One element of `statistics`.
struct Sample<'c, 's, R>(&'c mut Ctx<'s, R>);

impl<'de, R: Report> DeserializeSeed<'de> for Sample<'_, '_, R> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, R: Report> Visitor<'de> for Sample<'_, '_, R> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sample object")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        let ctx = self.0;
        ctx.report.sample(ctx.line.get(), ctx.sink, map)?;
        ctx.samples += 1;
        Ok(())
    }
}

/// The `statistics` array, or with `true` the `hosts` array, of a document.
struct Array<'c, 's, R>(&'c mut Ctx<'s, R>, bool);

impl<'de, R: Report> DeserializeSeed<'de> for Array<'_, '_, R> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, R: Report> Visitor<'de> for Array<'_, '_, R> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let Array(ctx, hosts) = self;
        if hosts {
            while seq
                .next_element_seed(Object(&mut *ctx, Level::Host))?
                .is_some()
            {}
        } else {
            while seq.next_element_seed(Sample(&mut *ctx))?.is_some() {}
        }
        Ok(())
    }
}

/// Which object of the envelope is being read.
#[derive(Clone, Copy)]
enum Level {
    Document,
    Sysstat,
    Host,
}

impl Level {
    fn keys(self) -> &'static [&'static str] {
        match self {
            Level::Document => &["sysstat"],
            Level::Sysstat => &["hosts"],
            Level::Host => &["nodename", "release", "number-of-cpus", "statistics"],
        }
    }
}

/// An object of the envelope: the document, `sysstat`, or a host.
struct Object<'c, 's, R>(&'c mut Ctx<'s, R>, Level);

impl<'de, R: Report> DeserializeSeed<'de> for Object<'_, '_, R> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, R: Report> Visitor<'de> for Object<'_, '_, R> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let Object(ctx, level) = self;
        while let Some(key) = map.next_key_seed(known(level.keys()))? {
            let line = ctx.line.get();
            match (level, key) {
                (Level::Document, Some(_)) => {
                    ctx.saw_sysstat = true;
                    map.next_value_seed(Object(&mut *ctx, Level::Sysstat))?;
                }
                (Level::Sysstat, Some(_)) => map.next_value_seed(Array(&mut *ctx, true))?,
                (Level::Host, Some(k @ (0 | 1))) => {
                    let value = map.next_value_seed(Text(str::to_string))?;
                    let key = if k == 0 { "host.name" } else { "os.kernel" };
                    let value = Value::Text(value);
                    ctx.sink.put_fallback(key, value, Unit::None, (line, line));
                }
                (Level::Host, Some(2)) => {
                    let cpus = Value::Number(map.next_value_seed(Number)?);
                    ctx.sink
                        .put_fallback("cpu.count", cpus, Unit::Count, (line, line));
                }
                (Level::Host, Some(_)) => map.next_value_seed(Array(&mut *ctx, false))?,
                (_, None) => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// A string value, handed to a function without being kept.
struct Text<F>(F);

impl<'de, T, F: FnOnce(&str) -> T> DeserializeSeed<'de> for Text<F> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de, T, F: FnOnce(&str) -> T> Visitor<'de> for Text<F> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        Ok((self.0)(v))
    }
}

/// Reads a whole document with `R`.
fn parse_document<R: Report>(
    tool: &str,
    lines: &mut Lines,
    sink: &mut FactSink,
) -> Result<(), ParseError> {
    let line = Cell::new(lines.line_number());
    let mut ctx = Ctx {
        line: &line,
        sink,
        report: R::default(),
        samples: 0,
        saw_sysstat: false,
    };
    let mut de = serde_json::Deserializer::from_reader(LinesRead::new(lines, &line));
    let read = Object(&mut ctx, Level::Document)
        .deserialize(&mut de)
        .and_then(|()| de.end());
    if let Err(e) = read {
        kept_if_truncated(
            e,
            line.get(),
            ctx.samples,
            ctx.sink,
            &format!("{tool} -o JSON"),
        )?;
    }
    if !ctx.saw_sysstat {
        return Err(ParseError::whole_file("no {\"sysstat\": …} object found"));
    }
    let end = line.get();
    ctx.report.finish(ctx.samples, end, ctx.sink)
}

/// Where a key of an object holding figures puts its value; `None` to skip it.
#[derive(Clone, Copy)]
enum Slot {
    Label,
    Figure(usize, f64),
}

/// Reads an object of figures: its label (if any) into `label`, each figure `slots`
/// names into `out`.
fn read_figures<'de, A: MapAccess<'de>, const N: usize>(
    mut map: A,
    slots: fn(&str) -> Option<Slot>,
    label: &mut Vec<u8>,
    out: &mut [Option<f64>; N],
) -> Result<(), A::Error> {
    label.clear();
    *out = [None; N];
    while let Some(slot) = map.next_key_seed(KeyWith(slots))? {
        match slot {
            Some(Slot::Label) => map.next_value_seed(LabelInto(&mut *label))?,
            Some(Slot::Figure(i, factor)) if i < N => {
                out[i] = Some(map.next_value_seed(Number)? * factor)
            }
            _ => {
                map.next_value::<IgnoredAny>()?;
            }
        }
    }
    Ok(())
}

/// What is done with each object of figures: its label and its figures.
type EachRow<'f, const N: usize> = &'f mut dyn FnMut(&[u8], &[Option<f64>; N]);

/// An object of figures, or an array of them, handed one by one to `each`.
struct Figures<'f, const N: usize> {
    slots: fn(&str) -> Option<Slot>,
    label: &'f mut Vec<u8>,
    each: EachRow<'f, N>,
}

impl<'de, const N: usize> DeserializeSeed<'de> for Figures<'_, N> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, const N: usize> Visitor<'de> for Figures<'_, N> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of figures or an array of them")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        let mut out = [None; N];
        read_figures(map, self.slots, self.label, &mut out)?;
        (self.each)(self.label, &out);
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq
            .next_element_seed(Figures {
                slots: self.slots,
                label: &mut *self.label,
                each: &mut *self.each,
            })?
            .is_some()
        {}
        Ok(())
    }
}

/// Busy share from idle and iowait (time waiting for I/O is idle time), as the text
/// parsers compute it.
fn busy(idle: f64, iowait: Option<f64>) -> f64 {
    (100.0 - idle - iowait.unwrap_or(0.0)).clamp(0.0, 100.0)
}

// ---- iostat -o JSON ----

pub struct IostatJson;

/// `disk` keys: iostat's column names, except `%util`, which JSON calls `util`.
fn disk_slot(key: &str) -> Option<Slot> {
    if key == "disk_device" {
        return Some(Slot::Label);
    }
    let column = if key == "util" { "%util" } else { key };
    metric_of(column.as_bytes()).map(|(metric, factor)| Slot::Figure(metric, factor))
}

/// `avg-cpu` keys, in the order of `CPU_KEYS` (`idle` first, made busy).
fn avg_cpu_slot(key: &str) -> Option<Slot> {
    let at = ["idle", "user", "system", "iowait", "steal"]
        .iter()
        .position(|k| *k == key)?;
    Some(Slot::Figure(at, 1.0))
}

/// Where an iostat sample's figure goes.
#[derive(Clone, Copy)]
enum Target {
    Device { device: usize, metric: usize },
    Cpu(usize),
}

#[derive(Default)]
struct IostatReport {
    devices: Vec<(Vec<u8>, Vec<SeriesBuilder>)>,
    cpu: Vec<SeriesBuilder>,
    /// The first sample's figures (the time since boot), kept only if it is alone.
    held: Vec<(Target, f64, u64)>,
    /// The figures of the sample being read: they count once its object is complete.
    pending: Vec<(Target, f64)>,
    samples: u64,
    label: Vec<u8>,
}

impl IostatReport {
    fn add(&mut self, target: Target, value: f64) {
        self.pending.push((target, value));
    }

    fn commit(&mut self, target: Target, value: f64, line: u64) {
        if self.samples == 0 {
            self.held.push((target, value, line));
            return;
        }
        match target {
            Target::Device { device, metric } => self.devices[device].1[metric].push(value, line),
            Target::Cpu(key) => self.cpu[key].push(value, line),
        }
    }

    fn device(&mut self, name: &[u8]) -> usize {
        if let Some(at) = self.devices.iter().position(|(n, _)| n == name) {
            return at;
        }
        let series = vec![SeriesBuilder::default(); METRICS.len()];
        self.devices.push((name.to_vec(), series));
        self.devices.len() - 1
    }
}

impl Report for IostatReport {
    fn sample<'de, A: MapAccess<'de>>(
        &mut self,
        line: u64,
        _sink: &mut FactSink,
        mut map: A,
    ) -> Result<(), A::Error> {
        if self.cpu.is_empty() {
            self.cpu = vec![SeriesBuilder::default(); CPU_KEYS.len()];
        }
        if self.samples == 1 {
            self.held.clear();
        }
        self.pending.clear();
        let mut label = std::mem::take(&mut self.label);
        while let Some(key) = map.next_key_seed(known(&["avg-cpu", "disk"]))? {
            match key {
                Some(0) => {
                    let mut each = |_: &[u8], v: &[Option<f64>; CPU_KEYS.len()]| {
                        if let Some(idle) = v[0] {
                            self.add(Target::Cpu(0), busy(idle, v[3]));
                        }
                        for (k, value) in v.iter().enumerate().skip(1) {
                            if let Some(value) = value {
                                self.add(Target::Cpu(k), *value);
                            }
                        }
                    };
                    map.next_value_seed(Figures {
                        slots: avg_cpu_slot,
                        label: &mut label,
                        each: &mut each,
                    })?;
                }
                Some(_) => {
                    let mut each = |name: &[u8], v: &[Option<f64>; METRICS.len()]| {
                        if name.is_empty() {
                            return;
                        }
                        let device = self.device(name);
                        for (metric, value) in v.iter().enumerate() {
                            if let Some(value) = value {
                                self.add(Target::Device { device, metric }, *value);
                            }
                        }
                    };
                    map.next_value_seed(Figures {
                        slots: disk_slot,
                        label: &mut label,
                        each: &mut each,
                    })?;
                }
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        self.label = label;
        let mut pending = std::mem::take(&mut self.pending);
        for (target, value) in pending.drain(..) {
            self.commit(target, value, line);
        }
        self.pending = pending;
        self.samples += 1;
        Ok(())
    }

    fn finish(
        mut self,
        samples: u64,
        end_line: u64,
        sink: &mut FactSink,
    ) -> Result<(), ParseError> {
        if self.devices.is_empty() && self.held.is_empty() && self.cpu.iter().all(|s| s.is_empty())
        {
            return Err(ParseError::whole_file(
                "the iostat JSON document holds no samples",
            ));
        }
        if samples == 1 {
            self.samples = 2;
            for (target, value, line) in std::mem::take(&mut self.held) {
                self.commit(target, value, line);
            }
            sink.warn(
                end_line,
                "only one report, which covers the time since boot rather than the load; capture with an interval and a count (iostat -o JSON -x 10 6)",
            );
        }
        for (name, series) in &self.devices {
            let name = String::from_utf8_lossy(name).replace('.', "_");
            for ((suffix, unit), series) in METRICS.iter().zip(series) {
                let key = format!("disk.{name}.{suffix}");
                sink.series(key, series, *unit, None, Strength::Primary);
            }
        }
        for (key, series) in CPU_KEYS.iter().zip(&self.cpu) {
            sink.series(*key, series, Unit::Percent, None, Strength::Fallback);
        }
        Ok(())
    }
}

impl CaptureParser for IostatJson {
    fn tool(&self) -> &'static str {
        "iostat"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        (json_writer(head)? == JsonWriter::Iostat).then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        parse_document::<IostatReport>("iostat", lines, sink)
    }
}

// ---- mpstat -o JSON ----

pub struct MpstatJson;

/// The figures of a `cpu-load` row: `ALL_KEYS`' columns, then idle.
const IDLE: usize = ALL_KEYS.len();

fn cpu_slot(key: &str) -> Option<Slot> {
    if key == "cpu" {
        return Some(Slot::Label);
    }
    let column = Column::from_header(key.as_bytes());
    if column == Column::Idle {
        return Some(Slot::Figure(IDLE, 1.0));
    }
    let at = ALL_KEYS.iter().position(|(c, _)| *c == column)?;
    Some(Slot::Figure(at, 1.0))
}

/// Where `iowait` and `soft` are among `ALL_KEYS`.
fn all_key_at(column: Column) -> usize {
    ALL_KEYS.iter().position(|(c, _)| *c == column).unwrap_or(0)
}

#[derive(Default)]
struct MpstatReport {
    util: SeriesBuilder,
    all: [SeriesBuilder; ALL_KEYS.len()],
    per_cpu: Vec<(SeriesBuilder, SeriesBuilder)>,
    interval: IntervalTracker,
    label: Vec<u8>,
    /// The rows of the sample being read (`None` for `all`, or the CPU, with its
    /// figures): they count once the sample's object is complete.
    pending: Vec<(Option<usize>, [Option<f64>; IDLE + 1])>,
}

impl MpstatReport {
    fn commit(&mut self, cpu: Option<usize>, v: &[Option<f64>; IDLE + 1], line: u64) {
        let util = busy(v[IDLE].unwrap_or(100.0), v[all_key_at(Column::Iowait)]);
        let Some(cpu) = cpu else {
            self.util.push(util, line);
            for (series, value) in self.all.iter_mut().zip(v) {
                if let Some(value) = value {
                    series.push(*value, line);
                }
            }
            return;
        };
        if self.per_cpu.len() <= cpu {
            self.per_cpu.resize_with(cpu + 1, Default::default);
        }
        self.per_cpu[cpu].0.push(util, line);
        if let Some(soft) = v[all_key_at(Column::Soft)] {
            self.per_cpu[cpu].1.push(soft, line);
        }
    }
}

/// A sample's `timestamp`: `19:14:51`, or `07:14:51 PM`.
fn stamp_seconds(stamp: &str) -> Option<u32> {
    let mut parts = stamp.split_whitespace();
    let time = parts.next()?;
    seconds_of_day(time.as_bytes(), parts.next().map(str::as_bytes))
}

impl Report for MpstatReport {
    fn sample<'de, A: MapAccess<'de>>(
        &mut self,
        line: u64,
        sink: &mut FactSink,
        mut map: A,
    ) -> Result<(), A::Error> {
        self.pending.clear();
        let mut label = std::mem::take(&mut self.label);
        while let Some(key) = map.next_key_seed(known(&["timestamp", "cpu-load"]))? {
            match key {
                Some(0) => {
                    if let Some(seconds) = map.next_value_seed(Text(stamp_seconds))? {
                        self.interval.observe(seconds);
                    }
                }
                Some(_) => {
                    let mut bad = false;
                    let mut each = |cpu: &[u8], v: &[Option<f64>; IDLE + 1]| {
                        if v[IDLE].is_none() {
                            bad = true;
                            return;
                        }
                        if cpu == b"all" {
                            self.pending.push((None, *v));
                        } else if let Some(cpu) = parse_u64(cpu).filter(|c| *c < 65_536) {
                            self.pending.push((Some(cpu as usize), *v));
                        }
                    };
                    map.next_value_seed(Figures {
                        slots: cpu_slot,
                        label: &mut label,
                        each: &mut each,
                    })?;
                    if bad {
                        sink.warn(line, "a cpu-load row has no idle figure; ignored");
                    }
                }
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        self.label = label;
        let pending = std::mem::take(&mut self.pending);
        for (cpu, figures) in &pending {
            self.commit(*cpu, figures, line);
        }
        self.pending = pending;
        Ok(())
    }

    fn finish(self, _samples: u64, _end: u64, sink: &mut FactSink) -> Result<(), ParseError> {
        if self.util.is_empty() && self.per_cpu.iter().all(|(u, _)| u.is_empty()) {
            return Err(ParseError::whole_file(
                "the mpstat JSON document holds no cpu-load rows",
            ));
        }
        let secs = self.interval.interval_s();
        sink.series(
            "cpu.util_pct",
            &self.util,
            Unit::Percent,
            secs,
            Strength::Primary,
        );
        for ((_, key), series) in ALL_KEYS.iter().zip(&self.all) {
            sink.series(*key, series, Unit::Percent, secs, Strength::Primary);
        }
        for (cpu, (util, soft)) in self.per_cpu.iter().enumerate() {
            let key = format!("cpu.{cpu}.util_pct");
            sink.series(key, util, Unit::Percent, secs, Strength::Primary);
            let key = format!("cpu.{cpu}.soft_pct");
            sink.series(key, soft, Unit::Percent, secs, Strength::Primary);
        }
        Ok(())
    }
}

impl CaptureParser for MpstatJson {
    fn tool(&self) -> &'static str {
        "mpstat"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        (json_writer(head)? == JsonWriter::Mpstat).then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        parse_document::<MpstatReport>("mpstat", lines, sink)
    }
}
