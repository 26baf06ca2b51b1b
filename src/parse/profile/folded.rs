//! Folded (collapsed) stacks: one line per distinct stack, root first, frames joined
//! by `;`, then a count. async-profiler (`-o collapsed`), inferno's and FlameGraph's
//! `stackcollapse-*` write them, and Java teams hand them over instead of perf data
//! ("one getter has more than 93 % of the samples"). Real output
//! (inferno-collapse-perf over a PostgreSQL `perf script`):
//!
//! ```text
//! postgres;__libc_start_call_main;main;PostmasterMain;[postgres];PostgresMain;CommitTransactionCommand;[postgres];XLogFlush;[postgres];fdatasync 34482758
//! postgres;__libc_start_call_main;main;PostmasterMain;[postgres];PostgresMain;PortalRun;[postgres];standard_ExecutorRun;[postgres];SendFunctionCall;textsend;__memmove_avx512_unaligned_erms 34482758
//! ```
//!
//! and async-profiler's layout with its frame-type suffixes (`_[j]` JIT-compiled,
//! `_[i]` inlined, `_[0]` interpreted, `_[1]` C1, `_[k]` kernel), shortened from the
//! reconstructed case D fixture:
//!
//! ```text
//! java/lang/Thread.run_[j];…;com/acme/valuation/core/Valuation.price_[j];com/acme/valuation/model/Position.getXXX_[j] 8870
//! ```
//!
//! Self share = count of stacks whose last (leaf) frame is the symbol; inclusive share
//! = count of stacks holding it anywhere, once per stack. Suffixes are removed (`_[k]`
//! sets the kernel flag, the Java ones clear it). A `;` is not a frame boundary inside
//! parentheses (`getXXX(Ljava/lang/String;)V` signatures) or in a JVM type descriptor
//! followed by its method (`Lcom/acme/Valuation;.getXXX`, as perf-map-agent names
//! frames). inferno's first frame is the command name (`postgres`), so it has 100 %
//! inclusive share. Streams with an interned symbol table like perf script, and
//! hands the stacks (frames named as the hotspots are) to the flame graph.
//!
//! Facts: `perf.samples` (the sum of counts: samples for async-profiler and
//! FlameGraph, event periods for inferno, which weighs by period), and
//! `hotspot.<rank>.{symbol,kernel,self_pct,total_pct}`, `hotspot.count`. Folded stacks
//! carry no shared object, so `hotspot.<rank>.dso` is absent.

use crate::facts::{Unit, Value};
use crate::parse::profile::perf_symbols::{
    BoundedWarnings, SymbolName, SymbolTable, emit_hotspots, lossy,
};
use crate::parse::profile::profile_stacks::{StackFolder, StackWeight};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_u64;

pub struct Folded;

impl CaptureParser for Folded {
    fn tool(&self) -> &'static str {
        "folded"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        // The head may end inside a line; only whole lines are judged.
        let whole = match head.rfind('\n') {
            Some(end) if !head.ends_with('\n') => &head[..end],
            _ => head,
        };
        let mut stacks = 0usize;
        let mut with_separator = 0usize;
        for line in whole.lines().take(200) {
            let line = line.trim_end();
            if line.is_empty() {
                continue;
            }
            match split_count(line.as_bytes()) {
                Some((stack, _)) if !stack.starts_with(b"#") => {
                    stacks += 1;
                    with_separator += usize::from(memchr::memchr(b';', stack).is_some());
                }
                _ => return None,
            }
        }
        (stacks > 0 && with_separator * 2 >= stacks).then_some(70)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut table = SymbolTable::new();
        let mut malformed = BoundedWarnings::new();
        let mut stacks: u64 = 0;
        let mut total: u64 = 0;
        let mut span = (0u64, 0u64);
        let mut folder = StackFolder::default();
        let mut frames: Vec<u32> = Vec::new();

        while let Some(line) = lines.next_line()? {
            let bytes = trim_end(line.bytes);
            let n = line.number;
            if bytes.is_empty() {
                continue;
            }
            // A last line without its line end is a stack like any other when it ends
            // in a count (files saved without a final newline are common).
            let Some((stack, count)) = split_count(bytes) else {
                if line.cut_off {
                    sink.warn_cut_off(n);
                    continue;
                }
                malformed.warn(sink, n, || {
                    "not a folded stack (`frame;frame;… count`); ignored".to_string()
                });
                continue;
            };
            stacks += 1;
            total = total.saturating_add(count);
            if span.0 == 0 {
                span.0 = n;
            }
            span.1 = n;
            let mut start = 0;
            frames.clear();
            while start <= stack.len() {
                let (end, next) = frame_end(stack, start);
                let frame = &stack[start..end];
                let leaf = next > stack.len();
                if !frame.is_empty() {
                    let id = table.intern(frame, b"", || frame_name(frame));
                    table.count(id, stacks, count, leaf, n);
                    frames.push(id);
                }
                start = next;
            }
            // Root first here; the folder takes the root, then frames from the leaf.
            if let Some((&root, callees)) = frames.split_first() {
                folder.start(root);
                for &id in callees.iter().rev() {
                    folder.frame(id);
                }
                folder.finish(count);
            }
        }
        malformed.finish(sink);

        if stacks == 0 {
            return Err(ParseError::whole_file(
                "no folded stacks (`frame;frame;… count` lines) found",
            ));
        }
        if table.overflowed() {
            sink.warn(
                span.1,
                "too many distinct frames; the rarest ones share one bucket",
            );
        }
        sink.put(
            "perf.samples",
            Value::Number(total as f64),
            Unit::Count,
            span,
        );
        let folded = folder.fold(
            StackWeight::Samples,
            |id| table.symbol(id),
            |id| table.symbol(id),
        );
        sink.profile_stacks(folded, span.1);
        emit_hotspots(table.top_hotspots(total, true), sink);
        Ok(())
    }
}

/// `a;b;c 42` → (`a;b;c`, 42). The count follows the last blank.
fn split_count(line: &[u8]) -> Option<(&[u8], u64)> {
    let blank = memchr::memrchr2(b' ', b'\t', line)?;
    let count = parse_u64(&line[blank + 1..])?;
    let stack = trim_end(&line[..blank]);
    (!stack.is_empty()).then_some((stack, count))
}

/// Where the frame starting at `start` ends and the next one starts (past the end of
/// `stack` for the leaf).
fn frame_end(stack: &[u8], start: usize) -> (usize, usize) {
    let mut search = start;
    while let Some(found) = memchr::memchr(b';', &stack[search..]) {
        let at = search + found;
        let frame = &stack[start..at];
        if !inside_parentheses(frame) && !ends_jvm_descriptor(frame, stack.get(at + 1)) {
            return (at, at + 1);
        }
        search = at + 1;
    }
    (stack.len(), stack.len() + 1)
}

fn inside_parentheses(frame: &[u8]) -> bool {
    if memchr::memchr(b'(', frame).is_none() {
        return false;
    }
    let opened = frame.iter().filter(|&&b| b == b'(').count();
    let closed = frame.iter().filter(|&&b| b == b')').count();
    opened > closed
}

/// `Lcom/acme/Valuation` before `;.getXXX` or `;::getXXX`.
fn ends_jvm_descriptor(frame: &[u8], next: Option<&u8>) -> bool {
    matches!(next, Some(b'.' | b':'))
        && frame.starts_with(b"L")
        && memchr::memchr(b'/', frame).is_some()
}

/// A frame's displayed name without its frame-type suffix.
fn frame_name(frame: &[u8]) -> SymbolName {
    let (name, kernel) = match frame.len().checked_sub(4).map(|at| frame.split_at(at)) {
        Some((name, b"_[k]")) => (name, Some(true)),
        Some((name, b"_[j]" | b"_[i]" | b"_[0]" | b"_[1]")) => (name, Some(false)),
        _ => (frame, None),
    };
    SymbolName {
        symbol: lossy(if name.is_empty() { frame } else { name }),
        dso: None,
        kernel,
    }
}

fn trim_end(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |e| e + 1);
    &bytes[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(stack: &str) -> Vec<String> {
        let stack = stack.as_bytes();
        let mut out = Vec::new();
        let mut start = 0;
        while start <= stack.len() {
            let (end, next) = frame_end(stack, start);
            out.push(lossy(&stack[start..end]));
            start = next;
        }
        out
    }

    #[test]
    fn splits_frames_but_not_java_signatures() {
        assert_eq!(frames("a;b;c"), ["a", "b", "c"]);
        assert_eq!(
            frames("Thread.run;Lcom/acme/Valuation;.getXXX;memcpy"),
            ["Thread.run", "Lcom/acme/Valuation;.getXXX", "memcpy"]
        );
        assert_eq!(
            frames("run;com/acme/V.get(Ljava/lang/String;)I;x"),
            ["run", "com/acme/V.get(Ljava/lang/String;)I", "x"]
        );
    }

    #[test]
    fn counts_and_suffixes() {
        assert_eq!(split_count(b"a;b 12"), Some((&b"a;b"[..], 12)));
        assert_eq!(split_count(b"a;b x"), None);
        assert_eq!(split_count(b" 12"), None);
        let n = frame_name(b"com/acme/Position.getXXX_[j]");
        assert_eq!(
            (n.symbol.as_str(), n.kernel),
            ("com/acme/Position.getXXX", Some(false))
        );
        assert_eq!(frame_name(b"do_syscall_64_[k]").kernel, Some(true));
        assert_eq!(frame_name(b"main").kernel, None);
    }
}
