//! `numactl --hardware` (`-H`): the NUMA nodes, their CPUs and memory, and the distance
//! matrix. Binding advice ("keep the database and its memory in one node", "a 48-vCPU
//! VM on a 48-core socket") starts from this picture.
//!
//! ```text
//! available: 4 nodes (0-3)
//! node 0 cpus: 0 1 2 3 … 31
//! node 0 size: 128662 MB
//! node 0 free: 120033 MB
//! …
//! node distances:
//! node   0   1   2   3
//!   0:  10  12  20  22
//!   1:  12  10  22  24
//!   2:  20  22  10  12
//!   3:  22  24  12  10
//! ```
//!
//! Facts: `cpu.numa_nodes`, `cpu.numa.<node>.cpus` (written as lscpu writes CPU lists,
//! `0-23,48-71`, so both sources agree), `numa.<node>.mem_total_mib`,
//! `numa.<node>.mem_free_mib` and `numa.distance.<from>.<to>` (10 = local).

use crate::facts::Unit;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::cpu_list::format_cpu_list;
use crate::text::fields::fields;
use crate::text::number::{parse_f64, parse_u64};

pub struct Numactl;

/// More nodes than any machine has; bounds what a corrupt file can make us hold.
const MAX_NODES: usize = 1024;

/// `node <n> <what>: <rest>` → (n, what, rest).
fn node_line(text: &str) -> Option<(&str, &str, &str)> {
    let rest = text.strip_prefix("node ")?;
    let (node, rest) = rest.split_once(' ')?;
    let (what, value) = rest.split_once(':')?;
    (!node.is_empty() && node.bytes().all(|b| b.is_ascii_digit())).then_some((
        node,
        what.trim(),
        value.trim(),
    ))
}

impl CaptureParser for Numactl {
    fn tool(&self) -> &'static str {
        "numactl"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let first = head.lines().map(str::trim).find(|l| !l.is_empty())?;
        let available = first
            .strip_prefix("available: ")
            .is_some_and(|rest| rest.contains(" nodes (") || rest.contains(" node ("));
        (available || first == "No NUMA available on this system").then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut facts = 0usize;
        let mut distance_columns: Option<Vec<u64>> = None;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim_end();
            let n = line.number;
            if line.cut_off {
                sink.warn_cut_off(n);
                break;
            }
            if text.trim() == "No NUMA available on this system" {
                return Err(ParseError::at(
                    n,
                    "numactl says the system has no NUMA support",
                ));
            }
            if let Some(rest) = text.strip_prefix("available: ") {
                if let Some(count) = rest
                    .split_whitespace()
                    .next()
                    .and_then(|c| parse_u64(c.as_bytes()))
                {
                    sink.number("cpu.numa_nodes", count as f64, Unit::Count, n);
                    facts += 1;
                }
                continue;
            }
            if text.starts_with("node distances:") {
                continue;
            }
            if let Some(header) = text.strip_prefix("node ")
                && header.starts_with(' ')
            {
                // `node   0   1   2   3`: the distance matrix's column header.
                let columns: Option<Vec<u64>> = fields(header.as_bytes())
                    .take(MAX_NODES)
                    .map(parse_u64)
                    .collect();
                distance_columns = columns;
                continue;
            }
            if let Some((node, what, value)) = node_line(text) {
                match what {
                    "cpus" => {
                        let cpus: Vec<u64> = fields(value.as_bytes())
                            .filter_map(parse_u64)
                            .take(1 << 16)
                            .collect();
                        if !cpus.is_empty() {
                            sink.text(format!("cpu.numa.{node}.cpus"), format_cpu_list(&cpus), n);
                            facts += 1;
                        }
                    }
                    "size" | "free" => match megabytes(value) {
                        Some(mb) => {
                            let key = if what == "size" {
                                "mem_total_mib"
                            } else {
                                "mem_free_mib"
                            };
                            sink.number(format!("numa.{node}.{key}"), mb, Unit::Mebibytes, n);
                            facts += 1;
                        }
                        None => {
                            sink.warn(n, format!("node {node} {what}: `{value}` is not `<n> MB`"))
                        }
                    },
                    _ => {}
                }
                continue;
            }
            if let (Some(columns), Some((from, row))) =
                (&distance_columns, text.trim_start().split_once(':'))
                && !from.is_empty()
                && from.bytes().all(|b| b.is_ascii_digit())
            {
                let values: Vec<&[u8]> = fields(row.as_bytes()).take(MAX_NODES + 1).collect();
                if values.len() != columns.len() {
                    sink.warn(
                        n,
                        format!(
                            "distance row has {} values for {} nodes; ignored",
                            values.len(),
                            columns.len()
                        ),
                    );
                    continue;
                }
                for (to, raw) in columns.iter().zip(values) {
                    if let Some(d) = parse_f64(raw) {
                        sink.number(format!("numa.distance.{from}.{to}"), d, Unit::None, n);
                        facts += 1;
                    }
                }
            }
        }
        if facts == 0 {
            return Err(ParseError::whole_file(
                "no node lines of `numactl --hardware` found",
            ));
        }
        Ok(())
    }
}

fn megabytes(value: &str) -> Option<f64> {
    let number = value.strip_suffix("MB")?.trim();
    parse_f64(number.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_lists_read_like_lscpu() {
        assert_eq!(format_cpu_list(&[0, 1]), "0,1");
        assert_eq!(format_cpu_list(&[0, 1, 2, 3]), "0-3");
        assert_eq!(format_cpu_list(&[48, 49, 50, 0, 1, 2, 5]), "0-2,5,48-50");
        assert_eq!(format_cpu_list(&[]), "");
    }
}
