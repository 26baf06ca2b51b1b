//! sysbench 1.0 / 1.1 output. One file may hold several runs one after another (a
//! scaling series at different `--threads`); each run becomes
//! `bench.run.<workload>.<threads>.*`. sysbench does not print which test ran, so the
//! workload comes from the command line when a transcript shows it
//! (`… oltp_read_only run`), else from what the output says: `CPU speed:` is the cpu
//! test, the read/write mix of the SQL statistics tells oltp_read_only (no writes),
//! oltp_write_only (no reads) and oltp_read_write apart.
//!
//! ```text
//! sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)
//!
//! Running the test with following options:
//! Number of threads: 64
//! Report intermediate results every 60 second(s)
//! …
//! [ 60s ] thds: 64 tps: 2619.40 qps: 52388.01 (r/w/o: 36671.61/10477.60/5238.80) lat (ms,95%): 34.95 err/s: 0.00 reconn/s: 0.00
//! SQL statistics:
//!     queries performed:
//!         read:                            …
//!     transactions:                        945090 (2625.25 per sec.)
//!     queries:                             18901800 (52505.00 per sec.)
//!     ignored errors:                      0      (0.00 per sec.)
//!     reconnects:                          0      (0.00 per sec.)
//! …
//! Latency (ms):
//!          min:                                    3.21
//!          avg:                                   24.37
//!          max:                                  311.52
//!          95th percentile:                       34.95
//! ```
//!
//! sysbench 1.1 adds a `Throughput:` block (`events/s (eps):`) and may print interval
//! times as `[ 55.0s ]`; the cpu/memory tests report `events per second:` instead of
//! transactions.
//!
//! Every worker thread opens its database connection before the run starts; when one
//! cannot, the driver says so and sysbench stops without measuring anything
//! (`FATAL: Thread initialization failed!`). Such a run still has its thread count, and
//! its failed connections are counted (see `connect_failure`).

use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::fields::fields;
use crate::text::number::{parse_f64, parse_f64_lenient, parse_u64};
use std::collections::HashSet;

pub struct Sysbench;

#[derive(Default)]
struct Run {
    first_line: u64,
    last_line: u64,
    threads: Option<u64>,
    /// The thread count came from the `Number of threads:` header, so a last interval
    /// line with fewer threads (some already finished) does not start a new run.
    threads_declared: bool,
    interval_throughput: SeriesBuilder,
    summary_seen: bool,
    tps: Option<(f64, u64)>,
    qps: Option<(f64, u64)>,
    eps: Option<(f64, u64)>,
    errors_per_s: Option<(f64, u64)>,
    reconnects_per_s: Option<(f64, u64)>,
    lat_avg: Option<(f64, u64)>,
    lat_max: Option<(f64, u64)>,
    lat_p95: Option<(f64, u64)>,
    interval_said_tps: bool,
    interval_reads: f64,
    interval_writes: f64,
    /// Sum and count of the interval reports' qps, for a run cut off before its summary.
    interval_qps: (f64, u32),
    /// Reads and writes in `queries performed:` (or summed over interval reports).
    reads: f64,
    writes: f64,
    /// The test, when its own output names it (`CPU speed:` …).
    test: Option<&'static str>,
    /// Connections the driver could not open, and how many of those the server refused
    /// for its connection limit.
    connect_errors: Option<Tally>,
    connect_limit_errors: Option<Tally>,
}

impl Run {
    fn has_data(&self) -> bool {
        self.summary_seen || !self.interval_throughput.is_empty() || self.connect_errors.is_some()
    }

    fn measured(&self) -> bool {
        self.summary_seen || !self.interval_throughput.is_empty()
    }
}

/// What a `FATAL:` line of a database driver says about opening a connection.
#[derive(Debug, PartialEq, Eq)]
enum ConnectFailure {
    /// The driver could not connect (`Connection to database failed` from pgsql,
    /// `unable to connect to MySQL server` from mysql); `at_limit` when the same line
    /// gives the server's reason as its connection limit.
    Failed { at_limit: bool },
    /// A line of its own with the server's reason (`FATAL: error 1040: Too many
    /// connections`, which the mysql driver prints under the failure).
    LimitReason,
}

/// The server's answers when every connection slot is taken: PostgreSQL's two (the
/// second when only superuser-reserved slots are left; PostgreSQL 16 words it `…
/// reserved for roles with …`), MySQL's and MariaDB's error 1040.
const LIMIT_PHRASES: &[&[u8]] = &[
    b"too many clients already",
    b"remaining connection slots are reserved",
    b"Too many connections",
    b"error 1040:",
];

fn connect_failure(text: &[u8]) -> Option<ConnectFailure> {
    let rest = text.strip_prefix(b"FATAL: ")?;
    let at_limit = || {
        LIMIT_PHRASES
            .iter()
            .any(|phrase| memchr::memmem::find(rest, phrase).is_some())
    };
    if rest.starts_with(b"Connection to database failed")
        || rest.starts_with(b"unable to connect to MySQL server")
    {
        return Some(ConnectFailure::Failed {
            at_limit: at_limit(),
        });
    }
    at_limit().then_some(ConnectFailure::LimitReason)
}

/// How often something was printed, and the lines of its first and last occurrence.
#[derive(Clone, Copy)]
struct Tally {
    count: u64,
    first: u64,
    last: u64,
}

/// Counts one more occurrence at `line`.
fn count(slot: &mut Option<Tally>, line: u64) {
    let tally = slot.get_or_insert(Tally {
        count: 0,
        first: line,
        last: line,
    });
    tally.count += 1;
    tally.last = line;
}

/// `sysbench 1.0.20 (…)`: a version, not a process id (`perf script` lines of a
/// sysbench load start `sysbench 25341 …`).
fn is_banner(line: &str) -> bool {
    line.strip_prefix("sysbench ")
        .and_then(|rest| rest.split_whitespace().next())
        .is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()) && v.contains('.'))
}

impl CaptureParser for Sysbench {
    fn tool(&self) -> &'static str {
        "sysbench"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let banner = is_banner;
        let interval = |l: &str| l.starts_with('[') && l.contains("] thds: ");
        let summary = |l: &str| {
            l.trim_start().starts_with("transactions:") || l.trim() == "General statistics:"
        };
        head.lines()
            .take(2000)
            .any(|l| banner(l) || interval(l) || summary(l))
            .then_some(95)
    }

    /// The banner, so that `perf stat -- sysbench … 2>&1` is read as sysbench's
    /// output followed by perf stat's.
    fn starts_section(&self, line: &str) -> bool {
        is_banner(line)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut runs_emitted = HashSet::new();
        let mut run = Run::default();
        let mut in_latency = false;
        let mut tool_seen = false;
        // `prepare` and `cleanup` print what they do to the tables and run nothing.
        let mut table_steps: Option<TableSteps> = None;

        while let Some(line) = lines.next_line()? {
            let text = trim(line.bytes);
            let n = line.number;
            if text.is_empty() {
                continue;
            }
            if let Some(step) = table_step(text) {
                let steps = table_steps.get_or_insert(TableSteps {
                    first_line: n,
                    ..Default::default()
                });
                match step {
                    TableStep::Create => steps.created += 1,
                    TableStep::Drop => steps.dropped += 1,
                }
                continue;
            }
            if let Some(rest) = text.strip_prefix(b"sysbench ")
                && rest.first().is_some_and(u8::is_ascii_digit)
            {
                finish(&mut run, sink, &mut runs_emitted);
                run.first_line = n;
                if !tool_seen {
                    tool_seen = true;
                    let version = fields(rest).next().unwrap_or(b"");
                    sink.text(
                        "bench.tool",
                        format!("sysbench {}", String::from_utf8_lossy(version)),
                        n,
                    );
                }
                continue;
            }
            if let Some(rest) = text.strip_prefix(b"Number of threads:") {
                if run.threads.is_some() && run.has_data() {
                    finish(&mut run, sink, &mut runs_emitted);
                }
                if run.first_line == 0 {
                    run.first_line = n;
                }
                run.threads = parse_u64(trim(rest));
                run.threads_declared = run.threads.is_some();
                continue;
            }
            if text.starts_with(b"[") && memchr::memmem::find(text, b"] thds: ").is_some() {
                let interval = parse_interval(text);
                let changed_threads = !run.threads_declared
                    && run.threads.is_some()
                    && interval.threads != run.threads;
                if run.summary_seen || (changed_threads && !run.interval_throughput.is_empty()) {
                    finish(&mut run, sink, &mut runs_emitted);
                }
                if run.first_line == 0 {
                    run.first_line = n;
                }
                if run.threads.is_none() {
                    run.threads = interval.threads;
                }
                if let Some(qps) = interval.qps {
                    run.interval_qps.0 += qps;
                    run.interval_qps.1 += 1;
                }
                if let Some((reads, writes)) = interval.reads_writes {
                    run.interval_reads += reads;
                    run.interval_writes += writes;
                }
                if let Some(v) = interval.tps.or(interval.eps) {
                    run.interval_said_tps |= interval.tps.is_some();
                    run.interval_throughput.push(v, n);
                } else {
                    sink.warn(n, "interval line without tps or eps; ignored");
                }
                run.last_line = n;
                continue;
            }
            if text == b"Latency (ms):" {
                in_latency = true;
                continue;
            }
            if let Some(test) = test_named_by(text) {
                run.test = Some(test);
                continue;
            }
            if let Some(failure) = connect_failure(text) {
                if run.measured() {
                    finish(&mut run, sink, &mut runs_emitted);
                }
                if run.first_line == 0 {
                    run.first_line = n;
                }
                match failure {
                    ConnectFailure::Failed { at_limit } => {
                        count(&mut run.connect_errors, n);
                        if at_limit {
                            count(&mut run.connect_limit_errors, n);
                        }
                    }
                    ConnectFailure::LimitReason => count(&mut run.connect_limit_errors, n),
                }
                run.last_line = n;
                continue;
            }
            let Some((label, value)) = split_label(text) else {
                continue;
            };
            let per_sec = || per_second(value).map(|v| (v, n));
            let plain = || parse_f64_lenient(&String::from_utf8_lossy(value)).map(|v| (v, n));
            match label {
                b"read" => run.reads = plain().map_or(0.0, |(v, _)| v),
                b"write" => run.writes = plain().map_or(0.0, |(v, _)| v),
                b"transactions" => run.tps = per_sec(),
                b"queries" => run.qps = per_sec(),
                b"ignored errors" => run.errors_per_s = per_sec(),
                b"reconnects" => run.reconnects_per_s = per_sec(),
                // 1.1 prints both; the first (`CPU speed:` block) is the one people quote.
                b"events per second" | b"events/s (eps)" => run.eps = run.eps.or_else(plain),
                b"min" | b"sum" if in_latency => {}
                b"avg" if in_latency => run.lat_avg = plain(),
                b"max" if in_latency => run.lat_max = plain(),
                b"95th percentile" if in_latency => run.lat_p95 = plain(),
                _ => {
                    in_latency = in_latency && label.ends_with(b"percentile");
                    continue;
                }
            }
            if run.first_line == 0 {
                run.first_line = n;
            }
            run.summary_seen = true;
            run.last_line = n;
        }
        finish(&mut run, sink, &mut runs_emitted);
        if runs_emitted.is_empty()
            && let Some(steps) = table_steps
        {
            let phase = if steps.created > 0 {
                format!(
                    "`sysbench … prepare` output ({} tables created)",
                    steps.created
                )
            } else {
                format!(
                    "`sysbench … cleanup` output ({} tables dropped)",
                    steps.dropped
                )
            };
            sink.warn(
                steps.first_line,
                format!("{phase}: no benchmark run, nothing measured"),
            );
            return Ok(());
        }
        if runs_emitted.is_empty() {
            return Err(ParseError::whole_file(
                "no sysbench run with a thread count and a result (interval lines or final statistics) found",
            ));
        }
        Ok(())
    }
}

struct Interval {
    threads: Option<u64>,
    tps: Option<f64>,
    eps: Option<f64>,
    qps: Option<f64>,
    /// Reads and writes per second from `(r/w/o: 16305.24/4653.64/2327.17)`.
    reads_writes: Option<(f64, f64)>,
}

/// `[ 10s ] thds: 64 tps: 1163.11 qps: … lat (ms,95%): 17.01 err/s: 0.00 reconn/s: 0.00`
fn parse_interval(text: &[u8]) -> Interval {
    let mut out = Interval {
        threads: None,
        tps: None,
        eps: None,
        qps: None,
        reads_writes: None,
    };
    let mut tokens = fields(text);
    while let Some(token) = tokens.next() {
        match token {
            b"thds:" => out.threads = tokens.next().and_then(parse_u64),
            b"tps:" => out.tps = tokens.next().and_then(parse_f64),
            b"eps:" => out.eps = tokens.next().and_then(parse_f64),
            b"qps:" => out.qps = tokens.next().and_then(parse_f64),
            b"(r/w/o:" => {
                out.reads_writes = tokens.next().and_then(|mix| {
                    let mut parts = mix.split(|b| *b == b'/');
                    Some((parse_f64(parts.next()?)?, parse_f64(parts.next()?)?))
                });
            }
            _ => {}
        }
    }
    out
}

/// Emits the facts of a finished run and starts a fresh one.
fn finish(run: &mut Run, sink: &mut FactSink, emitted: &mut HashSet<(String, u64)>) {
    let done = std::mem::take(run);
    if !done.has_data() {
        return;
    }
    let Some(threads) = done.threads else {
        sink.warn(
            done.first_line,
            "run without a thread count (no `Number of threads:` or `thds:`); ignored",
        );
        return;
    };
    let workload = workload(&done, sink.command());
    if !emitted.insert((workload.to_string(), threads)) {
        sink.warn(
            done.first_line,
            format!("a second {workload} run at {threads} threads; the first one is kept"),
        );
        return;
    }
    let prefix = format!("bench.run.{workload}.{threads}");
    let mut put = |suffix: &str, value: Option<(f64, u64)>, unit: Unit| {
        if let Some((v, line)) = value {
            sink.number(format!("{prefix}.{suffix}"), v, unit, line);
        }
    };
    let mut tps = done.tps;
    let mut eps = done.eps;
    let mut qps = done.qps;
    if !done.summary_seen && done.measured() {
        let (sum, count) = done.interval_qps;
        if count > 0 {
            qps = Some((sum / f64::from(count), done.interval_throughput.lines().1));
        }
        let avg = done.interval_throughput.finish(None).avg;
        let line = done.interval_throughput.lines().1;
        if done.interval_said_tps {
            tps = Some((avg, line));
        } else {
            eps = Some((avg, line));
        }
    }
    put("tps", tps, Unit::PerSecond);
    put("qps", qps, Unit::PerSecond);
    if tps.is_none() {
        put("eps", eps, Unit::PerSecond);
    }
    put("p95_ms", done.lat_p95, Unit::Milliseconds);
    put("lat_avg_ms", done.lat_avg, Unit::Milliseconds);
    put("lat_max_ms", done.lat_max, Unit::Milliseconds);
    put("errors_per_s", done.errors_per_s, Unit::PerSecond);
    put("reconnects_per_s", done.reconnects_per_s, Unit::PerSecond);
    for (suffix, tally) in [
        ("connect_errors", done.connect_errors),
        ("connect_limit_errors", done.connect_limit_errors),
    ] {
        if let Some(t) = tally {
            let key = format!("{prefix}.{suffix}");
            sink.put(
                key,
                Value::Number(t.count as f64),
                Unit::Count,
                (t.first, t.last),
            );
        }
    }
    if !done.measured() {
        let failed = done.connect_errors.map_or(0, |t| t.count);
        sink.warn(
            done.first_line,
            format!(
                "run at {threads} threads stopped before measuring: {failed} of its connections could not be opened"
            ),
        );
        return;
    }
    if !done.summary_seen {
        sink.warn(
            done.last_line,
            format!(
                "run at {threads} threads has no final statistics (cut off?); throughput is the average of {} interval reports",
                done.interval_throughput.finish(None).count
            ),
        );
    }
    if !done.interval_throughput.is_empty() {
        let series = done.interval_throughput.finish(None);
        let (first, last) = done.interval_throughput.lines();
        sink.put(
            format!("{prefix}.interval_tps"),
            Value::Series(series),
            Unit::PerSecond,
            (first, last),
        );
    }
}

/// sysbench's own tests and bundled Lua scripts, as they appear on a command line.
const KNOWN_TESTS: &[&str] = &[
    "oltp_read_write",
    "oltp_read_only",
    "oltp_write_only",
    "oltp_point_select",
    "oltp_update_index",
    "oltp_update_non_index",
    "oltp_insert",
    "oltp_delete",
    "select_random_points",
    "select_random_ranges",
    "bulk_insert",
    "cpu",
    "memory",
    "fileio",
    "threads",
    "mutex",
];

/// Which test a run was: named on the command line, named by its own output, or read
/// off its mix of reads and writes.
fn workload(run: &Run, command: Option<&str>) -> &'static str {
    let named = command.and_then(|c| {
        c.split_whitespace().find_map(|token| {
            let name = token
                .rsplit('/')
                .next()
                .unwrap_or(token)
                .trim_end_matches(".lua");
            KNOWN_TESTS.iter().find(|t| **t == name).copied()
        })
    });
    if let Some(test) = named.or(run.test) {
        return test;
    }
    let (reads, writes) = if run.reads + run.writes > 0.0 {
        (run.reads, run.writes)
    } else {
        (run.interval_reads, run.interval_writes)
    };
    match (reads > 0.0, writes > 0.0) {
        (true, true) => "oltp_read_write",
        (true, false) => "oltp_read_only",
        (false, true) => "oltp_write_only",
        // Only a database test opens connections.
        (false, false) if run.connect_errors.is_some() && !run.measured() => "oltp",
        (false, false) if run.eps.is_some() || !run.interval_said_tps => "sysbench",
        (false, false) => "oltp",
    }
}

/// The headers with which sysbench's built-in tests introduce their results.
fn test_named_by(text: &[u8]) -> Option<&'static str> {
    match text {
        b"CPU speed:" => Some("cpu"),
        b"File operations:" => Some("fileio"),
        _ if text.starts_with(b"Running memory speed test") => Some("memory"),
        _ => None,
    }
}

/// `69880  (1164.52 per sec.)` → 1164.52
fn per_second(value: &[u8]) -> Option<f64> {
    let open = memchr::memchr(b'(', value)?;
    let inner = &value[open + 1..];
    let number = fields(inner).next()?;
    parse_f64(number)
}

/// `    transactions:     69880 (…)` → (`transactions`, `69880 (…)`)
fn split_label(text: &[u8]) -> Option<(&[u8], &[u8])> {
    let colon = memchr::memchr(b':', text)?;
    Some((trim(&text[..colon]), trim(&text[colon + 1..])))
}

fn trim(bytes: &[u8]) -> &[u8] {
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

/// What `prepare` and `cleanup` did to the benchmark's tables, from the first such line.
#[derive(Default)]
struct TableSteps {
    first_line: u64,
    created: u32,
    dropped: u32,
}

enum TableStep {
    Create,
    Drop,
}

/// `Creating table 'sbtest1'...` (prepare) or `Dropping table 'sbtest1'...` (cleanup).
fn table_step(text: &[u8]) -> Option<TableStep> {
    if text.starts_with(b"Creating table '") {
        Some(TableStep::Create)
    } else if text.starts_with(b"Dropping table '") {
        Some(TableStep::Drop)
    } else {
        None
    }
}
