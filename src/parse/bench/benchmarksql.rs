//! BenchmarkSQL (jTPCC) TPC-C results: the console log of `runBenchmark.sh` and the
//! per-run CSV files BenchmarkSQL 5.0 writes into its result directory. Case E's
//! targets are tpmC figures from this tool (≈ 2.5 M tpmC on 4 sockets with 1000
//! warehouses and 500 terminals), and the gap-to-target derivation compares
//! `target.tpmc` with `bench.tpmc`.
//!
//! The console log (5.0; log4j pattern `%d{HH:mm:ss,SSS} [%t] %-5p %x %C{1} : %m%n`):
//!
//! ```text
//! 16:11:48,305 [main] INFO   jTPCC : Term-00,      BenchmarkSQL v5.0
//! 16:11:48,307 [main] INFO   jTPCC : Term-00, db=postgres
//! 16:11:48,308 [main] INFO   jTPCC : Term-00, warehouses=10
//! 16:11:48,308 [main] INFO   jTPCC : Term-00, terminals=20
//! 16:11:48,309 [main] INFO   jTPCC : Term-00, runMins=3
//! 16:11:48,405 [main] INFO   jTPCC : Term-00,
//! Term-00, Running Average tpmTOTAL: 92146.82    Current tpmTOTAL: 2988612    Memory Usage: 59MB / 105MB
//! 16:14:48,588 [Thread-5] INFO   jTPCC : Term-00, Measured tpmC (NewOrders) = 9195.03
//! 16:14:48,588 [Thread-5] INFO   jTPCC : Term-00, Measured tpmTOTAL = 92130.3
//! 16:14:48,588 [Thread-5] INFO   jTPCC : Term-00, Session Start     = 2021-12-31 16:11:48
//! 16:14:48,588 [Thread-5] INFO   jTPCC : Term-00, Session End       = 2021-12-31 16:14:48
//! 16:14:48,588 [Thread-5] INFO   jTPCC : Term-00, Transaction Count = 276459
//! 16:14:48,588 [Thread-5] INFO   jTPCC : executeTime[Payment]=339035
//! ```
//!
//! - The status line is redrawn about once a second by printing it and then as many
//!   backspaces (`\b`) as it has characters, so in a captured file all status updates
//!   of a run share ONE physical line, separated by backspaces (a terminal copy may use
//!   carriage returns instead). Lines are therefore cut at `\b` and `\r` too.
//!   `Running Average tpmTOTAL` is the average since the start, and becomes the
//!   series `bench.tpm_total_running` (without the 0.00 drawn before the start). `Current tpmTOTAL` is not read: 5.0 computes it
//!   from the total count minus the new-order count (its source says "XXX What is the
//!   meaning of these numbers?"), so it only ever grows.
//! - `executeTime[<type>]=<ms>` is printed by the openGauss/MogDB build of 5.0 (case
//!   E's log has it): the milliseconds all terminals together spent in that
//!   transaction type. Over a run they add up to terminals × run time.
//! - 4.x writes the same messages with other log prefixes
//!   (`2016-10-14 07:21:18,817  INFO - Term-00, Measured tpmC (NewOrders) = 110.39`),
//!   and some builds drop the time (`[Thread-15] INFO   jTPCC : Term-00, …`): every
//!   message is found after `Term-00,`, whatever precedes it.
//! - A second run in the same file (a new banner after a result) is reported and
//!   ignored; a line the file ends inside is not used.
//!
//! Facts from the log: `bench.tool`, `bench.tpmc` and `bench.tpm_total` (/min),
//! `bench.transactions`, `bench.session_start` / `bench.session_end` (text),
//! `bench.tpm_total_running` (series), `bench.error_lines` (log lines at ERROR level),
//! `bench.connect_limit_errors` (JDBC exception lines refusing a login at the
//! connection limit: `org.postgresql.util.PSQLException: FATAL: sorry, too many
//! clients already`, MySQL's `Too many connections`; 0 when none),
//! `bench.txn.<type>.execute_total_ms` / `.execute_share_pct`, and the parameter echo
//! as `bench.config.<name>` with typed `bench.warehouses`, `bench.terminals` and
//! `bench.run_s` (see `benchmarksql_props`).
//!
//! `data/result.csv` (one row per transaction; times in ms since the session start):
//!
//! ```text
//! run,elapsed,latency,dblatency,ttype,rbk,dskipped,error
//! 17,1203,12,11,NEW_ORDER,0,0,0
//! 17,1207,3,3,PAYMENT,0,0,0
//! ```
//!
//! gives per type `bench.txn.<type>.count`, `.latency_avg_ms`, `.latency_p95_ms`
//! (`latency`: end minus due time, what a terminal user waits), `.db_latency_avg_ms`
//! (`dblatency`: time inside the database), `.rollbacks`, `.errors`, and as fallbacks
//! `bench.tpmc` (NEW_ORDER rows without error per minute of the covered time),
//! `bench.tpm_total` and `bench.transactions` (rows except the background
//! `DELIVERY_BG` part). Columns are found by name, so forks that add columns work.
//!
//! `data/runInfo.csv` (`run,driver,driverVersion,db,sessionStart,runMins,loadWarehouses,
//! runWarehouses,numSUTThreads,limitTxnsPerMin,…` and one row) gives fallbacks for the
//! tool, session start, run time, warehouses and terminals.

use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::bench::benchmarksql_props::{put_setting, redact_url_password};
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::{parse_f64, parse_u64};
use memchr::memmem;
use std::collections::HashSet;

pub struct Benchmarksql;

const RESULT_HEADER_START: &str = "run,elapsed,latency,dblatency,ttype,";
const RUN_INFO_HEADER_START: &str = "run,driver,driverVersion,db,sessionStart,";
/// Transaction types are a fixed small set; more distinct names mean a broken file.
const MAX_TYPES: usize = 16;
/// More result.csv columns than any fork writes.
const MAX_COLUMNS: usize = 32;
/// Row errors reported one by one before only a total is given.
const ROW_WARNINGS: u64 = 5;

impl CaptureParser for Benchmarksql {
    fn tool(&self) -> &'static str {
        "benchmarksql"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let first = head.lines().find(|l| !l.trim().is_empty())?.trim();
        if first.starts_with(RESULT_HEADER_START) || first.starts_with(RUN_INFO_HEADER_START) {
            return Some(95);
        }
        head.lines()
            .take(5000)
            .any(|l| {
                let term = l.contains("Term-00,")
                    && (l.contains("BenchmarkSQL v")
                        || l.contains("Measured tpmC (NewOrders)")
                        || l.contains("Running Average tpmTOTAL:")
                        || l.contains("jTPCC : "));
                term || l.contains("jTPCC : executeTime[")
            })
            .then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut log = RunLog::default();
        {
            let Some(first) = lines.next_line()? else {
                return Err(ParseError::whole_file("empty input"));
            };
            let text = String::from_utf8_lossy(first.bytes);
            let text = text.trim();
            if text.starts_with(RESULT_HEADER_START) {
                let header = text.to_string();
                return parse_results(&header, lines, sink);
            }
            if text.starts_with(RUN_INFO_HEADER_START) {
                let header = text.to_string();
                return parse_run_info(&header, lines, sink);
            }
            log.line(first.bytes, first.number, first.cut_off, sink);
        }
        while let Some(line) = lines.next_line()? {
            log.line(line.bytes, line.number, line.cut_off, sink);
        }
        log.finish(sink)
    }
}

/// What the console log of one run said.
#[derive(Default)]
struct RunLog {
    recognised: u64,
    last_line: u64,
    /// A result block has been seen; a banner after it starts another run.
    result_seen: bool,
    ignoring: bool,
    tool: Option<(String, u64)>,
    tpmc: Option<(f64, u64)>,
    tpm_total: Option<(f64, u64)>,
    transactions: Option<(f64, u64)>,
    session_start: Option<(String, u64)>,
    session_end: Option<(String, u64)>,
    running: SeriesBuilder,
    last_running: Option<(f64, u64)>,
    execute: Vec<(String, f64, u64)>,
    error_lines: u64,
    first_error_line: Option<u64>,
    /// Lines of a JDBC exception refusing a login at the connection limit, and where.
    refusals: u64,
    refusal_lines: Option<(u64, u64)>,
    settings: HashSet<String>,
}

impl RunLog {
    fn line(&mut self, bytes: &[u8], n: u64, cut_off: bool, sink: &mut FactSink) {
        if self.ignoring {
            return;
        }
        self.last_line = n;
        if cut_off {
            sink.warn(
                n,
                format!("the file ends inside line {n} (cut off?): that line is not used"),
            );
            return;
        }
        for segment in bytes.split(|&b| b == 0x08 || b == b'\r') {
            if segment.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            self.segment(segment, n, sink);
            if self.ignoring {
                return;
            }
        }
    }

    fn segment(&mut self, segment: &[u8], n: u64, sink: &mut FactSink) {
        let prefix_end = memmem::find(segment, b"Term-00,")
            .or_else(|| memmem::find(segment, b"executeTime["))
            .unwrap_or(segment.len().min(80));
        if has_error_level(&segment[..prefix_end]) {
            self.error_lines += 1;
            self.first_error_line.get_or_insert(n);
        }
        if is_limit_refusal(segment) {
            self.refusals += 1;
            self.refusal_lines.get_or_insert((n, n)).1 = n;
        }
        if let Some(at) = memmem::find(segment, b"Term-00,") {
            self.message(trim(&segment[at + "Term-00,".len()..]), n, sink);
        } else if let Some(at) = memmem::find(segment, b"executeTime[") {
            self.execute_time(&segment[at + "executeTime[".len()..], n, sink);
        }
    }

    fn message(&mut self, msg: &[u8], n: u64, sink: &mut FactSink) {
        if let Some(version) = msg.strip_prefix(b"BenchmarkSQL v") {
            if self.result_seen {
                sink.warn(
                    n,
                    "a second run starts here; only the first run of a file is read",
                );
                self.ignoring = true;
                return;
            }
            let version = String::from_utf8_lossy(trim(version));
            self.tool
                .get_or_insert((format!("BenchmarkSQL {version}"), n));
        } else if let Some(rest) = msg.strip_prefix(b"Measured tpmC (NewOrders)") {
            self.tpmc = number_after_equals(rest).map(|v| (v, n));
            self.result_seen = true;
        } else if let Some(rest) = msg.strip_prefix(b"Measured tpmTOTAL") {
            self.tpm_total = number_after_equals(rest).map(|v| (v, n));
            self.result_seen = true;
        } else if let Some(rest) = msg.strip_prefix(b"Transaction Count") {
            self.transactions = text_after_equals(rest)
                .and_then(|t| parse_u64(t.as_bytes()))
                .map(|v| (v as f64, n));
        } else if let Some(rest) = msg.strip_prefix(b"Session Start") {
            self.session_start = text_after_equals(rest).map(|t| (t, n));
        } else if let Some(rest) = msg.strip_prefix(b"Session End") {
            self.session_end = text_after_equals(rest).map(|t| (t, n));
        } else if let Some(rest) = msg.strip_prefix(b"Running Average tpmTOTAL:") {
            let Some(value) = trim(rest)
                .split(u8::is_ascii_whitespace)
                .next()
                .and_then(parse_f64)
            else {
                sink.warn(
                    n,
                    "status line without a number after `Running Average tpmTOTAL:`",
                );
                return;
            };
            // jTPCC draws the status once before the session starts, always at 0.00.
            if value == 0.0 && self.running.is_empty() {
                return;
            }
            self.running.push(value, n);
            self.last_running = Some((value, n));
        } else if let Some((key, value)) = setting(msg) {
            if self.settings.insert(key.to_string()) {
                put_setting(key, value, n, sink, Strength::Primary);
            }
        } else {
            return;
        }
        self.recognised += 1;
    }

    /// `Payment]=339035` (after `executeTime[`).
    fn execute_time(&mut self, rest: &[u8], n: u64, sink: &mut FactSink) {
        let parsed = memchr::memchr(b']', rest).and_then(|close| {
            let name = transaction_type(&rest[..close])?;
            let value = rest[close + 1..].strip_prefix(b"=")?;
            Some((name, parse_f64(trim(value))?))
        });
        let Some((name, ms)) = parsed else {
            sink.warn(
                n,
                "executeTime line not of the form executeTime[<type>]=<ms>",
            );
            return;
        };
        if self.execute.iter().any(|(t, _, _)| *t == name) || self.execute.len() >= MAX_TYPES {
            sink.warn(
                n,
                format!("executeTime[{name}] repeated or too many types; ignored"),
            );
            return;
        }
        self.execute.push((name, ms, n));
        self.recognised += 1;
    }

    fn finish(self, sink: &mut FactSink) -> Result<(), ParseError> {
        if self.recognised == 0 {
            return Err(ParseError::whole_file(
                "no BenchmarkSQL output found (no banner, settings, status line or `Measured tpmC` result)",
            ));
        }
        if let Some((tool, n)) = self.tool {
            sink.text("bench.tool", tool, n);
        }
        let mut number = |key: &str, value: Option<(f64, u64)>, unit: Unit| {
            if let Some((v, n)) = value {
                sink.number(key, v, unit, n);
            }
        };
        number("bench.tpmc", self.tpmc, Unit::PerMinute);
        number("bench.tpm_total", self.tpm_total, Unit::PerMinute);
        number("bench.transactions", self.transactions, Unit::Count);
        if let Some((start, n)) = self.session_start {
            sink.text("bench.session_start", start, n);
        }
        if let Some((end, n)) = self.session_end {
            sink.text("bench.session_end", end, n);
        }
        sink.series(
            "bench.tpm_total_running",
            &self.running,
            Unit::PerMinute,
            None,
            Strength::Primary,
        );
        if !self.result_seen {
            match self.last_running {
                Some((value, n)) => {
                    sink.put_fallback(
                        "bench.tpm_total",
                        Value::Number(value),
                        Unit::PerMinute,
                        (n, n),
                    );
                    sink.warn(
                        n,
                        "no `Measured tpmC` result (run cut off or still running?): bench.tpm_total is the last running average, and tpmC is unknown",
                    );
                }
                None => sink.warn(self.last_line, "no `Measured tpmC` result in this log"),
            }
        }
        let total: f64 = self.execute.iter().map(|(_, ms, _)| ms).sum();
        for (name, ms, n) in &self.execute {
            sink.number(
                format!("bench.txn.{name}.execute_total_ms"),
                *ms,
                Unit::Milliseconds,
                *n,
            );
            if total > 0.0 {
                let share = (ms / total * 10_000.0).round() / 100.0;
                sink.number(
                    format!("bench.txn.{name}.execute_share_pct"),
                    share,
                    Unit::Percent,
                    *n,
                );
            }
        }
        sink.number(
            "bench.error_lines",
            self.error_lines as f64,
            Unit::Count,
            self.first_error_line.unwrap_or(self.last_line),
        );
        sink.put(
            "bench.connect_limit_errors",
            Value::Number(self.refusals as f64),
            Unit::Count,
            self.refusal_lines.unwrap_or((1, self.last_line)),
        );
        Ok(())
    }
}

/// The reasons a server gives when every connection slot is taken, as the JDBC drivers
/// pass them on (PostgreSQL's and openGauss's FATAL messages, MySQL's error 1040).
const LIMIT_PHRASES: &[&[u8]] = &[
    b"too many clients already",
    b"remaining connection slots are reserved",
    b"Already too many clients",
    b"Too many connections",
];

/// A JDBC exception line refusing a login at the limit, e.g.
/// `org.postgresql.util.PSQLException: FATAL: sorry, too many clients already`.
fn is_limit_refusal(segment: &[u8]) -> bool {
    memmem::find(segment, b"Exception").is_some()
        && LIMIT_PHRASES
            .iter()
            .any(|phrase| memmem::find(segment, phrase).is_some())
}

/// `db=postgres` → (`db`, `postgres`) when the key is a plain camelCase word, as in
/// BenchmarkSQL's echo of its properties.
fn setting(msg: &[u8]) -> Option<(&str, &str)> {
    let text = std::str::from_utf8(msg).ok()?;
    let (key, value) = text.split_once('=')?;
    let plain = key.starts_with(|c: char| c.is_ascii_lowercase())
        && key.chars().all(|c| c.is_ascii_alphanumeric());
    plain.then(|| (key, value.trim()))
}

/// `     = 9195.03` → 9195.03
fn number_after_equals(rest: &[u8]) -> Option<f64> {
    parse_f64(trim(trim(rest).strip_prefix(b"=")?))
}

/// `     = 2021-12-31 16:11:48` → `2021-12-31 16:11:48`
fn text_after_equals(rest: &[u8]) -> Option<String> {
    let value = trim(trim(rest).strip_prefix(b"=")?);
    (!value.is_empty()).then(|| String::from_utf8_lossy(value).into_owned())
}

/// `New-Order`, `NEW_ORDER`, `Stock-Level` → `new_order`, `stock_level`; `None` for
/// anything that is not a plain name.
fn transaction_type(raw: &[u8]) -> Option<String> {
    let raw = trim(raw);
    let ok = !raw.is_empty()
        && raw.len() <= 32
        && raw
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_');
    ok.then(|| {
        raw.iter()
            .map(|b| match b {
                b'-' => '_',
                b => b.to_ascii_lowercase() as char,
            })
            .collect()
    })
}

/// Whether a log prefix (`12:00:01,234 [Thread-63] ERROR  jTPCCTData :`,
/// `   ERROR\t[2017-03-14 09:45:07,220]`) has the level ERROR as a word of its own.
fn has_error_level(prefix: &[u8]) -> bool {
    memmem::find_iter(prefix, b"ERROR").any(|at| {
        let before = at
            .checked_sub(1)
            .is_none_or(|i| prefix[i].is_ascii_whitespace());
        let after = prefix
            .get(at + b"ERROR".len())
            .is_none_or(u8::is_ascii_whitespace);
        before && after
    })
}

fn trim(bytes: &[u8]) -> &[u8] {
    bytes.trim_ascii()
}

/// Per transaction type totals from result.csv.
struct TypeStats {
    name: String,
    latency: SeriesBuilder,
    db_latency_sum: f64,
    rollbacks: u64,
    errors: u64,
}

/// Column positions in result.csv, found by header name.
struct ResultColumns {
    elapsed: usize,
    latency: usize,
    dblatency: Option<usize>,
    ttype: usize,
    rbk: Option<usize>,
    error: Option<usize>,
    count: usize,
}

impl ResultColumns {
    fn from_header(header: &str) -> Option<Self> {
        let names: Vec<&str> = header.split(',').map(str::trim).collect();
        if names.len() > MAX_COLUMNS {
            return None;
        }
        let find = |name: &str| names.iter().position(|n| *n == name);
        Some(ResultColumns {
            elapsed: find("elapsed")?,
            latency: find("latency")?,
            dblatency: find("dblatency"),
            ttype: find("ttype")?,
            rbk: find("rbk"),
            error: find("error"),
            count: names.len(),
        })
    }
}

fn parse_results(header: &str, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
    let columns = ResultColumns::from_header(header).ok_or_else(|| {
        ParseError::at(
            1,
            "result.csv header lacks elapsed, latency or ttype, or has more than 32 columns",
        )
    })?;
    let mut types: Vec<TypeStats> = Vec::new();
    let mut max_elapsed = 0.0f64;
    let mut bad_rows = 0u64;
    let mut last_line = 1;
    while let Some(line) = lines.next_line()? {
        let n = line.number;
        last_line = n;
        let row = trim(line.bytes);
        if row.is_empty() {
            continue;
        }
        if line.cut_off {
            sink.warn(
                n,
                format!("the file ends inside line {n} (cut off?): that row is not used"),
            );
            continue;
        }
        let mut fields: [&[u8]; MAX_COLUMNS] = [&[]; MAX_COLUMNS];
        let mut field_count = 0;
        for field in row.split(|&b| b == b',') {
            if let Some(slot) = fields.get_mut(field_count) {
                *slot = field;
            }
            field_count += 1;
        }
        let parsed = (field_count == columns.count)
            .then(|| {
                let get = |i: usize| fields.get(i).map(|f| trim(f));
                let flag = |i: Option<usize>| i.and_then(get).and_then(parse_u64).unwrap_or(0);
                Some((
                    get(columns.ttype).and_then(|t| {
                        t.iter()
                            .all(|b| b.is_ascii_uppercase() || *b == b'_')
                            .then_some(t)
                    })?,
                    get(columns.elapsed).and_then(parse_f64)?,
                    get(columns.latency).and_then(parse_f64)?,
                    columns.dblatency.and_then(get).and_then(parse_f64),
                    flag(columns.rbk),
                    flag(columns.error),
                ))
            })
            .flatten();
        let Some((ttype, elapsed, latency, dblatency, rbk, error)) = parsed else {
            bad_rows += 1;
            if bad_rows <= ROW_WARNINGS {
                sink.warn(n, "not a result.csv row; skipped");
            }
            continue;
        };
        let index = match types
            .iter()
            .position(|t| t.name.as_bytes().eq_ignore_ascii_case(ttype))
        {
            Some(i) => i,
            None if types.len() < MAX_TYPES => {
                types.push(TypeStats {
                    name: String::from_utf8_lossy(ttype).to_ascii_lowercase(),
                    latency: SeriesBuilder::default(),
                    db_latency_sum: 0.0,
                    rollbacks: 0,
                    errors: 0,
                });
                types.len() - 1
            }
            None => {
                bad_rows += 1;
                continue;
            }
        };
        let stats = &mut types[index];
        stats.latency.push(latency, n);
        stats.db_latency_sum += dblatency.unwrap_or(latency);
        stats.rollbacks += u64::from(rbk != 0);
        stats.errors += u64::from(error != 0);
        max_elapsed = max_elapsed.max(elapsed);
    }
    if bad_rows > ROW_WARNINGS {
        sink.warn(
            last_line,
            format!("{bad_rows} rows in all were not result rows"),
        );
    }
    if types.is_empty() {
        return Err(ParseError::whole_file("result.csv has no transaction rows"));
    }
    let minutes = max_elapsed / 60_000.0;
    let (mut new_orders, mut foreground) = (0.0, 0.0);
    for stats in &types {
        let series = stats.latency.finish(None);
        let lines_span = stats.latency.lines();
        let prefix = format!("bench.txn.{}", stats.name);
        let count = series.count as f64;
        let mut put = |suffix: &str, value: f64, unit: Unit| {
            sink.put(
                format!("{prefix}.{suffix}"),
                Value::Number(value),
                unit,
                lines_span,
            );
        };
        put("count", count, Unit::Count);
        put("latency_avg_ms", round2(series.avg), Unit::Milliseconds);
        put("latency_p95_ms", round2(series.p95), Unit::Milliseconds);
        put(
            "db_latency_avg_ms",
            round2(stats.db_latency_sum / count),
            Unit::Milliseconds,
        );
        put("rollbacks", stats.rollbacks as f64, Unit::Count);
        put("errors", stats.errors as f64, Unit::Count);
        if stats.name == "new_order" {
            new_orders = count - stats.errors as f64;
        }
        if stats.name != "delivery_bg" {
            foreground += count;
        }
    }
    let span = (2, last_line);
    if minutes > 0.0 {
        sink.put_fallback(
            "bench.tpmc",
            Value::Number(round2(new_orders / minutes)),
            Unit::PerMinute,
            span,
        );
        sink.put_fallback(
            "bench.tpm_total",
            Value::Number(round2(foreground / minutes)),
            Unit::PerMinute,
            span,
        );
    }
    sink.put_fallback(
        "bench.transactions",
        Value::Number(foreground),
        Unit::Count,
        span,
    );
    Ok(())
}

fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

fn parse_run_info(header: &str, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
    let names: Vec<String> = header.split(',').map(|s| s.trim().to_string()).collect();
    while let Some(line) = lines.next_line()? {
        let n = line.number;
        let row = String::from_utf8_lossy(line.bytes);
        let row = row.trim();
        if row.is_empty() {
            continue;
        }
        if line.cut_off {
            sink.warn(
                n,
                format!("the file ends inside line {n} (cut off?): that row is not used"),
            );
            break;
        }
        let values: Vec<&str> = row.split(',').map(str::trim).collect();
        if values.len() != names.len() {
            return Err(ParseError::at(
                n,
                format!(
                    "runInfo.csv row has {} fields, the header {}",
                    values.len(),
                    names.len()
                ),
            ));
        }
        let get = |name: &str| {
            names
                .iter()
                .position(|h| h == name)
                .and_then(|i| values.get(i).copied())
                .filter(|v| !v.is_empty())
        };
        let fallback = |sink: &mut FactSink, key: &str, value: Value, unit: Unit| {
            sink.put_fallback(key, value, unit, (n, n));
        };
        if let Some(version) = get("driverVersion") {
            fallback(
                sink,
                "bench.tool",
                Value::Text(format!("BenchmarkSQL {version}")),
                Unit::None,
            );
        }
        if let Some(start) = get("sessionStart") {
            fallback(
                sink,
                "bench.session_start",
                Value::Text(start.to_string()),
                Unit::None,
            );
        }
        let count = |name: &str| get(name).and_then(|v| parse_u64(v.as_bytes()));
        if let Some(minutes) = count("runMins").filter(|m| *m > 0) {
            fallback(
                sink,
                "bench.run_s",
                Value::Number(minutes as f64 * 60.0),
                Unit::Seconds,
            );
        }
        if let Some(warehouses) = count("runWarehouses") {
            fallback(
                sink,
                "bench.warehouses",
                Value::Number(warehouses as f64),
                Unit::Count,
            );
        }
        if let Some(terminals) = count("numSUTThreads") {
            fallback(
                sink,
                "bench.terminals",
                Value::Number(terminals as f64),
                Unit::Threads,
            );
        }
        if let Some(db) = get("db") {
            put_setting("db", &redact_url_password(db), n, sink, Strength::Fallback);
        }
        return Ok(());
    }
    Err(ParseError::whole_file(
        "runInfo.csv has a header but no run row",
    ))
}
