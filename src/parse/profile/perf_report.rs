//! `perf report --stdio`: the hot functions of a recorded profile, the capture
//! consultants send most often ("which functions take the samples?"). Handles the
//! children layout (`Children  Self`, the default after `perf record -g`) and
//! `--no-children` (`Overhead`), any `--sort` that includes `symbol` (default
//! `comm,dso,symbol`, `dso,symbol`, `symbol`), and skips the call-graph lines printed
//! under each entry. Real output (PostgreSQL under sysbench, perf 6.1):
//!
//! ```text
//! # Samples: 710  of event 'cpu-clock'
//! # Event count (approx.): 7171717100
//! #
//! # Children      Self  Command   Shared Object      Symbol
//! # ........  ........  ........  .................  ........................................
//! #
//!     79.44%     0.00%  postgres  libc.so.6          [.] __libc_start_call_main
//!             |
//!             ---__libc_start_call_main
//!                main
//!                PostmasterMain
//!                0x55d187881cbc
//!                |
//!                 --78.17%--PostgresMain
//!                           |
//!                           |--34.08%--PortalRun
//! …
//!     19.86%    18.73%  postgres  [kernel.kallsyms]  [k] finish_task_switch.isra.0
//!             |
//!              --16.48%--__libc_start_call_main
//!                        main
//! ```
//!
//! (trailing blanks removed here).
//!
//! Columns are cut at the positions of the `# ....` line under the header, because
//! symbols (C++ signatures) and column names (`Shared Object`) contain spaces; an
//! entry is a line whose first column is a percentage, which call-graph lines
//! (`|--12.5%--`, `---main`, indented names) never are.
//!
//! Facts: `perf.event`, `perf.samples` (perf prints `12K` above a thousand, so it is
//! approximate there), and `hotspot.<rank>.{symbol,dso,kernel,self_pct,total_pct}`
//! with `hotspot.count` (see `perf_symbols`): the top 50 by self share (the `Self` or
//! `Overhead` column), rows of one function under several commands summed, and the
//! addresses perf could not resolve summed per object as `[object]` (no inclusive
//! share: those of its addresses overlap); and
//! `perf.kernel_pct`, the self shares of every `[k]` row summed. With several events
//! only the first event's table is read.

use crate::facts::{Unit, Value};
use crate::parse::profile::perf_symbols::{
    Hotspot, emit_hotspots, lossy, merge_same_symbol, parse_percent, split_mark, trim,
};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;

pub struct PerfReport;

/// Which column means what, found from the header names.
struct Layout {
    /// Byte ranges of the columns; the last one runs to the end of the line.
    columns: Vec<(usize, usize)>,
    self_col: usize,
    total_col: Option<usize>,
    dso_col: Option<usize>,
    symbol_col: usize,
}

/// Rows kept at most: a report of a whole system can list tens of thousands of
/// functions, only the top ones become facts.
const MAX_ROWS: usize = 100_000;

impl CaptureParser for PerfReport {
    fn tool(&self) -> &'static str {
        "perf-report"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut previous_was_header = false;
        for line in head.lines().take(400) {
            if line.starts_with("# Samples: ") && line.contains(" of event '") {
                return Some(95);
            }
            if previous_was_header && is_dots_line(line.as_bytes()) {
                return Some(95);
            }
            previous_was_header =
                line.starts_with("# Overhead ") || line.starts_with("# Children ");
        }
        None
    }

    fn starts_section(&self, line: &str) -> bool {
        line.starts_with("# To display the perf.data header info")
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut header: Option<Vec<u8>> = None;
        let mut layout: Option<Layout> = None;
        let mut rows: Vec<Hotspot> = Vec::new();
        let mut event_seen = false;
        let mut other_event_at: Option<u64> = None;

        while let Some(line) = lines.next_line()? {
            let bytes = line.bytes;
            let n = line.number;
            if line.cut_off && !trim(bytes).is_empty() {
                sink.warn_cut_off(n);
                break;
            }
            if let Some(rest) = bytes.strip_prefix(b"# Samples: ") {
                if event_seen {
                    // A second event's table: stop here, its shares are of another event.
                    other_event_at = Some(n);
                    break;
                }
                event_seen = true;
                read_samples_line(rest, n, sink);
                continue;
            }
            if bytes.first() == Some(&b'#') {
                if is_dots_line(bytes) {
                    match &header {
                        Some(names) => match Layout::from(names, bytes) {
                            Some(l) => layout = Some(l),
                            None => sink.warn(
                                n,
                                "column header has no Symbol and Overhead/Self columns; entries up to the next header are ignored",
                            ),
                        },
                        None => sink.warn(n, "column ruler without a header line above it"),
                    }
                } else {
                    header = Some(bytes.to_vec());
                }
                continue;
            }
            let Some(layout) = &layout else { continue };
            if let Some(row) = layout.row(bytes, n)
                && rows.len() < MAX_ROWS
            {
                rows.push(row);
            }
        }

        if let Some(at) = other_event_at {
            sink.warn(
                at,
                "the report holds more than one event; only the first event's table is used",
            );
        }
        if rows.is_empty() {
            return Err(ParseError::whole_file(if layout.is_some() {
                "perf report header found but no entries (`  12.34%  …  [.] symbol`) follow it"
            } else {
                "no perf report column header (`# Overhead  …  Symbol` with its `# ....` ruler) found"
            }));
        }
        if rows.iter().any(|r| r.kernel.is_some()) {
            let kernel: f64 = rows
                .iter()
                .filter(|r| r.kernel == Some(true))
                .map(|r| r.self_pct)
                .sum();
            let lines = (rows[0].lines.0, rows[rows.len() - 1].lines.1);
            sink.put(
                "perf.kernel_pct",
                Value::Number(kernel),
                Unit::Percent,
                lines,
            );
        }
        emit_hotspots(merge_same_symbol(rows), sink);
        Ok(())
    }
}

/// `3K of event 'cycles'` or `710  of event 'cpu-clock:pp'`.
fn read_samples_line(rest: &[u8], line: u64, sink: &mut FactSink) {
    let mut tokens = crate::text::fields::fields(rest);
    if let Some(count) = tokens.next().and_then(parse_scaled_count) {
        sink.number("perf.samples", count, Unit::Count, line);
    }
    if let Some(open) = memchr::memchr(b'\'', rest) {
        let quoted = &rest[open + 1..];
        let event = memchr::memchr(b'\'', quoted).map_or(quoted, |close| &quoted[..close]);
        if !event.is_empty() {
            sink.text("perf.event", lossy(event), line);
        }
    }
}

/// `710` → 710, `12K` → 12000, `1M` → 1000000 (perf's rounded counts).
fn parse_scaled_count(token: &[u8]) -> Option<f64> {
    let (digits, scale) = match token.last()? {
        b'K' => (&token[..token.len() - 1], 1e3),
        b'M' => (&token[..token.len() - 1], 1e6),
        b'G' => (&token[..token.len() - 1], 1e9),
        _ => (token, 1.0),
    };
    parse_f64(digits).map(|v| v * scale)
}

/// `# ........  ........  .....`: the ruler under the column names.
fn is_dots_line(bytes: &[u8]) -> bool {
    bytes.len() > 2
        && bytes[0] == b'#'
        && bytes[1..].contains(&b'.')
        && bytes[1..].iter().all(|&b| b == b'.' || b == b' ')
}

impl Layout {
    fn from(names: &[u8], ruler: &[u8]) -> Option<Layout> {
        let mut columns = Vec::new();
        let mut start = None;
        for (i, &b) in ruler.iter().enumerate() {
            match (b == b'.', start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    columns.push(s);
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(s) = start {
            columns.push(s);
        }
        let columns: Vec<(usize, usize)> = columns
            .iter()
            .enumerate()
            .map(|(i, &s)| (s, columns.get(i + 1).copied().unwrap_or(usize::MAX)))
            .collect();
        let name_of = |i: usize| trim(cell(names, columns[i]));
        let find = |want: &[u8]| (0..columns.len()).find(|&i| name_of(i) == want);
        let total_col = find(b"Children");
        let self_col = find(b"Self").or_else(|| find(b"Overhead"))?;
        Some(Layout {
            symbol_col: find(b"Symbol")?,
            dso_col: find(b"Shared Object"),
            total_col,
            self_col,
            columns,
        })
    }

    /// The entry on `bytes`, or `None` for call-graph and other lines.
    fn row(&self, bytes: &[u8], line: u64) -> Option<Hotspot> {
        let column = |i: usize| trim(cell(bytes, self.columns[i]));
        let self_pct = parse_percent(column(self.self_col))?;
        let total_pct = match self.total_col {
            Some(i) => Some(parse_percent(column(i))?),
            None => None,
        };
        let (kernel, symbol) = split_mark(column(self.symbol_col));
        if symbol.is_empty() {
            return None;
        }
        let dso = self
            .dso_col
            .map(|i| lossy(column(i)))
            .filter(|d| !d.is_empty());
        Some(Hotspot::table_row(
            symbol, dso, kernel, self_pct, total_pct, line,
        ))
    }
}

/// The bytes of `line` within `range`, clipped to the line.
fn cell(line: &[u8], (start, end): (usize, usize)) -> &[u8] {
    let end = end.min(line.len());
    line.get(start..end).unwrap_or(b"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_with_perf_suffixes() {
        assert_eq!(parse_scaled_count(b"710"), Some(710.0));
        assert_eq!(parse_scaled_count(b"12K"), Some(12_000.0));
        assert_eq!(parse_scaled_count(b"K"), None);
    }

    #[test]
    fn columns_come_from_the_ruler() {
        let names = b"# Children      Self  Command   Shared Object      Symbol";
        let ruler = b"# ........  ........  ........  .................  ......";
        let layout = Layout::from(names, ruler).unwrap();
        assert_eq!(layout.total_col, Some(0));
        assert_eq!(layout.self_col, 1);
        assert_eq!(layout.dso_col, Some(3));
        assert_eq!(layout.symbol_col, 4);
        let row = layout
            .row(
                b"    19.86%    18.73%  postgres  [kernel.kallsyms]  [k] finish_task_switch.isra.0",
                7,
            )
            .unwrap();
        assert_eq!(row.symbol, "finish_task_switch.isra.0");
        assert_eq!(row.dso.as_deref(), Some("[kernel.kallsyms]"));
        assert_eq!(row.kernel, Some(true));
        assert_eq!((row.self_pct, row.total_pct), (18.73, Some(19.86)));
        assert!(layout.row(b"            |--34.08%--PortalRun", 8).is_none());
        assert!(layout.row(b"               main", 9).is_none());
    }
}
