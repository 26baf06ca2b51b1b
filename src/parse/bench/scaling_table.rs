//! A scaling table written by hand, as consultants keep them in notes and reports:
//! Markdown or CSV/TSV, English or Chinese headers.
//!
//! ```text
//! | 线程数 | QPS(/s) | TPS(/s) | 95%响应时间(ms) | 磁盘负载 | CPU使用率 |
//! | --- | --- | --- | --- | --- | ---|
//! | 16 | 23443.77 | 1172.19 | 17.01 | 99% | 10% |
//! | 32 | 41928.88 | 2096.44 | 20.74 | 99% | 20% |
//! ```
//!
//! or `threads,qps,tps,p95_ms,disk_busy_pct,cpu_pct`, as `bench.run.table.<threads>.*`
//! (a table does not say which test ran). A threads column and a TPS or
//! QPS column are required. Only the first table of a file is read: other tables
//! usually describe another configuration and belong in their own bundle.

use crate::facts::Unit;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64_lenient;

pub struct ScalingTable;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Threads,
    Qps,
    Tps,
    P95,
    DiskBusy,
    Cpu,
    Other,
}

impl Column {
    fn suffix_and_unit(self) -> Option<(&'static str, Unit)> {
        match self {
            Column::Qps => Some(("qps", Unit::PerSecond)),
            Column::Tps => Some(("tps", Unit::PerSecond)),
            Column::P95 => Some(("p95_ms", Unit::Milliseconds)),
            Column::DiskBusy => Some(("disk_busy_pct", Unit::Percent)),
            Column::Cpu => Some(("cpu_pct", Unit::Percent)),
            Column::Threads | Column::Other => None,
        }
    }
}

/// Recognises a header cell. Order matters: "95%响应时间" must not read as a CPU column.
fn classify(cell: &str) -> Column {
    let c: String = cell
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let has = |words: &[&str]| words.iter().any(|w| c.contains(w));
    if has(&["thread", "thds", "线程", "并发", "concurrency"]) {
        Column::Threads
    } else if has(&["95"]) {
        Column::P95
    } else if c.starts_with("qps") {
        Column::Qps
    } else if c.starts_with("tps") {
        Column::Tps
    } else if has(&["disk", "磁盘", "io_util", "ioutil"]) {
        Column::DiskBusy
    } else if has(&["cpu"]) {
        Column::Cpu
    } else {
        Column::Other
    }
}

/// Splits a table row into trimmed cells: Markdown pipes, tabs or commas.
fn cells(line: &str) -> Option<Vec<&str>> {
    let trimmed = line.trim();
    if trimmed.contains('|') {
        let inner = trimmed.trim_start_matches('|').trim_end_matches('|');
        Some(inner.split('|').map(str::trim).collect())
    } else if trimmed.contains('\t') {
        Some(trimmed.split('\t').map(str::trim).collect())
    } else if trimmed.contains(',') {
        Some(trimmed.split(',').map(str::trim).collect())
    } else {
        None
    }
}

fn header_columns(line: &str) -> Option<Vec<Column>> {
    let columns: Vec<Column> = cells(line)?.into_iter().map(classify).collect();
    let has = |c: Column| columns.contains(&c);
    (has(Column::Threads) && (has(Column::Tps) || has(Column::Qps))).then_some(columns)
}

fn is_separator(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.contains('-') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ' | '+'))
}

impl CaptureParser for ScalingTable {
    fn tool(&self) -> &'static str {
        "scaling-table"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        head.lines()
            .take(200)
            .any(|l| header_columns(l).is_some())
            .then_some(60)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut columns: Option<Vec<Column>> = None;
        let mut table_done = false;
        let mut rows = 0usize;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let n = line.number;
            if table_done {
                if header_columns(&text).is_some() {
                    sink.warn(
                        n,
                        "a second table is ignored: only the first scaling table of a file is read",
                    );
                    break;
                }
                continue;
            }
            let Some(cols) = &columns else {
                columns = header_columns(&text);
                continue;
            };
            if is_separator(&text) {
                continue;
            }
            let Some(cells) = cells(&text) else {
                table_done = rows > 0;
                continue;
            };
            if cells.len() != cols.len() {
                sink.warn(
                    n,
                    format!(
                        "row has {} cells, the header has {}; ignored",
                        cells.len(),
                        cols.len()
                    ),
                );
                continue;
            }
            let threads_at = cols.iter().position(|c| *c == Column::Threads).unwrap_or(0);
            let Some(threads) =
                parse_f64_lenient(cells[threads_at]).filter(|t| t.fract() == 0.0 && *t > 0.0)
            else {
                sink.warn(
                    n,
                    format!(
                        "thread count {:?} is not a positive whole number; row ignored",
                        cells[threads_at]
                    ),
                );
                continue;
            };
            rows += 1;
            for (column, cell) in cols.iter().zip(&cells) {
                let Some((suffix, unit)) = column.suffix_and_unit() else {
                    continue;
                };
                match parse_f64_lenient(cell) {
                    Some(v) => {
                        sink.number(format!("bench.run.table.{threads}.{suffix}"), v, unit, n)
                    }
                    None if cell.is_empty() || *cell == "-" => {}
                    None => sink.warn(n, format!("{cell:?} is not a number")),
                }
            }
        }
        if columns.is_none() {
            return Err(ParseError::whole_file(
                "no table header with a threads column and a TPS or QPS column",
            ));
        }
        if rows == 0 {
            return Err(ParseError::whole_file(
                "the scaling table has a header but no data rows",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_english_and_chinese_headers() {
        let case = |cell: &str, want: Column| assert_eq!(classify(cell), want, "{cell}");
        case("线程数", Column::Threads);
        case("QPS(/s)", Column::Qps);
        case("TPS(/s)", Column::Tps);
        case("95%响应时间(ms)", Column::P95);
        case("磁盘负载", Column::DiskBusy);
        case("CPU使用率", Column::Cpu);
        case("threads", Column::Threads);
        case("p95_ms", Column::P95);
        case("disk_busy_pct", Column::DiskBusy);
        case("cpu_pct", Column::Cpu);
        case("notes", Column::Other);
    }

    #[test]
    fn separator_rows_are_recognised() {
        assert!(is_separator("| --- | --- | ---|"));
        assert!(is_separator("|:---:|---|"));
        assert!(!is_separator("| 16 | 1172.19 |"));
    }
}
