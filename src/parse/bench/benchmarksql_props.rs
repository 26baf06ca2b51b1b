//! BenchmarkSQL `props` files (`props.pg`, `props.mogdb`, `props.ora` …): the TPC-C run
//! configuration handed to `runBenchmark.sh`. Case E's expected results depend on it
//! (1000 warehouses / 500 terminals ≈ 2.5 M tpmC; 100 / 300 ≈ 1.4 M), so the scale and
//! concurrency are read even when the run log is missing.
//!
//! ```text
//! db=postgres
//! driver=org.postgresql.Driver
//! conn=jdbc:postgresql://localhost:5432/tpcc
//! user=benchmarksql
//! password=…
//!
//! warehouses=100
//! loadWorkers=16
//!
//! terminals=300
//! //either a transaction count per terminal (then runMins=0)
//! runTxnsPerTerminal=0
//! //or a run time in minutes (then runTxnsPerTerminal=0)
//! runMins=5
//! limitTxnsPerMin=0
//! terminalWarehouseFixed=false
//! newOrderWeight=45
//! paymentWeight=43
//! …
//! resultDirectory=my_result_%tY-%tm-%td_%tH%tM%tS
//! osCollectorScript=./misc/os_collector_linux.py
//! ```
//!
//! The file is a Java properties file: `#`, `!` and (in BenchmarkSQL's samples) `//`
//! lines are comments. Java has no comment after a value, so in `warehouses=100  #count`
//! BenchmarkSQL itself reads `100  #count` and rejects it; perfsage reads `100` and
//! warns, since tuning guides annotate props that way.
//!
//! Facts, all FALLBACK (the run log's echo of the same settings is what actually ran):
//! `bench.config.<name>` (text; the camelCase name in snake_case: `runMins` →
//! `run_mins`), and typed `bench.warehouses`, `bench.terminals`, `bench.run_s`.
//! Passwords are never stored: a `password` key is skipped and a password in the JDBC
//! URL is replaced by `***`.

use crate::facts::{Unit, Value};
use crate::parse::config_lines::{is_param_name, split_assignment, warn_cut_off};
use crate::parse::sink::Strength;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_u64;

pub struct BenchmarksqlProps;

/// Keys of BenchmarkSQL 4.x/5.0 props files.
const KEYS: &[&str] = &[
    "db",
    "driver",
    "conn",
    "user",
    "warehouses",
    "loadWorkers",
    "terminals",
    "runTxnsPerTerminal",
    "runMins",
    "limitTxnsPerMin",
    "terminalWarehouseFixed",
    "newOrderWeight",
    "paymentWeight",
    "orderStatusWeight",
    "deliveryWeight",
    "stockLevelWeight",
    "resultDirectory",
    "osCollectorScript",
    "osCollectorInterval",
    "osCollectorSSHAddr",
    "osCollectorDevices",
];

/// Keys no other props-like file has; one of them must be present.
const TPCC_KEYS: &[&str] = &[
    "warehouses",
    "terminals",
    "runTxnsPerTerminal",
    "runMins",
    "terminalWarehouseFixed",
    "newOrderWeight",
];

impl CaptureParser for BenchmarksqlProps {
    fn tool(&self) -> &'static str {
        "benchmarksql-props"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut seen = [false; KEYS.len()];
        for line in head.lines().take(2000) {
            let Some((key, _)) = line.trim_start().split_once('=') else {
                continue;
            };
            if let Some(i) = KEYS.iter().position(|k| *k == key.trim_end()) {
                seen[i] = true;
            }
        }
        let distinct = seen.iter().filter(|s| **s).count();
        let tpcc = KEYS
            .iter()
            .zip(seen)
            .any(|(k, s)| s && TPCC_KEYS.contains(k));
        (distinct >= 3 && tpcc).then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut known = 0usize;
        while let Some(line) = lines.next_line()? {
            let n = line.number;
            let cut_off = line.cut_off;
            let raw = String::from_utf8_lossy(line.bytes);
            let text = raw.trim();
            if text.is_empty() || text.starts_with(['#', '!']) || text.starts_with("//") {
                continue;
            }
            let Some((key, value)) = split_assignment(text) else {
                sink.warn(n, format!("not a `key=value` line: {text}"));
                continue;
            };
            if !is_param_name(key) || key.contains('.') {
                sink.warn(n, format!("not a `key=value` line: {text}"));
                continue;
            }
            if cut_off {
                warn_cut_off(n, sink);
            }
            let value = match value.find(" #").or_else(|| value.find("\t#")) {
                Some(comment) => {
                    sink.warn(
                        n,
                        format!("{key}: the comment after the value is ignored here, but BenchmarkSQL reads it as part of the value (Java properties have no trailing comments)"),
                    );
                    value[..comment].trim_end()
                }
                None => value,
            };
            if KEYS.contains(&key) {
                known += 1;
            }
            put_setting(key, value, n, sink, Strength::Fallback);
        }
        if known == 0 {
            return Err(ParseError::whole_file(
                "no BenchmarkSQL setting (warehouses=, terminals=, runMins= …) found",
            ));
        }
        Ok(())
    }
}

/// Stores one setting as `bench.config.<snake_name>` and, for the scale settings, as
/// typed facts. Shared with the run log parser, which echoes the same settings (there
/// as primary facts; a props file only gives fallbacks).
pub(super) fn put_setting(
    key: &str,
    value: &str,
    line: u64,
    sink: &mut FactSink,
    strength: Strength,
) {
    let lower = key.to_ascii_lowercase();
    if lower.contains("password") || lower.contains("passwd") {
        return;
    }
    let value = if key == "conn" {
        redact_url_password(value)
    } else {
        value.to_string()
    };
    let mut put = |k: String, v: Value, unit: Unit| match strength {
        Strength::Primary => sink.put(k, v, unit, (line, line)),
        Strength::Fallback => sink.put_fallback(k, v, unit, (line, line)),
    };
    let number = parse_u64(value.as_bytes());
    match (key, number) {
        ("warehouses", Some(w)) => put(
            "bench.warehouses".into(),
            Value::Number(w as f64),
            Unit::Count,
        ),
        ("terminals", Some(t)) => put(
            "bench.terminals".into(),
            Value::Number(t as f64),
            Unit::Threads,
        ),
        ("runMins", Some(m)) if m > 0 => put(
            "bench.run_s".into(),
            Value::Number(m as f64 * 60.0),
            Unit::Seconds,
        ),
        _ => {}
    }
    put(
        format!("bench.config.{}", snake_case(key)),
        Value::Text(value),
        Unit::None,
    );
}

/// `runTxnsPerTerminal` → `run_txns_per_terminal`; `osCollectorSSHAddr` →
/// `os_collector_ssh_addr`.
pub(super) fn snake_case(key: &str) -> String {
    let chars: Vec<char> = key.chars().collect();
    let mut out = String::with_capacity(key.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let prev_lower =
                i > 0 && (chars[i - 1].is_ascii_lowercase() || chars[i - 1].is_ascii_digit());
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            let prev_upper = i > 0 && chars[i - 1].is_ascii_uppercase();
            if i > 0 && (prev_lower || (prev_upper && next_lower)) {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// A JDBC URL with the value of any `password=` parameter replaced by `***`.
pub(super) fn redact_url_password(url: &str) -> String {
    let lower = url.to_ascii_lowercase();
    let Some(at) = lower.find("password=") else {
        return url.to_string();
    };
    let start = at + "password=".len();
    let end = url[start..]
        .find(['&', ';'])
        .map_or(url.len(), |e| start + e);
    format!("{}***{}", &url[..start], &url[end..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camel_case_keys_become_snake_case() {
        assert_eq!(snake_case("runTxnsPerTerminal"), "run_txns_per_terminal");
        assert_eq!(snake_case("osCollectorSSHAddr"), "os_collector_ssh_addr");
        assert_eq!(snake_case("db"), "db");
        assert_eq!(snake_case("newOrderWeight"), "new_order_weight");
    }

    #[test]
    fn passwords_in_urls_are_hidden() {
        assert_eq!(
            redact_url_password("jdbc:postgresql://h:5432/tpcc?user=a&password=secret&x=1"),
            "jdbc:postgresql://h:5432/tpcc?user=a&password=***&x=1"
        );
        assert_eq!(
            redact_url_password("jdbc:dm://h:5236?PASSWORD=s"),
            "jdbc:dm://h:5236?PASSWORD=***"
        );
        assert_eq!(redact_url_password("jdbc:x://h/db"), "jdbc:x://h/db");
    }
}
