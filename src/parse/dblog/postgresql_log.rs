//! The server log of PostgreSQL and of its forks (openGauss, MogDB, GaussDB): the file
//! `log_directory`/`log_filename` or the distribution's wrapper writes (Debian:
//! /var/log/postgresql/postgresql-<version>-<cluster>.log). Read for the connections the
//! server turned away because every slot was taken, which the client may not show (a
//! connection pool retries, BenchmarkSQL logs a stack trace).
//!
//! ```text
//! 2026-12-04 16:13:38.799 UTC [14060] LOG:  database system is ready to accept connections
//! 2026-12-04 16:13:45.127 UTC [14132] sbtest@sbtest FATAL:  sorry, too many clients already
//! 2026-12-04 16:13:45.136 UTC [14137] sbtest@sbtest FATAL:  remaining connection slots are reserved for non-replication superuser connections
//! ```
//!
//! What comes before the severity depends on `log_line_prefix` and is not read. The
//! server writes every message as `<SEVERITY>:  <text>`, two spaces after the colon;
//! a line holding such a marker is a log line, and the file is a server log when most
//! of its lines are. The connection-limit refusals are `FATAL` lines saying `sorry, too
//! many clients already`, `remaining connection slots are reserved for …` (the slots
//! kept for superusers, or from PostgreSQL 16 for `reserved_connections`), or
//! openGauss/GaussDB's `Already too many clients, active/non-active/reserved: …`.
//!
//! Facts: `db.log.conn_limit_rejections`, zero when the log has none (a log that was
//! read and shows no refusal is evidence too).

use super::refusal_count::LogFormat;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct PostgresqlLog;

/// The severities the server writes, each with its colon and two spaces.
const SEVERITY_MARKERS: &[&[u8]] = &[
    b"LOG:  ",
    b"FATAL:  ",
    b"ERROR:  ",
    b"WARNING:  ",
    b"PANIC:  ",
    b"DETAIL:  ",
    b"HINT:  ",
    b"STATEMENT:  ",
    b"CONTEXT:  ",
    b"NOTICE:  ",
    b"INFO:  ",
    b"DEBUG1:  ",
    b"DEBUG2:  ",
];

/// Parts of the refusals the server sends when no connection slot is left.
const LIMIT_PHRASES: &[&[u8]] = &[
    b"too many clients",
    b"remaining connection slots are reserved",
];

/// The line's severity marker, at the start or after a space (the prefix's end). A
/// pgbench message quoting the server's error (`pgbench: client 2 got an error in
/// command 3 (SQL) of script 0; ERROR:  could not serialize access …`) is the
/// benchmark's output, not a server log line.
fn severity(line: &[u8]) -> Option<&'static [u8]> {
    if line.starts_with(b"pgbench: ") {
        return None;
    }
    SEVERITY_MARKERS.iter().copied().find(|marker| {
        memchr::memmem::find_iter(line, marker).any(|at| at == 0 || line[at - 1] == b' ')
    })
}

fn is_limit_refusal(line: &[u8]) -> bool {
    severity(line) == Some(b"FATAL:  ")
        && LIMIT_PHRASES
            .iter()
            .any(|phrase| memchr::memmem::find(line, phrase).is_some())
}

/// The server log's own lines carry a severity after their prefix; statements and
/// stack traces may continue over several lines.
const FORMAT: LogFormat = LogFormat {
    is_log_line: |line| severity(line).is_some(),
    is_limit_refusal,
    no_log_line: "no server log line (`LOG:  `, `FATAL:  ` … after the prefix) found",
};

impl CaptureParser for PostgresqlLog {
    fn tool(&self) -> &'static str {
        "postgresql-log"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        FORMAT.sniff(head)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        FORMAT.count_refusals(lines, sink)
    }
}
