//! The first line every sysstat tool prints:
//!
//! ```text
//! Linux 6.1.0-27-amd64 (perf-lab)   12/02/2026   _x86_64_   (2 CPU)
//! ```
//!
//! It names the kernel, the host and the CPU count; mpstat, iostat and sar share it.

use crate::facts::{Unit, Value};
use crate::parse::sink::FactSink;
use crate::text::fields::fields;
use crate::text::number::parse_u64;

/// Records host, kernel and CPU count if `line` is a sysstat header; returns whether it was.
pub fn read(line: &[u8], number: u64, sink: &mut FactSink) -> bool {
    let mut parts = fields(line);
    if parts.next() != Some(b"Linux") {
        return false;
    }
    let Some(kernel) = parts.next() else {
        return false;
    };
    let text = String::from_utf8_lossy(line);
    let host = text
        .find('(')
        .and_then(|open| {
            text[open + 1..]
                .find(')')
                .map(|close| &text[open + 1..open + 1 + close])
        })
        .filter(|h| !h.ends_with(" CPU"));
    let cpus = text.rfind('(').and_then(|open| {
        let inner = text[open + 1..].trim_end_matches([')', ' ']);
        inner
            .strip_suffix(" CPU")
            .and_then(|n| parse_u64(n.trim().as_bytes()))
    });
    let lines = (number, number);
    sink.put_fallback(
        "os.kernel",
        Value::Text(String::from_utf8_lossy(kernel).into_owned()),
        Unit::None,
        lines,
    );
    if let Some(host) = host {
        sink.put_fallback(
            "host.name",
            Value::Text(host.to_string()),
            Unit::None,
            lines,
        );
    }
    if let Some(cpus) = cpus {
        sink.put_fallback("cpu.count", Value::Number(cpus as f64), Unit::Count, lines);
    }
    true
}
