//! `perf script` text: every sample of a recording, with its call chain when it was
//! recorded with `-g`. It is what consultants export when perf report is not at hand
//! or a flame graph is wanted, and it can be gigabytes, so it is streamed: frames are
//! cut with byte scans, looked up in an interned symbol table without allocating, and
//! memory stays flat in the input size (it grows only with distinct symbols, capped).
//! Real output (PostgreSQL under sysbench, perf 6.1), with `-g`:
//!
//! ```text
//! postgres 25341  3682.703822:   34482758 cpu-clock:
//!           16d80f __memmove_avx512_unaligned_erms+0xf (/usr/lib/x86_64-linux-gnu/libc.so.6)
//!           57a0c8 textsend+0x58 (/usr/lib/postgresql/15/bin/postgres)
//!           5abd21 SendFunctionCall+0x51 (/usr/lib/postgresql/15/bin/postgres)
//!           16267e [unknown] (/usr/lib/postgresql/15/bin/postgres)
//! …
//! ```
//!
//! (frame lines start with a TAB), and without `-g`, one line per sample:
//!
//! ```text
//!         postgres 25341  3691.899328:   34482758 cpu-clock:  ffffffff8226e079 _raw_spin_unlock_irqrestore+0x19 ([kernel.kallsyms])
//! ```
//!
//! Each sample weighs its period (the number before the event), as in perf report and
//! inferno's collapser; without a period it weighs 1. Self share = weight of samples
//! whose first (leaf) frame is the symbol; inclusive share = weight of samples with the
//! symbol anywhere in the stack, counted once per sample. Symbols lose their `+0x1c`
//! offset; an `[unknown]` symbol is named after its shared object (`[postgres]`), as
//! inferno and FlameGraph name it; shared objects are shown by file name. Kernel code
//! is recognised by a `[kernel.*]` object or a kernel-half address. Only samples of
//! the first event are counted (mixing cycles and instructions is meaningless).
//!
//! Frame lines are indented in perf's own output; some tools write them flush left
//! (FlameGraph's `perf-java-stacks-02.txt`), which reads the same. A JIT frame holding
//! inlined methods (`a->b->c`, perf-map-agent) is split into its methods, as inferno
//! does. The output of the shell's `history` (numbered lines) is not perf script,
//! though `  17  echo $(date)` looks like a frame.
//!
//! Facts: `perf.event`, `perf.samples`, `hotspot.<rank>.{symbol,dso,kernel,self_pct,
//! total_pct}`, `hotspot.count`, the kernel's share of the samples (`perf.kernel_pct`)
//! and the share of each command that took ≥ 1 % (`perf.command.<name>.pct`, at most
//! 20): a load generator profiled with the database shows up there. The same read folds every sample's stack, under its
//! command name as inferno does, for the flame graph (`ProfileStacks`).

use crate::facts::{Unit, Value};
use crate::parse::instance_label::instance_label;
use crate::parse::os::snapshot_time::iso_instant;
use crate::parse::profile::perf_symbols::{
    BoundedWarnings, SymbolName, SymbolTable, dso_basename, emit_hotspots, lossy, offset_in,
    strip_offset, trim,
};
use crate::parse::profile::profile_stacks::{StackFolder, StackWeight};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::fields::fields;
use crate::text::number::parse_u64;

pub struct PerfScript;

/// One sample's first line.
struct SampleHeader<'a> {
    /// The command name (may hold spaces), the flame graph's root frame.
    comm: &'a [u8],
    event: &'a [u8],
    period: Option<u64>,
    /// The leaf frame printed on the same line (recordings without call chains).
    inline_frame: &'a [u8],
}

enum HeaderLine<'a> {
    Sample(SampleHeader<'a>),
    /// A timestamped line that is not a sample (`PERF_RECORD_MMAP …` side-band events).
    OtherRecord,
    NotAHeader,
}

/// `ffffffff8226e079 _raw_spin_unlock_irqrestore+0x19 ([kernel.kallsyms])`
struct Frame<'a> {
    address: &'a [u8],
    symbol: &'a [u8],
    dso: &'a [u8],
}

impl CaptureParser for PerfScript {
    fn tool(&self) -> &'static str {
        "perf-script"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        if is_shell_history(head) {
            return None;
        }
        let mut after_header = false;
        for line in head.lines().take(2000) {
            let bytes = line.as_bytes();
            if is_kernel_log_line(bytes) {
                after_header = false;
                continue;
            }
            if after_header && !trim(bytes).is_empty() {
                if parse_frame(bytes).is_some() {
                    return Some(90);
                }
                after_header = false;
            }
            if let HeaderLine::Sample(h) = parse_header(bytes) {
                if parse_frame(h.inline_frame).is_some() {
                    return Some(90);
                }
                after_header = h.inline_frame.is_empty();
            }
        }
        None
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut table = SymbolTable::new();
        let mut malformed = BoundedWarnings::new();
        let mut event: Option<(Vec<u8>, u64)> = None;
        let mut samples: u64 = 0;
        let mut total_weight: u64 = 0;
        let mut sample_lines = (0u64, 0u64);
        let mut other_events: Option<(u64, u64)> = None;
        // The current sample: frames may follow, it is of the counted event, its next
        // frame is the leaf, and what it weighs.
        let mut in_stack = false;
        let mut counting = false;
        let mut leaf_next = false;
        let mut weight: u64 = 1;
        // Whether any sample had frames beyond its leaf (recorded with -g).
        let mut saw_callers = false;
        // The flame graph's stacks, rooted at the command names.
        let mut folder = StackFolder::default();
        let mut commands = CommandNames::default();
        let mut folding = false;

        while let Some(line) = lines.next_line()? {
            let bytes = line.bytes;
            let n = line.number;
            let Some(&first) = bytes.first() else {
                in_stack = false;
                continue;
            };
            let indented = first == b'\t' || first == b' ';
            // Inside a sample a line is a frame: indented as perf prints it (tried
            // first, it is most lines), or flush left when it is no sample header.
            let mut header = None;
            let frame = if !in_stack {
                None
            } else if indented {
                parse_frame(bytes)
            } else {
                let line_header = parse_header(bytes);
                let frame = matches!(line_header, HeaderLine::NotAHeader)
                    .then(|| parse_frame(bytes))
                    .flatten();
                header = Some(line_header);
                frame
            };
            if let Some(frame) = frame {
                if counting {
                    let sample = (samples, weight, leaf_next, n);
                    add_frame(&mut table, &mut folder, &frame, sample);
                    saw_callers |= !leaf_next;
                    leaf_next = false;
                    sample_lines.1 = n;
                }
                continue;
            }
            if in_stack && indented && trim(bytes).is_empty() {
                in_stack = false;
                continue;
            }
            if first == b'#' {
                continue;
            }
            let header = header.unwrap_or_else(|| parse_header(bytes));
            if folding && !matches!(header, HeaderLine::NotAHeader) {
                folder.finish(weight);
                folding = false;
            }
            match header {
                HeaderLine::Sample(header) => {
                    let counted = match &event {
                        None => {
                            event = Some((header.event.to_vec(), n));
                            true
                        }
                        Some((name, _)) => name[..] == *header.event,
                    };
                    if !counted {
                        let (count, _) = other_events.get_or_insert((0, n));
                        *count += 1;
                    }
                    counting = counted;
                    in_stack = true;
                    if !counted {
                        continue;
                    }
                    samples += 1;
                    weight = header.period.unwrap_or(1);
                    total_weight = total_weight.saturating_add(weight);
                    leaf_next = true;
                    let command = commands.id(header.comm);
                    commands.add(command, weight);
                    folder.start(command);
                    folding = true;
                    if sample_lines.0 == 0 {
                        sample_lines.0 = n;
                    }
                    sample_lines.1 = n;
                    if let Some(frame) = parse_frame(header.inline_frame) {
                        add_frame(&mut table, &mut folder, &frame, (samples, weight, true, n));
                        leaf_next = false;
                        in_stack = false;
                    }
                }
                HeaderLine::OtherRecord => in_stack = false,
                HeaderLine::NotAHeader => {
                    if trim(bytes).is_empty() {
                        in_stack = false;
                    } else if line.cut_off {
                        sink.warn_cut_off(n);
                    } else {
                        malformed.warn(sink, n, || {
                            "neither a sample header nor a stack frame; ignored".to_string()
                        });
                    }
                }
            }
        }
        if folding {
            folder.finish(weight);
        }
        malformed.finish(sink);

        let Some((event, event_line)) = event else {
            return Err(ParseError::whole_file(
                "no perf script samples (`comm pid time: period event:` followed by frames) found",
            ));
        };
        if let Some((count, at)) = other_events {
            sink.warn(
                at,
                format!(
                    "{count} samples of other events ignored; shares are of `{}` only",
                    String::from_utf8_lossy(&event)
                ),
            );
        }
        if table.overflowed() {
            sink.warn(
                sample_lines.1,
                "too many distinct symbols; the rarest ones share one bucket",
            );
        }
        sink.text("perf.event", lossy(&event), event_line);
        sink.put(
            "perf.samples",
            Value::Number(samples as f64),
            Unit::Count,
            sample_lines,
        );
        let stacks = folder.fold(
            StackWeight::EventPeriod,
            |c| commands.name(c),
            |id| table.symbol(id),
        );
        sink.profile_stacks(stacks, sample_lines.1);
        let share = |w: u64| w as f64 * 100.0 / total_weight.max(1) as f64;
        if let Some(kernel) = table.kernel_weight() {
            sink.put(
                "perf.kernel_pct",
                Value::Number(share(kernel)),
                Unit::Percent,
                sample_lines,
            );
        }
        for (name, weight) in commands.busiest(total_weight) {
            sink.put(
                format!("perf.command.{name}.pct"),
                Value::Number(share(weight)),
                Unit::Percent,
                sample_lines,
            );
        }
        emit_hotspots(table.top_hotspots(total_weight, saw_callers), sink);
        Ok(())
    }
}

/// The command names samples were taken in, interned: the root frames of the stacks,
/// with the weight of the samples each took.
#[derive(Default)]
struct CommandNames {
    ids: std::collections::HashMap<Box<[u8]>, u32>,
    names: Vec<String>,
    weights: Vec<u64>,
}

/// Commands below this share of the samples get no fact of their own.
const MIN_COMMAND_PCT: f64 = 1.0;
/// At most this many commands get a share fact, the busiest first.
const MAX_COMMAND_FACTS: usize = 20;

/// Past this many distinct command names (threads named per request, say), new ones
/// share one root frame.
const MAX_COMMANDS: usize = 10_000;

impl CommandNames {
    fn id(&mut self, comm: &[u8]) -> u32 {
        if let Some(&id) = self.ids.get(comm) {
            return id;
        }
        if self.names.len() >= MAX_COMMANDS {
            return self.id(b"[other commands]");
        }
        let name = if comm.is_empty() {
            "[unknown]".to_string()
        } else {
            lossy(comm)
        };
        self.names.push(name);
        self.weights.push(0);
        let id = (self.names.len() - 1) as u32;
        self.ids.insert(comm.into(), id);
        id
    }

    fn add(&mut self, id: u32, weight: u64) {
        if let Some(w) = self.weights.get_mut(id as usize) {
            *w = w.saturating_add(weight);
        }
    }

    /// `(key label, weight)` of the commands with at least `MIN_COMMAND_PCT` of
    /// `total_weight`, busiest first; names that make no key label are left out.
    fn busiest(&self, total_weight: u64) -> Vec<(String, u64)> {
        let mut order: Vec<usize> = (0..self.names.len())
            .filter(|&i| self.weights[i] as f64 * 100.0 >= MIN_COMMAND_PCT * total_weight as f64)
            .collect();
        order.sort_by(|&a, &b| {
            self.weights[b]
                .cmp(&self.weights[a])
                .then_with(|| self.names[a].cmp(&self.names[b]))
        });
        order
            .into_iter()
            .filter_map(|i| Some((instance_label(&self.names[i])?, self.weights[i])))
            .take(MAX_COMMAND_FACTS)
            .collect()
    }

    fn name(&self, id: u32) -> &str {
        self.names
            .get(id as usize)
            .map_or("[unknown]", String::as_str)
    }
}

/// Counts a frame of sample `(number, weight, leaf, line)` into the symbol table and
/// the stack folder. A JIT frame holding inlined methods (`a->b->c`, as perf-map-agent
/// writes them) is three frames, `c` innermost, as inferno splits them.
fn add_frame(
    table: &mut SymbolTable,
    folder: &mut StackFolder,
    frame: &Frame,
    (sample, weight, leaf, line): (u64, u64, bool, u64),
) {
    let symbol = strip_offset(frame.symbol);
    let mut intern = |part: &[u8]| {
        table.intern(part, frame.dso, || {
            symbol_name(frame.address, part, frame.dso)
        })
    };
    if memchr::memmem::find(symbol, b"->").is_none() {
        let id = intern(symbol);
        table.count(id, sample, weight, leaf, line);
        folder.frame(id);
        return;
    }
    let mut parts: Vec<&[u8]> = split_inlined(symbol).collect();
    if parts.is_empty() {
        parts.push(symbol);
    }
    let ids: Vec<u32> = parts.iter().map(|part| intern(part)).collect();
    for (i, &id) in ids.iter().rev().enumerate() {
        table.count(id, sample, weight, leaf && i == 0, line);
        folder.frame(id);
    }
}

/// `a->b->c` → `a`, `b`, `c`; empty parts are dropped. A C++ `operator->` is part
/// of its name, not an inlining arrow.
fn split_inlined(symbol: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(symbol);
    std::iter::from_fn(move || {
        let text = rest?;
        let mut from = 0;
        while let Some(found) = memchr::memmem::find(&text[from..], b"->") {
            let at = from + found;
            if text[..at].ends_with(b"operator") {
                from = at + 2;
                continue;
            }
            rest = Some(&text[at + 2..]);
            return Some(&text[..at]);
        }
        rest = None;
        Some(text)
    })
    .filter(|part| !part.is_empty())
}

/// How a frame is shown: `[unknown]` named after its object, objects by file name.
fn symbol_name(address: &[u8], symbol: &[u8], dso: &[u8]) -> SymbolName {
    let file = dso_basename(dso);
    let known_dso = !dso.is_empty() && dso != b"[unknown]";
    let symbol = if (symbol.is_empty() || symbol == b"[unknown]") && known_dso {
        format!("[{}]", String::from_utf8_lossy(file))
    } else if symbol.is_empty() {
        "[unknown]".to_string()
    } else {
        lossy(symbol)
    };
    let kernel_address = u64::from_str_radix(std::str::from_utf8(address).unwrap_or(""), 16)
        .is_ok_and(|a| a >= 0xfff0_0000_0000_0000 && a != u64::MAX);
    let kernel = dso.starts_with(b"[kernel.") || kernel_address;
    SymbolName {
        symbol,
        dso: known_dso.then(|| lossy(file)),
        kernel: known_dso.then_some(kernel),
    }
}

/// Whether `head` is the output of the shell's `history` (`  17  echo $(date)`): lines
/// numbered one after the other. Such a line can look like a frame (a hex-looking
/// number, text, a group in parentheses) and `  16  make:` like a sample header.
fn is_shell_history(head: &str) -> bool {
    let mut previous: Option<u64> = None;
    let mut in_a_row = 0;
    for line in head.lines().take(200) {
        let number = line
            .trim_start()
            .split_once("  ")
            .and_then(|(n, _)| n.parse::<u64>().ok());
        in_a_row = match (previous, number) {
            (Some(p), Some(n)) if n == p + 1 => in_a_row + 1,
            _ => 0,
        };
        if in_a_row >= 3 {
            return true;
        }
        previous = number;
    }
    false
}

/// Reads a sample's first line:
/// `comm [pid[/tid]] [[cpu]] time: [period] event: [ip sym (dso)]`. The comm may hold
/// spaces; the time stamp (`3682.657511:`) anchors the rest. Without a time stamp
/// (`perf script -F comm,pid,event,…`) the event is the first `name:` after the pid.
fn parse_header(bytes: &[u8]) -> HeaderLine<'_> {
    let mut after_time = false;
    let mut period = None;
    let mut previous_is_pid = false;
    // Where the command name ends: at the pid, else at the time stamp.
    let mut comm_end = None;
    for (i, token) in fields(bytes).enumerate() {
        if !after_time {
            if is_timestamp(token) {
                after_time = true;
                comm_end.get_or_insert(offset_in(bytes, token));
                continue;
            }
            if i >= 1 && previous_is_pid && is_event(token) {
                return sample(bytes, comm_end, token, None);
            }
            previous_is_pid = is_pid(token);
            if previous_is_pid && i >= 1 {
                comm_end.get_or_insert(offset_in(bytes, token));
            }
            continue;
        }
        if period.is_none()
            && let Some(p) = parse_u64(token)
        {
            period = Some(p);
            continue;
        }
        if is_event(token) {
            return sample(bytes, comm_end, token, period);
        }
        return HeaderLine::OtherRecord;
    }
    if after_time {
        HeaderLine::OtherRecord
    } else {
        HeaderLine::NotAHeader
    }
}

fn sample<'a>(
    bytes: &'a [u8],
    comm_end: Option<usize>,
    event_token: &'a [u8],
    period: Option<u64>,
) -> HeaderLine<'a> {
    let end = offset_in(bytes, event_token) + event_token.len();
    HeaderLine::Sample(SampleHeader {
        comm: trim(&bytes[..comm_end.unwrap_or(0)]),
        event: &event_token[..event_token.len() - 1],
        period,
        inline_frame: trim(bytes.get(end..).unwrap_or(b"")),
    })
}

/// `cpu-clock:`, `cycles:u:`, `sched:sched_switch:`: ends in a colon, has a letter.
fn is_event(token: &[u8]) -> bool {
    token.len() > 1 && token.ends_with(b":") && token.iter().any(u8::is_ascii_alphabetic)
}

/// `25342` or `25341/25342`.
fn is_pid(token: &[u8]) -> bool {
    !token.is_empty() && token.iter().all(|b| b.is_ascii_digit() || *b == b'/')
}

/// A dmesg line (`[52167.080534] CPU: 1 UID: 0 PID: 16494 Comm: … PREEMPT(none)`
/// reads like a sample header with an inline frame): a perf command name does not
/// start with a bracketed uptime, a `dmesg -T` date stamp or an ISO time.
fn is_kernel_log_line(bytes: &[u8]) -> bool {
    // `dmesg --time-format iso`: `2026-12-05T00:56:18,118427+00:00 message`.
    if bytes.get(4) == Some(&b'-') && bytes.get(10) == Some(&b'T') {
        let stamp = bytes.split(|b| *b == b' ').next().unwrap_or_default();
        return std::str::from_utf8(stamp).is_ok_and(|s| iso_instant(s).is_some());
    }
    let Some(rest) = bytes.strip_prefix(b"[") else {
        return false;
    };
    let Some(end) = memchr::memchr(b']', rest) else {
        return false;
    };
    let stamp = trim(&rest[..end]);
    let digits = |part: &[u8]| !part.is_empty() && part.iter().all(u8::is_ascii_digit);
    // `dmesg -T`: `[Thu Dec  3 10:52:48 2026]`.
    let words: Vec<&[u8]> = stamp
        .split(|b| *b == b' ')
        .filter(|w| !w.is_empty())
        .collect();
    if let [_, _, day, time, year] = words.as_slice() {
        return digits(day) && time.contains(&b':') && year.len() == 4 && digits(year);
    }
    match memchr::memchr(b'.', stamp) {
        Some(dot) => digits(&stamp[..dot]) && digits(&stamp[dot + 1..]),
        None => false,
    }
}

/// `3682.657511:`
fn is_timestamp(token: &[u8]) -> bool {
    let Some(body) = token.strip_suffix(b":") else {
        return false;
    };
    let Some(dot) = memchr::memchr(b'.', body) else {
        return false;
    };
    let (secs, frac) = (&body[..dot], &body[dot + 1..]);
    !secs.is_empty()
        && !frac.is_empty()
        && secs.iter().all(u8::is_ascii_digit)
        && frac.iter().all(u8::is_ascii_digit)
}

/// Where the `( … )` group that ends `tail` opens. Usually the last `(` (one SIMD
/// scan); a shared object with parentheses of its own (`(/lib/x.so (deleted))`) needs
/// counting.
fn dso_group_start(tail: &[u8]) -> Option<usize> {
    let last_open = memchr::memrchr(b'(', tail)?;
    let inside = &tail[last_open + 1..tail.len() - 1];
    if memchr::memchr(b')', inside).is_none() {
        return Some(last_open);
    }
    let mut depth = 0usize;
    for i in (0..tail.len()).rev() {
        match tail[i] {
            b')' => depth += 1,
            b'(' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Cuts a frame line: leading blanks, a hex address, the symbol (may hold spaces and
/// parentheses), and the shared object in the last balanced `( )` group.
fn parse_frame(bytes: &[u8]) -> Option<Frame<'_>> {
    let start = bytes.iter().position(|&b| b != b' ' && b != b'\t')?;
    let rest = &bytes[start..];
    let address_len = rest.iter().position(|&b| b == b' ').unwrap_or(rest.len());
    if address_len == 0
        || address_len > 16
        || !rest[..address_len].iter().all(u8::is_ascii_hexdigit)
    {
        return None;
    }
    let address = &rest[..address_len];
    let mut tail = &rest[address_len..];
    while let Some((&last, init)) = tail.split_last() {
        if last == b' ' || last == b'\t' {
            tail = init;
        } else {
            break;
        }
    }
    if tail.last() != Some(&b')') {
        return None;
    }
    let open = dso_group_start(tail)?;
    Some(Frame {
        address,
        symbol: trim(&tail[..open]),
        dso: &tail[open + 1..tail.len() - 1],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(line: &str) -> Option<(String, Option<u64>, String)> {
        match parse_header(line.as_bytes()) {
            HeaderLine::Sample(h) => Some((lossy(h.event), h.period, lossy(h.inline_frame))),
            _ => None,
        }
    }

    #[test]
    fn reads_sample_headers() {
        assert_eq!(
            header("postgres 25342  3682.657511:   34482758 cpu-clock: "),
            Some(("cpu-clock".into(), Some(34482758), String::new()))
        );
        assert_eq!(
            header(
                "V8 WorkerThread 24636/25607 [000] 94564.109216: cycles:u:  ffffffff9aa3c8de [unknown] ([unknown])"
            ),
            Some((
                "cycles:u".into(),
                None,
                "ffffffff9aa3c8de [unknown] ([unknown])".into()
            ))
        );
        assert_eq!(
            header("dmserver 4242 cycles: 4001a0 os_interlock_inc+0x10 (/opt/dm/bin/dmserver)"),
            Some((
                "cycles".into(),
                None,
                "4001a0 os_interlock_inc+0x10 (/opt/dm/bin/dmserver)".into()
            ))
        );
        assert!(header("perf 12 [000] 1.5: PERF_RECORD_MMAP 12/12: [0x1(0x2) @ 0]: x").is_none());
        assert!(
            header("\t          43cb22 [unknown] (/usr/lib/postgresql/15/bin/postgres)").is_none()
        );
    }

    #[test]
    fn splits_inlined_frames_but_not_operator_arrow() {
        let parts = |s: &str| -> Vec<String> { split_inlined(s.as_bytes()).map(lossy).collect() };
        assert_eq!(parts("LFoo;::a->LBar;::b"), ["LFoo;::a", "LBar;::b"]);
        assert_eq!(
            parts("std::unique_ptr<Row>::operator->() const"),
            ["std::unique_ptr<Row>::operator->() const"]
        );
        assert_eq!(
            parts("Ptr::operator->->LBaz;::c"),
            ["Ptr::operator->", "LBaz;::c"]
        );
    }

    #[test]
    fn cuts_frames() {
        let f =
            parse_frame(b"\t    16d80f __memmove_avx512_unaligned_erms+0xf (/usr/lib/libc.so.6)")
                .unwrap();
        assert_eq!(f.address, b"16d80f");
        assert_eq!(f.symbol, b"__memmove_avx512_unaligned_erms+0xf");
        assert_eq!(f.dso, b"/usr/lib/libc.so.6");
        let f = parse_frame(b"  7f00 std::vector<int>::push(int const&) (/lib/x.so (deleted))")
            .unwrap();
        assert_eq!(f.symbol, b"std::vector<int>::push(int const&)");
        assert_eq!(f.dso, b"/lib/x.so (deleted)");
        assert!(parse_frame(b"\t  43cb22 cut off (/usr/lib/postg").is_none());
        assert!(parse_frame(b"postgres 1 2.5: cpu-clock:").is_none());
    }

    #[test]
    fn names_unknown_symbols_after_their_object() {
        let n = symbol_name(
            b"43cb22",
            b"[unknown]",
            b"/usr/lib/postgresql/15/bin/postgres",
        );
        assert_eq!(n.symbol, "[postgres]");
        assert_eq!(n.dso.as_deref(), Some("postgres"));
        assert_eq!(n.kernel, Some(false));
        let n = symbol_name(
            b"ffffffff8226e079",
            b"_raw_spin_unlock",
            b"[kernel.kallsyms]",
        );
        assert_eq!(n.kernel, Some(true));
        let n = symbol_name(b"ffffffffffffffff", b"[unknown]", b"[unknown]");
        assert_eq!(
            (n.symbol.as_str(), n.dso, n.kernel),
            ("[unknown]", None, None)
        );
    }
}
