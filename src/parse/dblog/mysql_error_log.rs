//! The error log of MySQL and its family (MariaDB, GreatDB, Percona): `log_error`, on
//! Debian /var/log/mysql/error.log. Read for the logins the server refused because
//! `max_connections` was reached. MariaDB (log_warnings ≥ 2, its default) writes one
//! line per refusal, recorded on this machine with MariaDB 10.11 at max_connections = 10:
//!
//! ```text
//! 2026-12-04 22:19:25 0 [Warning] Aborted connection 0 to db: 'unconnected' user: 'unauthenticated' host: 'connecting host' (Too many connections)
//! 2026-12-04 22:19:25 4 [Warning] Aborted connection 4 to db: 'sbtest' user: 'sbtest' host: 'localhost' (Got an error reading communication packets)
//! ```
//!
//! Only the reason in parentheses tells them apart: the second is a client that went
//! away (sysbench's other threads, closed when the run was aborted), not a refusal.
//! MySQL 8 writes `<ISO time> <thread> [Warning] [MY-…] [Server] …` lines; it counts
//! refusals in the status variable Connection_errors_max_connections and logs none by
//! default, so its log shows zero. A line is a log line when a timestamp and a thread
//! id come before a bracketed severity; the file is an error log when most are.
//!
//! Facts: `db.log.conn_limit_rejections`, zero when the log has none.

use super::refusal_count::LogFormat;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct MysqlErrorLog;

const SEVERITIES: &[&[u8]] = &[b"[Note]", b"[Warning]", b"[ERROR]", b"[System]"];

/// The reason MariaDB gives for a login refused at max_connections.
const REFUSED: &[u8] = b"(Too many connections)";

/// `2026-12-04 22:19:25 0 [Warning] …` or `2026-12-04T22:19:25.123456Z 0 [Warning] …`:
/// a date, a time, a thread id, then a severity in brackets.
fn is_log_line(line: &[u8]) -> bool {
    let date = line.get(..10).is_some_and(|d| {
        d.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
    });
    if !date || !matches!(line.get(10), Some(b' ' | b'T')) {
        return false;
    }
    let mut words = line[11..].split(|c| *c == b' ').filter(|w| !w.is_empty());
    let (Some(_time), Some(thread), Some(severity)) = (words.next(), words.next(), words.next())
    else {
        return false;
    };
    thread.iter().all(u8::is_ascii_digit) && SEVERITIES.contains(&severity)
}

/// The error log's own lines (the startup banner, `Version: '…'  socket: …`, and
/// stack traces are not), and the reason its `Aborted connection` warnings give when
/// the limit turned a client away.
const FORMAT: LogFormat = LogFormat {
    is_log_line,
    is_limit_refusal: |line| memchr::memmem::find(line, REFUSED).is_some(),
    no_log_line: "no error log line (`<date> <time> <thread> [Note|Warning|ERROR|System]`) found",
};

impl CaptureParser for MysqlErrorLog {
    fn tool(&self) -> &'static str {
        "mysql-error-log"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        FORMAT.sniff(head)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        FORMAT.count_refusals(lines, sink)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_lines_of_mariadb_and_mysql_8_are_told_from_others() {
        assert!(is_log_line(
            b"2026-12-04 22:19:25 0 [Warning] Aborted connection 0 to db: 'unconnected' (Too many connections)"
        ));
        assert!(is_log_line(
            b"2026-12-04T22:19:25.123456Z 0 [Warning] [MY-010055] [Server] IP address could not be resolved"
        ));
        assert!(!is_log_line(
            b"Version: '10.11.19-MariaDB-0+deb12u1'  socket: '/run/mysqld/mysqld.sock'"
        ));
        assert!(!is_log_line(
            b"2026-12-04 16:13:45.127 UTC [14132] sbtest@sbtest FATAL:  sorry, too many clients already"
        ));
    }
}
