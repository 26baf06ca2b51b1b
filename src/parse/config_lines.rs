//! Reading `key = value` configuration lines, shared by the database and benchmark
//! configuration parsers (dm.ini, postgresql.conf, my.cnf, BenchmarkSQL props). Each
//! format keeps its own rules (comment characters, sections, what a bare key means);
//! this module only holds the pieces they have in common: cutting a trailing comment
//! outside quotes, splitting at `=`, removing quotes, checking a parameter name, and
//! remembering the last value of each parameter the way the servers do.

use super::FactSink;
use std::borrow::Cow;
use std::collections::HashMap;

/// More distinct parameters than any real configuration file has; past this the file
/// is not a configuration file and further names are ignored (memory stays bounded).
const MAX_PARAMS: usize = 20_000;

/// `text` up to the first `mark` that is not inside single or double quotes.
pub(super) fn before_comment(text: &str, mark: char) -> &str {
    let mut quote: Option<char> = None;
    for (i, c) in text.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == mark => return &text[..i],
            None => {}
        }
    }
    text
}

/// `key = value` → (`key`, `value`), both trimmed; `None` without an `=`.
pub(super) fn split_assignment(text: &str) -> Option<(&str, &str)> {
    let (key, value) = text.split_once('=')?;
    Some((key.trim(), value.trim()))
}

/// The value without surrounding single or double quotes; a doubled quote inside
/// (`'it''s'`) stands for one, as PostgreSQL and MySQL read it.
pub(super) fn unquote(value: &str) -> Cow<'_, str> {
    let bytes = value.as_bytes();
    if bytes.len() >= 2 {
        let first = bytes[0];
        if (first == b'\'' || first == b'"') && bytes[bytes.len() - 1] == first {
            let inner = &value[1..value.len() - 1];
            let quote = if first == b'\'' { "'" } else { "\"" };
            let doubled = if first == b'\'' { "''" } else { "\"\"" };
            return if inner.contains(doubled) {
                Cow::Owned(inner.replace(doubled, quote))
            } else {
                Cow::Borrowed(inner)
            };
        }
    }
    Cow::Borrowed(value)
}

/// Whether `name` can be a parameter name and a fact key segment: ASCII letters,
/// digits and `_`, with `.` only between non-empty parts (`pg_stat_statements.max`).
pub(super) fn is_param_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 128
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
        && name.split('.').all(|part| !part.is_empty())
        && !name.starts_with(|c: char| c.is_ascii_digit())
}

/// Parameters in the order first seen; a later line for the same name replaces the
/// value (dmserver, postgres and mysqld all let the last occurrence win) and the
/// repetition is reported, since a forgotten earlier line is a common tuning mistake.
#[derive(Default)]
pub(super) struct ParamTable {
    order: Vec<String>,
    values: HashMap<String, (String, u64)>,
    full_reported: bool,
}

impl ParamTable {
    pub(super) fn set(&mut self, name: String, value: String, line: u64, sink: &mut FactSink) {
        if let Some((old, old_line)) = self.values.get_mut(&name) {
            sink.warn(
                line,
                format!(
                    "{name} set again (first on line {old_line} = {old}); the last value counts"
                ),
            );
            *old = value;
            *old_line = line;
            return;
        }
        if self.order.len() >= MAX_PARAMS {
            if !self.full_reported {
                self.full_reported = true;
                sink.warn(
                    line,
                    format!("more than {MAX_PARAMS} parameters; the rest are ignored"),
                );
            }
            return;
        }
        self.order.push(name.clone());
        self.values.insert(name, (value, line));
    }

    pub(super) fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The line of the first parameter, for facts about the file as a whole.
    pub(super) fn first_line(&self) -> u64 {
        self.order
            .first()
            .and_then(|name| self.values.get(name))
            .map_or(1, |(_, line)| *line)
    }

    /// Each parameter's name, last value and its line, in the order the names first
    /// appeared.
    pub(super) fn iter(&self) -> impl Iterator<Item = (&str, &str, u64)> {
        self.order.iter().filter_map(|name| {
            let (value, line) = self.values.get(name)?;
            Some((name.as_str(), value.as_str(), *line))
        })
    }
}

/// Warns that the input ended inside line `n` (no line end): its value is used as read
/// but may be cut short.
pub(super) fn warn_cut_off(n: u64, sink: &mut FactSink) {
    sink.warn(
        n,
        format!(
            "the file ends inside line {n} (no line end; cut off?): its value may be incomplete"
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_inside_quotes_are_kept() {
        assert_eq!(before_comment("a = 'x#y' # c", '#'), "a = 'x#y' ");
        assert_eq!(before_comment("a = 1", '#'), "a = 1");
        assert_eq!(before_comment("# all comment", '#'), "");
        assert_eq!(
            before_comment("a = 'open # quote", '#'),
            "a = 'open # quote"
        );
    }

    #[test]
    fn quotes_are_removed_and_doubled_quotes_collapse() {
        assert_eq!(unquote("'8GB'"), "8GB");
        assert_eq!(unquote("'it''s'"), "it's");
        assert_eq!(unquote("\"/var/lib/mysql\""), "/var/lib/mysql");
        assert_eq!(unquote("'"), "'");
        assert_eq!(unquote("on"), "on");
    }

    #[test]
    fn parameter_names() {
        assert!(is_param_name("shared_buffers"));
        assert!(is_param_name("pg_stat_statements.max"));
        assert!(is_param_name("IO_THR_GROUPS"));
        assert!(!is_param_name("a..b"));
        assert!(!is_param_name("has space"));
        assert!(!is_param_name("1st"));
        assert!(!is_param_name(""));
    }
}
