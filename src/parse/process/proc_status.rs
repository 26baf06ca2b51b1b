//! `/proc/<pid>/status` of the processes that matter (the database server, the Java
//! application, QEMU), one file or several concatenated. Their CPU affinity shows
//! whether they float over every core or are bound (case D: application and database
//! both on cores 0–255 until bound with numactl to 0–127 and 128–255).
//!
//! ```text
//! Name:   dmserver
//! State:  S (sleeping)
//! Tgid:   48213
//! …
//! VmRSS:  83886080 kB
//! Threads:        412
//! …
//! Cpus_allowed_list:      0-255
//! Mems_allowed_list:      0-3
//! ```
//!
//! Facts per process name (the first status of a name wins, so `cat` a few of the same
//! program and the first is kept): `proc.<name>.cpus_allowed` (CPU list),
//! `proc.<name>.cpus_allowed_count`, `proc.<name>.mems_allowed`, `proc.<name>.threads`,
//! `proc.<name>.rss_kib`.

use crate::facts::{Unit, Value};
use crate::parse::instance_label::instance_label;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::cpu_list::count_cpus;
use crate::text::number::parse_f64_lenient;
use std::collections::HashSet;

pub struct ProcStatus;

/// What one status block said, with the line of each field.
#[derive(Default)]
struct Status {
    name: Option<(String, u64)>,
    cpus: Option<(String, u64)>,
    mems: Option<(String, u64)>,
    threads: Option<(f64, u64)>,
    rss_kib: Option<(f64, u64)>,
}

impl CaptureParser for ProcStatus {
    fn tool(&self) -> &'static str {
        "proc-status"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let first = head.lines().find(|l| !l.trim().is_empty())?;
        (first.starts_with("Name:") && head.contains("\nCpus_allowed_list:")).then_some(90)
    }

    fn starts_section(&self, line: &str) -> bool {
        line.starts_with("Name:\t")
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut seen: HashSet<String> = HashSet::new();
        let mut current = Status::default();
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let Some((key, value)) = text.split_once(':') else {
                continue;
            };
            let value = value.trim();
            let n = line.number;
            match key {
                "Name" => {
                    emit(std::mem::take(&mut current), sink, &mut seen);
                    current.name = Some((value.to_string(), n));
                }
                "Cpus_allowed_list" => current.cpus = Some((value.to_string(), n)),
                "Mems_allowed_list" => current.mems = Some((value.to_string(), n)),
                "Threads" => current.threads = parse_f64_lenient(value).map(|v| (v, n)),
                "VmRSS" => {
                    current.rss_kib = value
                        .strip_suffix("kB")
                        .and_then(parse_f64_lenient)
                        .map(|v| (v, n));
                }
                _ => {}
            }
        }
        emit(current, sink, &mut seen);
        if seen.is_empty() {
            return Err(ParseError::whole_file(
                "no process status (Name: … Cpus_allowed_list: …) found",
            ));
        }
        Ok(())
    }
}

fn emit(status: Status, sink: &mut FactSink, seen: &mut HashSet<String>) {
    let Some((name, name_line)) = status.name else {
        return;
    };
    let Some(name) = instance_label(&name) else {
        return;
    };
    if !seen.insert(name.clone()) {
        sink.warn(
            name_line,
            format!("another status of {name}; the first one is kept"),
        );
        return;
    }
    let prefix = format!("proc.{name}");
    if let Some((cpus, line)) = status.cpus {
        if let Some(count) = count_cpus(&cpus) {
            sink.number(
                format!("{prefix}.cpus_allowed_count"),
                count as f64,
                Unit::Count,
                line,
            );
        }
        sink.text(format!("{prefix}.cpus_allowed"), cpus, line);
    }
    if let Some((mems, line)) = status.mems {
        sink.text(format!("{prefix}.mems_allowed"), mems, line);
    }
    if let Some((threads, line)) = status.threads {
        sink.number(format!("{prefix}.threads"), threads, Unit::Count, line);
    }
    if let Some((rss, line)) = status.rss_kib {
        sink.put(
            format!("{prefix}.rss_kib"),
            Value::Number(rss),
            Unit::Kibibytes,
            (line, line),
        );
    }
}
