//! What the database server log parsers share: telling a log's own lines (with the
//! server's prefix) from continuation lines, and counting those that say a
//! connection was refused because the server's connection limit was reached. Each
//! log format only says how its lines look.

use crate::facts::{Unit, Value};
use crate::parse::{FactSink, Lines, ParseError};

/// How one server's log is read.
pub struct LogFormat {
    /// Whether a line starts with the server's own prefix (time, severity …).
    pub is_log_line: fn(&[u8]) -> bool,
    /// Whether a log line reports a connection refused for the connection limit.
    pub is_limit_refusal: fn(&[u8]) -> bool,
    /// The error when no line of the file is the server's: what such a line looks like.
    pub no_log_line: &'static str,
}

impl LogFormat {
    /// Most non-blank lines of the head are the server's; statements and stack traces
    /// may continue over several lines.
    pub fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = 0u32;
        let mut marked = 0u32;
        for line in head.lines().filter(|l| !l.trim().is_empty()).take(500) {
            lines += 1;
            if (self.is_log_line)(line.as_bytes()) {
                marked += 1;
            }
        }
        (marked >= 2 && marked * 2 >= lines).then_some(80)
    }

    /// `db.log.conn_limit_rejections`: how many refusals the log shows, cited at the
    /// first to the last of them (at the whole log when there were none).
    pub fn count_refusals(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut log_lines = 0u64;
        let mut last_line = 0u64;
        let mut refusals = 0u64;
        let mut refusal_lines: Option<(u64, u64)> = None;
        while let Some(line) = lines.next_line()? {
            last_line = line.number;
            if !(self.is_log_line)(line.bytes) {
                continue;
            }
            log_lines += 1;
            if (self.is_limit_refusal)(line.bytes) {
                refusals += 1;
                let span = refusal_lines.get_or_insert((line.number, line.number));
                span.1 = line.number;
            }
        }
        if log_lines == 0 {
            return Err(ParseError::whole_file(self.no_log_line));
        }
        sink.put(
            "db.log.conn_limit_rejections",
            Value::Number(refusals as f64),
            Unit::Count,
            refusal_lines.unwrap_or((1, last_line)),
        );
        Ok(())
    }
}
