//! `sadf -j` exports of sysstat data files: one JSON document, each sample an object of
//! the `statistics` array spread over many lines.
//!
//! ```text
//! {"sysstat": {
//!     "hosts": [
//!         {
//!             "nodename": "vm", "release": "6.18.44-fc-v1252", "number-of-cpus": 2, …
//!             "statistics": [
//!                 {
//!                     "timestamp": {"date": "2026-12-04", "time": "16:40:04", "utc": 1, "interval": 1},
//!                     "cpu-load": [
//!                         {"cpu": "all", "user": 91.96, "nice": 0.00, "system": 8.04, "iowait": 0.00, "steal": 0.00, "idle": 0.00},
//!                     …
//! ```
//!
//! The document is read as a stream: serde visits the samples one by one and keeps only
//! the series they add to, so memory does not grow with the file. A sample is cited by
//! the line its object opens on. Each activity's JSON names (`rkB`, `util-percent`) are
//! turned into sar's column names and go through the sar parser's tables, so the facts
//! are the ones `sar` text of the same data gives. A document cut off after some samples
//! keeps them, with a warning.

use super::sadf_json_names::{Field, Kind};
use super::sadf_series::{RowValues, SadfSeries};
use super::sar::Section;
use super::sysstat_json::{JsonWriter, json_writer};
use crate::facts::{Unit, Value};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::cell::Cell;
use std::fmt;
use std::io::{self, Read, Write};

pub struct SadfJson;

/// The capture's lines as bytes for serde, noting which line is being read.
pub(super) struct LinesRead<'a> {
    lines: &'a mut Lines,
    line: &'a Cell<u64>,
    buf: Vec<u8>,
    pos: usize,
}

impl<'a> LinesRead<'a> {
    /// Reads `lines`, setting `line` to the number of the line being read.
    pub(super) fn new(lines: &'a mut Lines, line: &'a Cell<u64>) -> Self {
        LinesRead {
            lines,
            line,
            buf: Vec::new(),
            pos: 0,
        }
    }
}

impl Read for LinesRead<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.buf.len() {
            let Some(line) = self.lines.next_line()? else {
                return Ok(0);
            };
            self.buf.clear();
            self.buf.extend_from_slice(line.bytes);
            if !line.cut_off {
                self.buf.push(b'\n');
            }
            self.line.set(line.number);
            self.pos = 0;
        }
        let n = out.len().min(self.buf.len() - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// What the visitors share while the document is read.
struct Ctx<'s> {
    line: &'s Cell<u64>,
    sink: &'s mut FactSink,
    series: SadfSeries,
    /// Rows of the sample being read, with their labels' place in `labels`: they
    /// join the series only once the sample's object is complete.
    pending: Vec<(RowValues, usize, usize)>,
    labels: Vec<u8>,
    samples: u64,
    saw_sysstat: bool,
}

/// An object key handed to a function as it is read, so no `String` is made for it.
pub(super) struct KeyWith<F>(pub(super) F);

impl<'de, T, F: FnOnce(&str) -> T> DeserializeSeed<'de> for KeyWith<F> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de, T, F: FnOnce(&str) -> T> Visitor<'de> for KeyWith<F> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object key")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok((self.0)(v))
    }
}

/// An object key, as its place among the names a visitor reads.
pub(super) fn known(names: &'static [&'static str]) -> KeyWith<impl FnOnce(&str) -> Option<usize>> {
    KeyWith(move |key: &str| names.iter().position(|k| *k == key))
}

/// A number (sadf prints both `12` and `12.00`).
pub(super) struct Number;

impl<'de> DeserializeSeed<'de> for Number {
    type Value = f64;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<f64, D::Error> {
        d.deserialize_f64(self)
    }
}

impl<'de> Visitor<'de> for Number {
    type Value = f64;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number")
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
        Ok(v)
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
        Ok(v as f64)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
        Ok(v as f64)
    }
}

/// An instance label (`"all"`, `"vda"`, `"eth0"`, or a bare number), appended to a buffer.
pub(super) struct LabelInto<'b>(pub(super) &'b mut Vec<u8>);

impl<'de> DeserializeSeed<'de> for LabelInto<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for LabelInto<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a name or number")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.0.extend_from_slice(v.as_bytes());
        Ok(())
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        write!(self.0, "{v}").map_err(E::custom)
    }
}

/// A text value put as a fact (host name, kernel).
struct TextFact<'c, 's> {
    ctx: &'c mut Ctx<'s>,
    key: &'static str,
}

impl<'de> DeserializeSeed<'de> for TextFact<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for TextFact<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        let line = self.ctx.line.get();
        let value = Value::Text(v.to_string());
        self.ctx
            .sink
            .put_fallback(self.key, value, Unit::None, (line, line));
        Ok(())
    }
}

/// An activity object's key, as what it holds for `Kind`.
struct KeyOf(Kind);

impl<'de> DeserializeSeed<'de> for KeyOf {
    type Value = Option<Field>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeyOf {
    type Value = Option<Field>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object key")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.0.field(v))
    }
}

/// Reads one activity object (a CPU, a device, the memory) of kind `kind` into the
/// sample's pending rows.
fn read_row<'de, A: MapAccess<'de>>(ctx: &mut Ctx, kind: Kind, mut map: A) -> Result<(), A::Error> {
    let mut rows = [
        RowValues::new(kind.section()),
        RowValues::new(Section::Swap),
    ];
    let start = ctx.labels.len();
    let mut labelled = false;
    while let Some(field) = map.next_key_seed(KeyOf(kind))? {
        match field {
            Some(Field::Label) if !labelled => {
                labelled = true;
                map.next_value_seed(LabelInto(&mut ctx.labels))?;
            }
            Some(Field::Column { slot, name }) => {
                let value = map.next_value_seed(Number)?;
                if let Some(row) = rows.get_mut(slot) {
                    row.set(name, value);
                }
            }
            _ => {
                map.next_value::<IgnoredAny>()?;
            }
        }
    }
    let end = ctx.labels.len();
    for row in rows {
        if !row.is_empty() {
            ctx.pending.push((row, start, end));
        }
    }
    Ok(())
}

/// An activity's value: one object, or an array of them (one per CPU, device, …).
struct Rows<'c, 's> {
    ctx: &'c mut Ctx<'s>,
    kind: Kind,
}

impl<'de> DeserializeSeed<'de> for Rows<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Rows<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an activity object or array of them")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        read_row(self.ctx, self.kind, map)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq
            .next_element_seed(Rows {
                ctx: &mut *self.ctx,
                kind: self.kind,
            })?
            .is_some()
        {}
        Ok(())
    }
}

/// An object that nests activities one level down: `network` (one per `-n` keyword)
/// and `psi` (one per resource of `-q`'s pressure stall sections).
struct Nested<'c, 's> {
    ctx: &'c mut Ctx<'s>,
    keys: &'static [&'static str],
    kinds: &'static [Kind],
}

const NETWORK_KEYS: &[&str] = &["net-dev", "net-edev", "net-sock", "net-tcp", "net-etcp"];
const NETWORK_KINDS: &[Kind] = &[
    Kind::NetDev,
    Kind::NetErrors,
    Kind::Sockets,
    Kind::Tcp,
    Kind::TcpErrors,
];
const PSI_KEYS: &[&str] = &["psi-cpu", "psi-io", "psi-mem"];
const PSI_KINDS: &[Kind] = &[Kind::PressureCpu, Kind::PressureIo, Kind::PressureMemory];

impl<'de> DeserializeSeed<'de> for Nested<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Nested<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of activities")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key_seed(known(self.keys))? {
            match key {
                Some(i) => map.next_value_seed(Rows {
                    ctx: &mut *self.ctx,
                    kind: self.kinds[i],
                })?,
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// A sample's `timestamp` object: its `interval` in seconds.
struct Timestamp;

impl<'de> DeserializeSeed<'de> for Timestamp {
    type Value = Option<f64>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Timestamp {
    type Value = Option<f64>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a timestamp object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut interval = None;
        while let Some(key) = map.next_key_seed(known(&["interval"]))? {
            match key {
                Some(_) => interval = Some(map.next_value_seed(Number)?),
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(interval)
    }
}

/// The activities of a sample object, by key; `timestamp`, `network` and `psi` are
/// read apart.
const SAMPLE_KEYS: &[&str] = &[
    "timestamp",
    "network",
    "psi",
    "cpu-load",
    "cpu-load-all",
    "disk",
    "memory",
    "queue",
    "process-and-context-switch",
    "interrupts",
    "paging",
    "swap-pages",
    "filesystems",
];
const SAMPLE_KINDS: [Kind; 10] = [
    Kind::Cpu,
    Kind::Cpu,
    Kind::Disk,
    Kind::Memory,
    Kind::Queue,
    Kind::Tasks,
    Kind::Interrupts,
    Kind::Paging,
    Kind::Swapping,
    Kind::Filesystems,
];

/// One element of `statistics`.
struct Sample<'c, 's>(&'c mut Ctx<'s>);

impl<'de> DeserializeSeed<'de> for Sample<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Sample<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sample object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.0;
        // The `{` was the last byte read: the sample starts on this line.
        let line = ctx.line.get();
        ctx.pending.clear();
        ctx.labels.clear();
        let mut interval = None;
        while let Some(key) = map.next_key_seed(known(SAMPLE_KEYS))? {
            match key {
                Some(0) => interval = map.next_value_seed(Timestamp)?,
                Some(1) => map.next_value_seed(Nested {
                    ctx: &mut *ctx,
                    keys: NETWORK_KEYS,
                    kinds: NETWORK_KINDS,
                })?,
                Some(2) => map.next_value_seed(Nested {
                    ctx: &mut *ctx,
                    keys: PSI_KEYS,
                    kinds: PSI_KINDS,
                })?,
                Some(i) => map.next_value_seed(Rows {
                    ctx: &mut *ctx,
                    kind: SAMPLE_KINDS[i - 3],
                })?,
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if let Some(interval) = interval {
            ctx.series.interval(interval);
        }
        let Ctx {
            sink,
            series,
            pending,
            labels,
            ..
        } = ctx;
        for (row, start, end) in pending.iter() {
            series.row(&labels[*start..*end], row, line, sink);
        }
        ctx.samples += 1;
        Ok(())
    }
}

/// The `statistics` array.
struct Statistics<'c, 's>(&'c mut Ctx<'s>);

impl<'de> DeserializeSeed<'de> for Statistics<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Statistics<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the statistics array")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Sample(&mut *self.0))?.is_some() {}
        Ok(())
    }
}

/// One element of `hosts`: the machine, then its samples.
struct Host<'c, 's>(&'c mut Ctx<'s>);

impl<'de> DeserializeSeed<'de> for Host<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Host<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a host object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.0;
        let keys = &["nodename", "release", "number-of-cpus", "statistics"];
        while let Some(key) = map.next_key_seed(known(keys))? {
            match key {
                Some(0) => map.next_value_seed(TextFact {
                    ctx: &mut *ctx,
                    key: "host.name",
                })?,
                Some(1) => map.next_value_seed(TextFact {
                    ctx: &mut *ctx,
                    key: "os.kernel",
                })?,
                Some(2) => {
                    let cpus = map.next_value_seed(Number)?;
                    let line = ctx.line.get();
                    let value = Value::Number(cpus);
                    ctx.sink
                        .put_fallback("cpu.count", value, Unit::Count, (line, line));
                }
                Some(_) => map.next_value_seed(Statistics(&mut *ctx))?,
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// A `{"hosts": […]}` object or its `hosts` array, as `Document` and `Sysstat` need.
struct Sysstat<'c, 's>(&'c mut Ctx<'s>);

impl<'de> DeserializeSeed<'de> for Sysstat<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Sysstat<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the sysstat object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key_seed(known(&["hosts"]))? {
            match key {
                Some(_) => map.next_value_seed(Sysstat(&mut *self.0))?,
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Host(&mut *self.0))?.is_some() {}
        Ok(())
    }
}

/// The whole document: `{"sysstat": {…}}`.
struct Document<'c, 's>(&'c mut Ctx<'s>);

impl<'de> DeserializeSeed<'de> for Document<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Document<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a {\"sysstat\": …} object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key_seed(known(&["sysstat"]))? {
            match key {
                Some(_) => {
                    self.0.saw_sysstat = true;
                    map.next_value_seed(Sysstat(&mut *self.0))?;
                }
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// A sysstat JSON document that could not be read to its end: a warning when it was
/// cut off after `samples` complete samples (they are kept), else the error, at `line`.
pub(super) fn kept_if_truncated(
    e: serde_json::Error,
    line: u64,
    samples: u64,
    sink: &mut FactSink,
    what: &str,
) -> Result<(), ParseError> {
    if e.is_eof() && samples > 0 {
        sink.warn(
            line,
            format!(
                "the document ends early (truncated file): {}; the {samples} complete samples before are kept",
                describe(&e)
            ),
        );
        Ok(())
    } else {
        Err(ParseError::at(line, format!("{what}: {}", describe(&e))))
    }
}

/// serde's message without its own position (the capture's line is given instead).
pub(super) fn describe(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let message = text.rsplit_once(" at line ").map_or(&text[..], |(m, _)| m);
    if e.column() > 0 {
        format!("{message} (column {})", e.column())
    } else {
        message.to_string()
    }
}

impl CaptureParser for SadfJson {
    fn tool(&self) -> &'static str {
        "sadf"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        (json_writer(head)? == JsonWriter::Sadf).then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let line = Cell::new(lines.line_number());
        let reader = LinesRead::new(lines, &line);
        let mut ctx = Ctx {
            line: &line,
            sink,
            series: SadfSeries::default(),
            pending: Vec::new(),
            labels: Vec::new(),
            samples: 0,
            saw_sysstat: false,
        };
        let mut de = serde_json::Deserializer::from_reader(reader);
        let read = Document(&mut ctx)
            .deserialize(&mut de)
            .and_then(|()| de.end());
        if let Err(e) = read {
            kept_if_truncated(e, line.get(), ctx.samples, ctx.sink, "sadf -j")?;
        }
        if !ctx.saw_sysstat {
            return Err(ParseError::whole_file("no {\"sysstat\": …} object found"));
        }
        let Ctx { series, sink, .. } = ctx;
        if series.finish(sink) == 0 {
            return Err(ParseError::whole_file(
                "the sadf -j document holds no samples of an activity perfsage reads",
            ));
        }
        Ok(())
    }
}
