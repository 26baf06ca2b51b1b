//! What the four CPU-profile parsers (perf report, perf top, perf script, folded
//! stacks) share, so that rules read the same keys whatever was captured:
//!
//! - `Hotspot` and `emit_hotspots`: the ranking (top `MAX_HOTSPOTS` by self share,
//!   ties by inclusive share, then by name) and the `hotspot.<rank>.*` facts;
//! - `SymbolTable`: the interned per-symbol counters the two stack formats (perf script,
//!   folded) count into while streaming, with "counted once per sample" inclusive
//!   shares and bounded memory;
//! - small helpers for what several formats print alike (`[k]`/`[.]` marks, shared
//!   object paths, `+0x1c` offsets).

use crate::facts::{Unit, Value};
use crate::parse::FactSink;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// How many hotspots become facts: enough for every function a consultant would
/// name, few enough that a flat profile does not flood the fact list.
pub(super) const MAX_HOTSPOTS: usize = 50;

/// One function's share of the profile.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Hotspot {
    pub symbol: String,
    /// The shared object (binary or library) the symbol resolved into, when shown.
    pub dso: Option<String>,
    /// Kernel (`[k]`) or user (`[.]`) code, when the format says.
    pub kernel: Option<bool>,
    /// Share of samples whose leaf frame is this symbol.
    pub self_pct: f64,
    /// Share of samples with this symbol anywhere on the stack, when known.
    pub total_pct: Option<f64>,
    /// Lines of the capture the figures come from.
    pub lines: (u64, u64),
}

/// Emits `hotspot.<rank>.{symbol,dso,kernel,self_pct,total_pct}` for the top
/// `MAX_HOTSPOTS` by self share and `hotspot.count`. Entries with the same symbol and
/// shared object (perf report's per-command rows) must have been merged already.
pub(super) fn emit_hotspots(mut hotspots: Vec<Hotspot>, sink: &mut FactSink) {
    hotspots.sort_by(|a, b| {
        b.self_pct
            .total_cmp(&a.self_pct)
            .then_with(|| {
                b.total_pct
                    .unwrap_or(0.0)
                    .total_cmp(&a.total_pct.unwrap_or(0.0))
            })
            .then_with(|| a.symbol.cmp(&b.symbol))
    });
    hotspots.truncate(MAX_HOTSPOTS);
    let mut span: Option<(u64, u64)> = None;
    for (i, h) in hotspots.iter().enumerate() {
        let rank = i + 1;
        let lines = h.lines;
        span = Some(span.map_or(lines, |(a, b)| (a.min(lines.0), b.max(lines.1))));
        sink.put(
            format!("hotspot.{rank}.symbol"),
            Value::Text(h.symbol.clone()),
            Unit::None,
            lines,
        );
        if let Some(dso) = &h.dso {
            sink.put(
                format!("hotspot.{rank}.dso"),
                Value::Text(dso.clone()),
                Unit::None,
                lines,
            );
        }
        if let Some(kernel) = h.kernel {
            sink.put(
                format!("hotspot.{rank}.kernel"),
                Value::Flag(kernel),
                Unit::None,
                lines,
            );
        }
        sink.put(
            format!("hotspot.{rank}.self_pct"),
            Value::Number(h.self_pct),
            Unit::Percent,
            lines,
        );
        if let Some(total) = h.total_pct {
            sink.put(
                format!("hotspot.{rank}.total_pct"),
                Value::Number(total),
                Unit::Percent,
                lines,
            );
        }
    }
    if let Some(lines) = span {
        sink.put(
            "hotspot.count",
            Value::Number(hotspots.len() as f64),
            Unit::Count,
            lines,
        );
    }
}

/// Sums rows that name the same symbol in the same shared object: perf report's
/// default sort splits a function by command (`comm,dso,symbol`), and commands
/// partition the samples, so both self and inclusive shares add up.
pub(super) fn merge_same_symbol(rows: Vec<Hotspot>) -> Vec<Hotspot> {
    let mut merged: Vec<Hotspot> = Vec::with_capacity(rows.len());
    let mut index: HashMap<(String, Option<String>), usize> = HashMap::new();
    for row in rows {
        match index.get(&(row.symbol.clone(), row.dso.clone())) {
            Some(&i) => {
                let into = &mut merged[i];
                into.self_pct += row.self_pct;
                into.total_pct = match (into.total_pct, row.total_pct) {
                    (Some(a), Some(b)) => Some(a + b),
                    _ => None,
                };
                into.lines = (into.lines.0.min(row.lines.0), into.lines.1.max(row.lines.1));
            }
            None => {
                index.insert((row.symbol.clone(), row.dso.clone()), merged.len());
                merged.push(row);
            }
        }
    }
    merged
}

impl Hotspot {
    /// One row of a perf report or perf top table. A symbol perf could not resolve
    /// is a bare address (`0x000000000001b78f`, a stripped program): it is named
    /// after its object (`[sysbench]`), as perf script names its `[unknown]` frames,
    /// so that the addresses of one program add up to one entry instead of filling
    /// the top ranks one by one; the inclusive shares of those addresses overlap (one
    /// calls another), so such a row keeps none.
    pub(super) fn table_row(
        symbol: &[u8],
        dso: Option<String>,
        kernel: Option<bool>,
        self_pct: f64,
        total_pct: Option<f64>,
        line: u64,
    ) -> Hotspot {
        let address = symbol
            .strip_prefix(b"0x")
            .is_some_and(|hex| !hex.is_empty() && hex.iter().all(u8::is_ascii_hexdigit));
        let unresolved = match &dso {
            Some(dso) if address && dso.starts_with('[') => Some(dso.clone()),
            Some(dso) if address => Some(format!("[{dso}]")),
            _ => None,
        };
        Hotspot {
            total_pct: total_pct.filter(|_| unresolved.is_none()),
            symbol: unresolved.unwrap_or_else(|| lossy(symbol)),
            dso,
            kernel,
            self_pct,
            lines: (line, line),
        }
    }
}

/// Splits perf's privilege mark off a symbol cell: `[k] memcpy` → (Some(true),
/// `memcpy`). `[k]`/`[g]` are kernel (host, guest), `[.]`/`[u]` user space; other marks
/// (`[H]` hypervisor) say neither.
pub(super) fn split_mark(cell: &[u8]) -> (Option<bool>, &[u8]) {
    match cell {
        [b'[', mark, b']', rest @ ..] if rest.is_empty() || rest[0] == b' ' => {
            let kernel = match mark {
                b'k' | b'g' => Some(true),
                b'.' | b'u' => Some(false),
                _ => None,
            };
            (kernel, trim(rest))
        }
        _ => (None, cell),
    }
}

/// True for a token that is one of perf's privilege marks (`[k]`, `[.]`, …).
pub(super) fn is_mark(token: &[u8]) -> bool {
    matches!(token, [b'[', m, b']'] if matches!(m, b'k' | b'.' | b'g' | b'u' | b'H' | b'?'))
}

/// `/usr/lib/x86_64-linux-gnu/libc.so.6` → `libc.so.6`, as perf report prints it.
pub(super) fn dso_basename(path: &[u8]) -> &[u8] {
    match memchr::memrchr(b'/', path) {
        Some(slash) if !path.starts_with(b"[") => &path[slash + 1..],
        _ => path,
    }
}

/// `memcpy+0x1c` → `memcpy`: perf script's offset into the function.
pub(super) fn strip_offset(symbol: &[u8]) -> &[u8] {
    let hex_digits = symbol
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_hexdigit())
        .count();
    let head = &symbol[..symbol.len() - hex_digits];
    match head.strip_suffix(b"+0x") {
        Some(name) if hex_digits > 0 && !name.is_empty() => name,
        _ => symbol,
    }
}

/// A perf percentage cell: `18.73%` → 18.73.
pub(super) fn parse_percent(cell: &[u8]) -> Option<f64> {
    crate::text::number::parse_f64(cell.strip_suffix(b"%")?)
}

pub(super) fn trim(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(start, |e| e + 1);
    &bytes[start..end]
}

/// Where `token`, a sub-slice of `line`, starts in it.
pub(super) fn offset_in(line: &[u8], token: &[u8]) -> usize {
    (token.as_ptr() as usize).saturating_sub(line.as_ptr() as usize)
}

pub(super) fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Warnings about malformed lines are capped so that a gigabyte of garbage yields a
/// handful of messages and one count, not millions.
pub(super) struct BoundedWarnings {
    shown: usize,
    suppressed: u64,
    first_suppressed: u64,
}

const MAX_WARNINGS: usize = 20;

impl BoundedWarnings {
    pub fn new() -> Self {
        BoundedWarnings {
            shown: 0,
            suppressed: 0,
            first_suppressed: 0,
        }
    }

    pub fn warn(&mut self, sink: &mut FactSink, line: u64, message: impl FnOnce() -> String) {
        if self.shown < MAX_WARNINGS {
            self.shown += 1;
            sink.warn(line, message());
        } else {
            if self.suppressed == 0 {
                self.first_suppressed = line;
            }
            self.suppressed += 1;
        }
    }

    pub fn finish(self, sink: &mut FactSink) {
        if self.suppressed > 0 {
            sink.warn(
                self.first_suppressed,
                format!(
                    "{} more malformed lines from here on were ignored",
                    self.suppressed
                ),
            );
        }
    }
}

/// A symbol's name as a fact shows it, worked out once when it is first seen.
pub(super) struct SymbolName {
    pub symbol: String,
    pub dso: Option<String>,
    pub kernel: Option<bool>,
}

struct Counts {
    name: SymbolName,
    self_weight: u64,
    total_weight: u64,
    /// The last sample that added to `total_weight`, so a recursive function (or one
    /// reached twice in one stack) counts once per sample.
    last_sample: u64,
    first_line: u64,
    last_line: u64,
}

/// Past this many distinct symbols, or this many bytes of names, new ones share one
/// bucket: a corrupt or adversarial file must not grow memory without bound.
const MAX_SYMBOLS: usize = 1 << 20;
const MAX_SYMBOL_BYTES: usize = 256 << 20;
const OVERFLOW_NAME: &str = "[other symbols past the symbol table limit]";

/// Per-symbol self and inclusive weights, interned by the raw bytes a format prints
/// (looked up without allocating) and merged by the normalised name, so
/// `memcpy_[j]` and `memcpy_[i]`, or one library reached through two paths, are one
/// symbol.
pub(super) struct SymbolTable {
    by_raw: HashMap<Box<[u8]>, u32, FxBuild>,
    by_name: HashMap<(String, Option<String>), u32, FxBuild>,
    entries: Vec<Counts>,
    key: Vec<u8>,
    stored_bytes: usize,
    max_symbols: usize,
    max_bytes: usize,
    /// The shared bucket, once the table is full.
    overflow: Option<u32>,
}

impl SymbolTable {
    pub fn new() -> Self {
        Self::with_limits(MAX_SYMBOLS, MAX_SYMBOL_BYTES)
    }

    fn with_limits(max_symbols: usize, max_bytes: usize) -> Self {
        SymbolTable {
            by_raw: HashMap::default(),
            by_name: HashMap::default(),
            entries: Vec::new(),
            key: Vec::with_capacity(256),
            stored_bytes: 0,
            max_symbols,
            max_bytes,
            overflow: None,
        }
    }

    /// The id of the symbol printed as `raw_symbol` in `raw_dso`; `name` works out its
    /// displayed name the first time it is seen.
    pub fn intern(
        &mut self,
        raw_symbol: &[u8],
        raw_dso: &[u8],
        name: impl FnOnce() -> SymbolName,
    ) -> u32 {
        self.key.clear();
        self.key.extend_from_slice(raw_symbol);
        self.key.push(0);
        self.key.extend_from_slice(raw_dso);
        if let Some(&id) = self.by_raw.get(&self.key[..]) {
            return id;
        }
        self.intern_new(name)
    }

    #[cold]
    fn intern_new(&mut self, name: impl FnOnce() -> SymbolName) -> u32 {
        if let Some(id) = self.overflow {
            return id;
        }
        let name = name();
        let cost = self.key.len() + name.symbol.len() + name.dso.as_ref().map_or(0, String::len);
        if self.entries.len() >= self.max_symbols || self.stored_bytes + cost > self.max_bytes {
            let id = self.push(SymbolName {
                symbol: OVERFLOW_NAME.to_string(),
                dso: None,
                kernel: None,
            });
            self.overflow = Some(id);
            return id;
        }
        self.stored_bytes += cost;
        let name_key = (name.symbol.clone(), name.dso.clone());
        let id = match self.by_name.get(&name_key) {
            Some(&id) => id,
            None => {
                let id = self.push(name);
                self.by_name.insert(name_key, id);
                id
            }
        };
        self.by_raw.insert(self.key.clone().into_boxed_slice(), id);
        id
    }

    fn push(&mut self, name: SymbolName) -> u32 {
        self.entries.push(Counts {
            name,
            self_weight: 0,
            total_weight: 0,
            last_sample: 0,
            first_line: 0,
            last_line: 0,
        });
        (self.entries.len() - 1) as u32
    }

    /// Adds one frame of sample number `sample` (counting from 1) with `weight`;
    /// `leaf` marks the frame that was executing.
    #[inline]
    pub fn count(&mut self, id: u32, sample: u64, weight: u64, leaf: bool, line: u64) {
        let Some(entry) = self.entries.get_mut(id as usize) else {
            return;
        };
        if leaf {
            entry.self_weight = entry.self_weight.saturating_add(weight);
        }
        if entry.last_sample != sample {
            entry.last_sample = sample;
            entry.total_weight = entry.total_weight.saturating_add(weight);
        }
        if entry.first_line == 0 {
            entry.first_line = line;
        }
        entry.last_line = line;
    }

    /// The displayed name of symbol `id`.
    pub fn symbol(&self, id: u32) -> &str {
        self.entries
            .get(id as usize)
            .map_or("[unknown]", |e| e.name.symbol.as_str())
    }

    /// The self weight of kernel symbols, when any symbol's side is known.
    pub fn kernel_weight(&self) -> Option<u64> {
        let known = self.entries.iter().any(|e| e.name.kernel.is_some());
        known.then(|| {
            self.entries
                .iter()
                .filter(|e| e.name.kernel == Some(true))
                .map(|e| e.self_weight)
                .fold(0u64, u64::saturating_add)
        })
    }

    /// True once the table ran full and new symbols went into one shared bucket.
    pub fn overflowed(&self) -> bool {
        self.overflow.is_some()
    }

    /// The best `MAX_HOTSPOTS` symbols as shares of `total_weight`; inclusive shares
    /// only `with_inclusive` (the stacks had callers, not just the leaf).
    pub fn top_hotspots(self, total_weight: u64, with_inclusive: bool) -> Vec<Hotspot> {
        if total_weight == 0 {
            return Vec::new();
        }
        let mut order: Vec<usize> = (0..self.entries.len()).collect();
        let entries = &self.entries;
        order.sort_by(|&a, &b| {
            let (a, b) = (&entries[a], &entries[b]);
            b.self_weight
                .cmp(&a.self_weight)
                .then_with(|| b.total_weight.cmp(&a.total_weight))
                .then_with(|| a.name.symbol.cmp(&b.name.symbol))
        });
        order.truncate(MAX_HOTSPOTS);
        let share = |w: u64| w as f64 * 100.0 / total_weight as f64;
        let mut entries: Vec<Option<Counts>> = self.entries.into_iter().map(Some).collect();
        order
            .into_iter()
            .filter_map(|i| entries.get_mut(i).and_then(Option::take))
            .map(|c| Hotspot {
                self_pct: share(c.self_weight),
                total_pct: with_inclusive.then(|| share(c.total_weight)),
                symbol: c.name.symbol,
                dso: c.name.dso,
                kernel: c.name.kernel,
                lines: (c.first_line, c.last_line),
            })
            .collect()
    }
}

/// The Firefox/rustc "Fx" hash: a multiply-rotate per word, several times faster
/// than the default SipHash on short symbol names. The input is a local file, so
/// resistance to crafted collisions is not needed.
#[derive(Default, Clone, Copy)]
pub(super) struct FxHasher {
    hash: u64,
}

type FxBuild = BuildHasherDefault<FxHasher>;

const FX_SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(FX_SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 56));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_offsets_only_when_they_are_offsets() {
        assert_eq!(strip_offset(b"memcpy+0x1c"), b"memcpy");
        assert_eq!(strip_offset(b"memcpy"), b"memcpy");
        assert_eq!(strip_offset(b"a+b"), b"a+b");
        assert_eq!(strip_offset(b"+0x10"), b"+0x10");
        assert_eq!(strip_offset(b"operator+0x"), b"operator+0x");
    }

    #[test]
    fn marks_say_kernel_or_user() {
        assert_eq!(split_mark(b"[k] memcpy"), (Some(true), &b"memcpy"[..]));
        assert_eq!(
            split_mark(b"[.] os_interlock_inc"),
            (Some(false), &b"os_interlock_inc"[..])
        );
        assert_eq!(split_mark(b"[H] x"), (None, &b"x"[..]));
        assert_eq!(split_mark(b"plain"), (None, &b"plain"[..]));
        assert!(is_mark(b"[k]") && is_mark(b"[.]") && !is_mark(b"[kernel]"));
    }

    #[test]
    fn dso_paths_become_file_names() {
        assert_eq!(dso_basename(b"/usr/lib/libc.so.6"), b"libc.so.6");
        assert_eq!(dso_basename(b"[kernel.kallsyms]"), b"[kernel.kallsyms]");
        assert_eq!(dso_basename(b"postgres"), b"postgres");
    }

    #[test]
    fn inclusive_weight_counts_once_per_sample() {
        let mut table = SymbolTable::new();
        let name = |s: &str| {
            let s = s.to_string();
            move || SymbolName {
                symbol: s,
                dso: None,
                kernel: None,
            }
        };
        // Sample 1: f → f (recursion) → g; sample 2: g.
        let f = table.intern(b"f", b"", name("f"));
        let g = table.intern(b"g", b"", name("g"));
        table.count(g, 1, 10, true, 1);
        table.count(f, 1, 10, false, 2);
        table.count(f, 1, 10, false, 3);
        table.count(g, 2, 30, true, 5);
        let top = table.top_hotspots(40, true);
        assert_eq!(top[0].symbol, "g");
        assert_eq!(top[0].self_pct, 100.0);
        assert_eq!(top[1].symbol, "f");
        assert_eq!(top[1].self_pct, 0.0);
        assert_eq!(top[1].total_pct, Some(25.0));
    }

    #[test]
    fn a_full_table_sends_new_symbols_to_one_bucket() {
        let mut table = SymbolTable::with_limits(2, usize::MAX);
        let name = |s: &str| SymbolName {
            symbol: s.to_string(),
            dso: None,
            kernel: None,
        };
        let a = table.intern(b"a", b"", || name("a"));
        let b = table.intern(b"b", b"", || name("b"));
        let c = table.intern(b"c", b"", || name("c"));
        let d = table.intern(b"d", b"", || name("d"));
        assert!(a != b && b != c && c == d);
        assert!(table.overflowed());
        assert_eq!(table.intern(b"a", b"", || name("a")), a);
        table.count(c, 1, 5, true, 9);
        assert_eq!(table.top_hotspots(5, false)[0].symbol, OVERFLOW_NAME);
        // The byte budget counts too.
        let mut small = SymbolTable::with_limits(100, 10);
        small.intern(b"a_very_long_name", b"", || name("a_very_long_name"));
        assert!(small.overflowed());
    }

    #[test]
    fn raw_spellings_of_one_name_share_counters() {
        let mut table = SymbolTable::new();
        let a = table.intern(b"get_[j]", b"", || SymbolName {
            symbol: "get".into(),
            dso: None,
            kernel: None,
        });
        let b = table.intern(b"get_[i]", b"", || SymbolName {
            symbol: "get".into(),
            dso: None,
            kernel: None,
        });
        assert_eq!(a, b);
    }
}
