//! `lscpu` (util-linux): the CPU topology as the OS sees it, in English or in the
//! zh_CN translation Chinese servers print by default.
//!
//! ```text
//! Architecture:                    aarch64
//! CPU op-mode(s):                  64-bit
//! Byte Order:                      Little Endian
//! CPU(s):                          128
//! On-line CPU(s) list:             0-127
//! Thread(s) per core:              1
//! Core(s) per socket:              64
//! Socket(s):                       2
//! NUMA node(s):                    4
//! Vendor ID:                       HiSilicon
//! Model:                           0
//! Model name:                      Kunpeng-920
//! CPU max MHz:                     2600.0000
//! NUMA node0 CPU(s):               0-31
//! …
//! Flags:                           fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics …
//! ```
//!
//! util-linux 2.37 and later indent fields under `Vendor ID:` and group caches and
//! NUMA under headings; on ARM machines whose firmware names no sockets they print
//! `Core(s) per cluster`, `Socket(s): -` and `Cluster(s)` instead, and clusters then
//! stand in for sockets. Under `LANG=zh_CN.UTF-8` the labels are translated and most
//! end in a full-width colon (util-linux 2.38.1, `po/zh_CN.po`):
//!
//! ```text
//! 架构：                                   x86_64
//! CPU:                                     2
//! 厂商 ID：                                AuthenticAMD
//! 型号名称：                               AMD EPYC
//! 每个核的线程数：                         1
//! 每个座的核数：                           2
//! 座：                                     1
//! 标记：                                   fpu vme de pse …
//! 超管理器厂商：                           KVM
//! NUMA 节点：                              1
//! NUMA 节点0 CPU：                         0,1
//! ```
//!
//! Facts: `cpu.arch`, `cpu.count`, `cpu.threads_per_core`, `cpu.cores_per_socket`,
//! `cpu.sockets`, `cpu.numa_nodes`, `cpu.numa.<node>.cpus`, `cpu.vendor`,
//! `cpu.model_name`, `cpu.max_mhz`, `cpu.hypervisor`, and on aarch64
//! `cpu.lse_atomics` (the `atomics` flag: ARMv8.1 LSE instructions).

use crate::facts::{Unit, Value};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64_lenient;

pub struct Lscpu;

/// The English label lscpu prints for a zh_CN one (util-linux's msgid for its msgstr).
const CHINESE_LABELS: &[(&str, &str)] = &[
    ("架构", "Architecture"),
    ("CPU", "CPU(s)"),
    ("每个核的线程数", "Thread(s) per core"),
    ("每个座的核数", "Core(s) per socket"),
    ("座", "Socket(s)"),
    ("NUMA 节点", "NUMA node(s)"),
    ("厂商 ID", "Vendor ID"),
    ("型号名称", "Model name"),
    ("CPU 最大 MHz", "CPU max MHz"),
    ("超管理器厂商", "Hypervisor vendor"),
    ("标记", "Flags"),
];

/// Splits `Key: value` at the first ASCII or full-width colon.
fn split_label(text: &str) -> Option<(&str, &str)> {
    let at = text.find([':', '：'])?;
    let colon_len = text[at..].chars().next().map_or(1, char::len_utf8);
    Some((text[..at].trim(), text[at + colon_len..].trim()))
}

/// The English label for `key`, translating the zh_CN ones.
fn english_label(key: &str) -> &str {
    CHINESE_LABELS
        .iter()
        .find(|(zh, _)| *zh == key)
        .map_or(key, |(_, en)| en)
}

/// The node number of a `NUMA node3 CPU(s)` / `NUMA 节点3 CPU` label.
fn numa_node_of(key: &str) -> Option<&str> {
    let rest = key
        .strip_prefix("NUMA node")
        .and_then(|r| r.strip_suffix(" CPU(s)"))
        .or_else(|| {
            key.strip_prefix("NUMA 节点")
                .and_then(|r| r.strip_suffix(" CPU"))
        })?;
    (!rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())).then_some(rest)
}

impl CaptureParser for Lscpu {
    fn tool(&self) -> &'static str {
        "lscpu"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut keys = head
            .lines()
            .filter_map(split_label)
            .map(|(k, _)| english_label(k));
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
            let Some((key, value)) = split_label(&text) else {
                continue;
            };
            let key = english_label(key);
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
                    if let Some(node) = numa_node_of(key) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_split_at_either_colon() {
        assert_eq!(split_label("架构：   x86_64"), Some(("架构", "x86_64")));
        assert_eq!(split_label("CPU:     2"), Some(("CPU", "2")));
        assert_eq!(split_label("Model name:  -"), Some(("Model name", "-")));
        assert_eq!(split_label("no label"), None);
    }

    #[test]
    fn chinese_numa_labels_name_their_node() {
        assert_eq!(numa_node_of("NUMA 节点2 CPU"), Some("2"));
        assert_eq!(numa_node_of("NUMA node12 CPU(s)"), Some("12"));
        assert_eq!(numa_node_of("NUMA 节点"), None);
        assert_eq!(numa_node_of("NUMA nodex CPU(s)"), None);
    }
}
