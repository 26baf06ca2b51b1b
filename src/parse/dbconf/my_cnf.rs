//! `my.cnf` option files of MySQL and its derivatives (GreatDB and GreatSQL in case B,
//! MariaDB, Percona): the server settings, so rules can check the MySQL-style
//! tuning case B lists as not yet tried (buffer pool, redo log, flush settings …).
//!
//! ```text
//! [client]
//! socket = /data/greatdb/mysql.sock
//!
//! [mysqld]
//! datadir = /data/greatdb/data
//! innodb_buffer_pool_size = 96G
//! innodb-log-file-size = 4G
//! innodb_flush_log_at_trx_commit = 1
//! skip-name-resolve
//! !includedir /etc/my.cnf.d
//! ```
//!
//! Only the groups the server reads are settings: `[mysqld]`, `[server]`,
//! `[mysqld-<version>]`, and MariaDB's `[mariadb]`, `[mariadbd]`, `[mariadb-<version>]`
//! (`[client]`, `[mysql]`, `[mysqldump]` … are for client programs). As mysqld does,
//! `-` and `_` in a name are the same (`innodb-log-file-size` is
//! `innodb_log_file_size`), a `loose-` prefix only means "ignore if unknown" and is
//! dropped, a bare name (`skip-name-resolve`) switches the option on and is recorded as
//! `ON`, quotes are removed, and a later line for the same option wins. `!include` and
//! `!includedir` are warnings: the files they name are not in the capture.
//!
//! Facts: `db.engine` = `mysql`, `db.param.<name>` (lower case, `_` separated), and
//! the sizes, times, switches and numbers among them as `db.param_kib.<name>`,
//! `db.param_s.<name>`, `db.param_on.<name>`, `db.param_num.<name>` (see `param_units`).

use super::param_units::{self, Dialect};
use crate::parse::config_lines::{
    ParamTable, before_comment, is_param_name, unquote, warn_cut_off,
};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct MyCnf;

impl CaptureParser for MyCnf {
    fn tool(&self) -> &'static str {
        "my-cnf"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        head.lines()
            .take(5000)
            .filter_map(group_name)
            .any(|group| is_server_group(&group))
            .then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut params = ParamTable::default();
        let mut in_server_group = false;
        let mut saw_group = false;
        while let Some(line) = lines.next_line()? {
            let n = line.number;
            let cut_off = line.cut_off;
            let raw = String::from_utf8_lossy(line.bytes);
            let text = raw.trim();
            if text.is_empty() || text.starts_with('#') || text.starts_with(';') {
                continue;
            }
            if let Some(directive) = text.strip_prefix('!') {
                sink.warn(
                    n,
                    format!("!{directive}: options in that file or folder are not in this capture"),
                );
                continue;
            }
            if let Some(group) = group_name(text) {
                saw_group = true;
                in_server_group = is_server_group(&group);
                continue;
            }
            if !in_server_group {
                if !saw_group {
                    sink.warn(n, "option before any [group] header ignored");
                }
                continue;
            }
            let text = before_comment(text, '#').trim();
            let (name, value) = match text.split_once('=') {
                Some((name, value)) => (name.trim(), unquote(value.trim()).into_owned()),
                None => (text, "ON".to_string()),
            };
            let name = option_name(name);
            if !is_param_name(&name) || name.contains('.') {
                sink.warn(n, format!("not an option line: {text}"));
                continue;
            }
            if cut_off {
                warn_cut_off(n, sink);
            }
            params.set(name, value, n, sink);
        }
        if params.is_empty() {
            return Err(ParseError::whole_file(
                "no option in a server group ([mysqld], [server], [mysqld-8.0], [mariadb] …)",
            ));
        }
        sink.text("db.engine", "mysql", params.first_line());
        param_units::emit(Dialect::MySql, &params, sink);
        Ok(())
    }
}

/// `[mysqld]` → `mysqld` (lower case); `None` for any other line.
fn group_name(line: &str) -> Option<String> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    (!inner.is_empty()).then(|| inner.to_ascii_lowercase())
}

/// Whether mysqld (or mariadbd) reads options from this group.
fn is_server_group(group: &str) -> bool {
    let versioned = |prefix: &str| {
        group
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_prefix('-'))
            .is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()))
    };
    matches!(group, "mysqld" | "server" | "mariadb" | "mariadbd")
        || versioned("mysqld")
        || versioned("mariadb")
}

/// The option's canonical name: lower case, `-` as `_`, without a `loose_` prefix.
fn option_name(raw: &str) -> String {
    let name = raw.to_ascii_lowercase().replace('-', "_");
    match name.strip_prefix("loose_") {
        Some(rest) if !rest.is_empty() => rest.to_string(),
        _ => name,
    }
}
