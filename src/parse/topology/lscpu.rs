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
//! `cpu.lse_atomics` (the `atomics` flag: ARMv8.1 LSE instructions, on every core type).
//!
//! A heterogeneous CPU (Arm big.LITTLE: `Cortex-A55` and `Cortex-A76` clusters) repeats
//! `Model name:` with each type's topology below it; its model name lists the types
//! and their core counts, and per-socket figures are left out with a warning.

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

/// Labels no other tool prints in `label: value` lines, which mark an lscpu excerpt
/// that lacks its `Architecture:` line.
const EXCERPT_LABELS: [&str; 8] = [
    "CPU op-mode(s)",
    "Byte Order",
    "On-line CPU(s) list",
    "Thread(s) per core",
    "Core(s) per socket",
    "Socket(s)",
    "NUMA node(s)",
    "Address sizes",
];

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
        if first == "Architecture" {
            return keys.take(40).any(|k| k == "CPU(s)").then_some(95);
        }
        // An excerpt without the first line (util-linux's own test outputs, a pasted
        // part): the labels only lscpu prints, `CPU(s)` among them.
        let labels: Vec<&str> = std::iter::once(first).chain(keys.take(12)).collect();
        let lscpu_only = labels.iter().filter(|k| EXCERPT_LABELS.contains(k)).count();
        (labels.contains(&"CPU(s)") && lscpu_only >= 3).then_some(80)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut arch: Option<String> = None;
        // One per `Model name`: a heterogeneous CPU (big.LITTLE) lists each core type
        // with its own topology, frequency and flags.
        let mut types: Vec<CoreType> = vec![CoreType::default()];
        let mut any = false;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let Some((key, value)) = split_label(&text) else {
                continue;
            };
            let key = english_label(key);
            let n = line.number;
            let count = |v: &str| parse_f64_lenient(v).map(|v| (v, n));
            any = true;
            let current = types.last_mut().expect("never empty");
            match key {
                "Architecture" => {
                    arch = Some(value.to_string());
                    sink.text("cpu.arch", value, n);
                }
                "CPU(s)" => put_count(sink, "cpu.count", count(value)),
                "NUMA node(s)" => put_count(sink, "cpu.numa_nodes", count(value)),
                "Vendor ID" => sink.text("cpu.vendor", value, n),
                "Hypervisor vendor" => sink.text("cpu.hypervisor", value, n),
                "Model name" if value != "-" => {
                    if current.model_name.is_some() {
                        types.push(CoreType::default());
                    }
                    let current = types.last_mut().expect("never empty");
                    current.model_name = Some((value.to_string(), n));
                }
                "Thread(s) per core" => current.threads_per_core = count(value),
                "Core(s) per socket" => current.cores_per_socket = count(value),
                "Socket(s)" => current.sockets = count(value),
                "Core(s) per cluster" => current.cores_per_cluster = count(value),
                "Cluster(s)" => current.clusters = count(value),
                "CPU max MHz" => current.max_mhz = count(value),
                "Flags" => current.flags = Some((value.to_string(), n)),
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
        match types.as_slice() {
            [one] => one.put(sink),
            several => put_heterogeneous(several, sink),
        }
        let flagged: Vec<&(String, u64)> = types.iter().filter_map(|t| t.flags.as_ref()).collect();
        // An excerpt without the Architecture line: `asimd` is a flag only Arm prints.
        let arm_flags = flagged
            .iter()
            .any(|(flags, _)| flags.split_whitespace().any(|f| f == "asimd"));
        if arch.as_deref() == Some("aarch64") || (arch.is_none() && arm_flags) {
            // LSE atomics only when every core type has them.
            if let (Some((_, first)), Some((_, last))) = (flagged.first(), flagged.last()) {
                let lse = flagged
                    .iter()
                    .all(|(flags, _)| flags.split_whitespace().any(|f| f == "atomics"));
                sink.put(
                    "cpu.lse_atomics",
                    Value::Flag(lse),
                    Unit::None,
                    (*first, *last),
                );
            }
        }
        Ok(())
    }
}

/// A number lscpu printed, with its line.
type Figure = (f64, u64);

/// The figures lscpu prints for one core type, each with its line.
#[derive(Default)]
struct CoreType {
    model_name: Option<(String, u64)>,
    threads_per_core: Option<Figure>,
    cores_per_socket: Option<Figure>,
    sockets: Option<Figure>,
    cores_per_cluster: Option<Figure>,
    clusters: Option<Figure>,
    max_mhz: Option<Figure>,
    flags: Option<(String, u64)>,
}

impl CoreType {
    /// Cores per socket and sockets; clusters stand in where firmware names no sockets.
    fn packages(&self) -> (Option<Figure>, Option<Figure>, bool) {
        match self.sockets {
            Some(_) => (self.cores_per_socket, self.sockets, false),
            None => (self.cores_per_cluster, self.clusters, true),
        }
    }

    /// The facts of a CPU with one core type.
    fn put(&self, sink: &mut FactSink) {
        if let Some((name, line)) = &self.model_name {
            sink.text("cpu.model_name", name.as_str(), *line);
        }
        put_count(sink, "cpu.threads_per_core", self.threads_per_core);
        let (per_package, packages, clusters) = self.packages();
        if clusters {
            for (key, figure) in [
                ("cpu.cores_per_socket", per_package),
                ("cpu.sockets", packages),
            ] {
                if let Some((value, line)) = figure {
                    sink.put_fallback(key, Value::Number(value), Unit::Count, (line, line));
                }
            }
        } else {
            put_count(sink, "cpu.cores_per_socket", per_package);
            put_count(sink, "cpu.sockets", packages);
        }
        if let Some((mhz, line)) = self.max_mhz {
            sink.number("cpu.max_mhz", mhz, Unit::Megahertz, line);
        }
    }

    /// Cores of this type: per package × packages.
    fn cores(&self) -> Option<f64> {
        let (per_package, packages, _) = self.packages();
        Some(per_package?.0 * packages?.0)
    }
}

/// A CPU with several core types: the model name lists them all, the fastest core's
/// maximum frequency stands for the CPU, and per-socket figures, which differ between
/// the types, are left out with a warning rather than taken from the first type.
fn put_heterogeneous(types: &[CoreType], sink: &mut FactSink) {
    let first_line = types
        .iter()
        .find_map(|t| t.model_name.as_ref().map(|(_, line)| *line))
        .unwrap_or(1);
    let described: Vec<String> = types
        .iter()
        .filter_map(|t| {
            let (name, _) = t.model_name.as_ref()?;
            Some(match t.cores() {
                Some(cores) => format!("{cores} × {name}"),
                None => name.clone(),
            })
        })
        .collect();
    sink.text("cpu.model_name", described.join(" + "), first_line);
    let threads: Vec<Figure> = types.iter().filter_map(|t| t.threads_per_core).collect();
    if threads.len() == types.len() && threads.iter().all(|(v, _)| *v == threads[0].0) {
        put_count(sink, "cpu.threads_per_core", threads.first().copied());
    }
    if let Some((mhz, line)) = types
        .iter()
        .filter_map(|t| t.max_mhz)
        .max_by(|a, b| a.0.total_cmp(&b.0))
    {
        sink.number("cpu.max_mhz", mhz, Unit::Megahertz, line);
    }
    sink.warn(
        first_line,
        format!(
            "{} core types ({}): cores per socket and sockets differ between them and are not given",
            types.len(),
            described.join(", ")
        ),
    );
}

fn put_count(sink: &mut FactSink, key: &str, figure: Option<Figure>) {
    if let Some((value, line)) = figure {
        sink.number(key, value, Unit::Count, line);
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
