//! `lscpu` (util-linux): the CPU topology as the OS sees it.
//!
//! ```text
//! Architecture:                    aarch64
//! CPU(s):                          64
//! Thread(s) per core:              1
//! Core(s) per socket:              64
//! Socket(s):                       1
//! NUMA node(s):                    1
//! Vendor ID:                       HiSilicon
//! Model name:                      Kunpeng-920
//! Hypervisor vendor:               KVM
//! NUMA node0 CPU(s):               0-63
//! Flags:                           fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics …
//! ```
//!
//! Newer util-linux indents fields under `Vendor ID:`; on ARM servers without
//! socket information it prints `Core(s) per cluster` and `Cluster(s)` instead.

use super::{CaptureParser, FactSink, Lines, ParseError};
use crate::facts::{Unit, Value};
use crate::text::number::parse_f64_lenient;

pub struct Lscpu;

impl CaptureParser for Lscpu {
    fn tool(&self) -> &'static str {
        "lscpu"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut keys = head
            .lines()
            .filter_map(|l| l.split_once(':'))
            .map(|(k, _)| k.trim());
        let first = keys.next()?;
        (first == "Architecture" && keys.take(40).any(|k| k == "CPU(s)")).then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut arch: Option<String> = None;
        let mut flags: Option<(String, u64)> = None;
        let mut sockets_seen = false;
        let mut cluster_facts: Vec<(&'static str, f64, u64)> = Vec::new();
        let mut any = false;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let Some((key, value)) = text.split_once(':') else {
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            let n = line.number;
            let count = |v: &str| parse_f64_lenient(v);
            any = true;
            match key {
                "Architecture" => {
                    arch = Some(value.to_string());
                    sink.text("cpu.arch", value, n);
                }
                "CPU(s)" => put_count(sink, "cpu.count", count(value), n),
                "Thread(s) per core" => put_count(sink, "cpu.threads_per_core", count(value), n),
                "Core(s) per socket" => put_count(sink, "cpu.cores_per_socket", count(value), n),
                "Socket(s)" => {
                    if let Some(v) = count(value) {
                        sockets_seen = true;
                        sink.number("cpu.sockets", v, Unit::Count, n);
                    }
                }
                "Core(s) per cluster" => {
                    if let Some(v) = count(value) {
                        cluster_facts.push(("cpu.cores_per_socket", v, n));
                    }
                }
                "Cluster(s)" => {
                    if let Some(v) = count(value) {
                        cluster_facts.push(("cpu.sockets", v, n));
                    }
                }
                "NUMA node(s)" => put_count(sink, "cpu.numa_nodes", count(value), n),
                "Vendor ID" => sink.text("cpu.vendor", value, n),
                "Model name" if value != "-" => sink.text("cpu.model_name", value, n),
                "CPU max MHz" => {
                    if let Some(v) = count(value) {
                        sink.number("cpu.max_mhz", v, Unit::Megahertz, n);
                    }
                }
                "Hypervisor vendor" => sink.text("cpu.hypervisor", value, n),
                "Flags" => flags = Some((value.to_string(), n)),
                _ => {
                    if let Some(node) = key
                        .strip_prefix("NUMA node")
                        .and_then(|rest| rest.strip_suffix(" CPU(s)"))
                        .filter(|node| node.bytes().all(|b| b.is_ascii_digit()) && !node.is_empty())
                    {
                        sink.text(format!("cpu.numa.{node}.cpus"), value, n);
                    }
                }
            }
        }
        if !any {
            return Err(ParseError::whole_file(
                "no `Key: value` lines of lscpu found",
            ));
        }
        if !sockets_seen {
            for (key, value, line) in cluster_facts {
                sink.put_fallback(key, Value::Number(value), Unit::Count, (line, line));
            }
        }
        if let (Some("aarch64"), Some((flags, line))) = (arch.as_deref(), flags) {
            let lse = flags.split_whitespace().any(|f| f == "atomics");
            sink.put(
                "cpu.lse_atomics",
                Value::Flag(lse),
                Unit::None,
                (line, line),
            );
        }
        Ok(())
    }
}

fn put_count(sink: &mut FactSink, key: &str, value: Option<f64>, line: u64) {
    if let Some(v) = value {
        sink.number(key, v, Unit::Count, line);
    }
}
