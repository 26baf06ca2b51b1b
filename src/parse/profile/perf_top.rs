//! `perf top --stdio` redirected to a file: what the case documents show ("perf top
//! showed os_interlock_inc, os_interlock_dec and os_interlock_read64 high"; "verify
//! that memcpy now comes from libstringlib.so"). perf top reprints the whole table
//! every refresh (`-d` seconds), each time under a `PerfTop:` line. Real output
//! (PostgreSQL under sysbench, perf 6.1, `COLUMNS=120`):
//!
//! ```text
//!    PerfTop:    2424 irqs/sec  kernel:44.3%  exact:  0.0% lost: 0/0 drop: 0/0 [4000Hz cpu-clock],  (target_pid: 14018,…
//! -----------------------------------------------------------------------------------------------------------------------
//!
//!     13.94%  [kernel]          [k] finish_task_switch.isra.0
//!      9.29%  [kernel]          [k] _raw_spin_unlock_irqrestore
//!      4.44%  postgres          [.] hash_search_with_hash_value
//!      1.41%  libc.so.6         [.] __memmove_avx512_unaligned_erms
//! ```
//!
//! The LAST COMPLETE snapshot is used, not an average: perf top's shares already
//! decay over refreshes, and the last table is the one the consultant looked at. A
//! snapshot is complete when another `PerfTop:` line follows it or the file ends with
//! a whole line; when the last one is cut off (perf top killed mid-print) the one
//! before it is used, with a warning.
//!
//! Rows are `<self%> [<dso>] <[k]|[.]> <symbol>` (`<children%> <self%> …` with `-g`);
//! the column before the mark is taken as the shared object, which is perf top's
//! default sort (`dso,symbol`). Symbols are cut at the terminal width, so a long C++
//! name may be truncated. Unresolved addresses add up per object, as `[object]`, as
//! in perf report. Facts: `perf.event` (from `[4000Hz cycles]`) and
//! `hotspot.<rank>.{symbol,dso,kernel,self_pct,total_pct}`, `hotspot.count`.

use crate::parse::profile::perf_symbols::{
    Hotspot, emit_hotspots, is_mark, lossy, merge_same_symbol, offset_in, parse_percent,
    split_mark, trim,
};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::fields::fields;

pub struct PerfTop;

#[derive(Default)]
struct Snapshot {
    header_line: u64,
    event: Option<String>,
    rows: Vec<Hotspot>,
    cut_off: bool,
}

/// A snapshot lists as many rows as fit the terminal; more means something is off.
const MAX_ROWS: usize = 10_000;

impl CaptureParser for PerfTop {
    fn tool(&self) -> &'static str {
        "perf-top"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        head.lines()
            .take(400)
            .any(|l| l.contains("PerfTop:") && l.contains("irqs/sec"))
            .then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut current: Option<Snapshot> = None;
        let mut last_complete: Option<Snapshot> = None;

        while let Some(line) = lines.next_line()? {
            let bytes = line.bytes;
            let header_at = memchr::memmem::find(bytes, b"PerfTop:");
            if line.cut_off && !trim(bytes).is_empty() {
                sink.warn(
                    line.number,
                    "last line is cut off (perf top stopped mid-print); ignored",
                );
                if let Some(snapshot) = current.as_mut()
                    && header_at.is_none()
                {
                    snapshot.cut_off = true;
                }
                continue;
            }
            if let Some(at) = header_at {
                if let Some(done) = current.take()
                    && !done.rows.is_empty()
                {
                    last_complete = Some(done);
                }
                current = Some(Snapshot {
                    header_line: line.number,
                    event: event_of(&bytes[at..]),
                    ..Snapshot::default()
                });
                continue;
            }
            let Some(snapshot) = current.as_mut() else {
                continue;
            };
            if let Some(row) = row(bytes, line.number)
                && snapshot.rows.len() < MAX_ROWS
            {
                snapshot.rows.push(row);
            }
        }

        let chosen = match current {
            Some(last) if !last.rows.is_empty() && !last.cut_off => last,
            Some(last) if !last.rows.is_empty() => match last_complete {
                Some(previous) => {
                    sink.warn(
                        last.header_line,
                        format!(
                            "the last snapshot is cut off; the complete one at line {} is used",
                            previous.header_line
                        ),
                    );
                    previous
                }
                None => {
                    sink.warn(
                        last.header_line,
                        "the only snapshot is cut off; its complete rows are used",
                    );
                    last
                }
            },
            _ => last_complete.ok_or_else(|| {
                ParseError::whole_file(
                    "no perf top snapshot with rows (`PerfTop:` header, then `  12.34%  dso  [.] symbol`) found",
                )
            })?,
        };
        if let Some(event) = &chosen.event {
            sink.text("perf.event", event.clone(), chosen.header_line);
        }
        emit_hotspots(merge_same_symbol(chosen.rows), sink);
        Ok(())
    }
}

/// `PerfTop: … [4000Hz cpu-clock],  (all, 2 CPUs)` → `cpu-clock` (also `[100000 cycles]`
/// when sampling by period).
fn event_of(header: &[u8]) -> Option<String> {
    let open = memchr::memchr(b'[', header)?;
    let inside = &header[open + 1..];
    let inside = &inside[..memchr::memchr(b']', inside)?];
    fields(inside).last().map(lossy)
}

/// `    45.10%  dmserver  [.] os_interlock_inc`, or with `-g`
/// `    60.00%    45.10%  dmserver  [.] os_interlock_inc`.
fn row(bytes: &[u8], line: u64) -> Option<Hotspot> {
    let mut tokens = fields(bytes);
    let first = parse_percent(tokens.next()?)?;
    let mut percents = vec![first];
    let mut dso: Option<&[u8]> = None;
    for token in tokens {
        if is_mark(token) {
            let (kernel, symbol) = split_mark(trim(&bytes[offset_in(bytes, token)..]));
            if symbol.is_empty() {
                return None;
            }
            let (self_pct, total_pct) = match percents[..] {
                [only] => (only, None),
                [children, own, ..] => (own, Some(children)),
                [] => return None,
            };
            return Some(Hotspot::table_row(
                symbol,
                dso.map(lossy),
                kernel,
                self_pct,
                total_pct,
                line,
            ));
        }
        match parse_percent(token) {
            Some(p) if dso.is_none() => percents.push(p),
            _ => dso = Some(token),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rows_with_and_without_children() {
        let r = row(b"    45.10%  dmserver  [.] os_interlock_inc", 3).unwrap();
        assert_eq!(r.symbol, "os_interlock_inc");
        assert_eq!(r.dso.as_deref(), Some("dmserver"));
        assert_eq!(
            (r.self_pct, r.total_pct, r.kernel),
            (45.10, None, Some(false))
        );
        let r = row(b"    60.00%    45.10%  [kernel]  [k] _raw_spin_lock", 3).unwrap();
        assert_eq!(
            (r.self_pct, r.total_pct, r.kernel),
            (45.10, Some(60.0), Some(true))
        );
        assert!(row(b"  |--12.00%--foo", 3).is_none());
        assert!(row(b"   PerfTop:  12 irqs/sec", 3).is_none());
    }

    #[test]
    fn event_from_the_header() {
        assert_eq!(
            event_of(b"PerfTop: 2424 irqs/sec  kernel:44.3% [4000Hz cpu-clock],  (all, 2 CPUs)"),
            Some("cpu-clock".into())
        );
        assert_eq!(event_of(b"PerfTop: 1 irqs/sec"), None);
    }
}
