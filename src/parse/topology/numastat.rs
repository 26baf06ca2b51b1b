//! `numastat` (numactl package): where memory lives per NUMA node, for the system and
//! for processes. Case B checked a VM's placement with `numastat -s -p qemu`: its
//! memory had landed on node 2 while its vCPUs ran on host cores 48–95.
//!
//! Without options numastat prints the kernel's per-node allocation counters in pages,
//! in the layout of the old Perl script:
//!
//! ```text
//!                            node0           node1
//! numa_hit               125341750        98234511
//! numa_miss                      0          120332
//! numa_foreign              120332               0
//! interleave_hit              1129            1102
//! local_node             125340215        98230107
//! other_node                  1535          124736
//! ```
//!
//! With options it prints titled tables in MB with a `Total` column: `-n` (the same
//! counters), `-m` (per-node meminfo), and `-p <pid>|<pattern>` (process memory; one
//! matching process gets a breakdown, several get one row each, `-s` sorts them):
//!
//! ```text
//! Per-node process memory usage (in MBs) for PID 8615 (postgres)
//!                            Node 0           Total
//!                   --------------- ---------------
//! Huge                         0.00            0.00
//! Heap                         0.68            0.68
//! Stack                        0.03            0.03
//! Private                     28.95           28.95
//! ----------------  --------------- ---------------
//! Total                       29.66           29.66
//!
//! Per-node process memory usage (in MBs)
//! PID                        Node 0          Node 1          Node 2          Node 3           Total
//! ----------------  --------------- --------------- --------------- --------------- ---------------
//! 23817 (qemu-kvm)           171.27           12.04       131338.77           61.38       131583.46
//! ----------------  --------------- --------------- --------------- --------------- ---------------
//! Total                      171.27           12.04       131338.77           61.38       131583.46
//! ```
//!
//! On a terminal narrower than the table numastat folds it: after a blank line the
//! remaining columns follow under a new header, so columns are always taken from the
//! latest header. `-c` prints the same tables with whole numbers.
//!
//! Facts, per node: `numa.<node>.{numa_hit,numa_miss,numa_foreign,interleave_hit,
//! local_node,other_node}` (pages; `_mib` with `-n`), `numa.<node>.miss_pct` (misses
//! among allocations served by the node) and `numa.<node>.other_node_pct` (its
//! allocations made for processes running elsewhere), `numa.<node>.*_mib` from `-m`.
//! Per process name (all processes of that name added up): `proc.<name>.mem_mib`,
//! `proc.<name>.numa.<node>.mem_mib`, `proc.<name>.processes`, `proc.<name>.huge_mib`
//! (breakdown only), and where its memory sits: `proc.<name>.numa.largest_node`,
//! `proc.<name>.numa.largest_node_share_pct` and `proc.<name>.numa.nodes_used` (nodes
//! holding at least 5 % of it). With several processes of one name those three
//! describe the worst-placed one (lowest share), so one well-placed VM cannot hide a
//! badly placed one.

use crate::facts::{Unit, Value};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::{parse_f64, parse_u64};
use std::collections::BTreeMap;

pub struct Numastat;

const PROCESS_TITLE: &str = "Per-node process memory usage (in MBs)";
const SYSTEM_TITLE: &str = "Per-node system memory usage (in MBs):";
const COUNTERS_TITLE: &str = "Per-node numastat info (in MBs):";

/// A node must hold this share of a process's memory to count as used by it.
const NODE_USED_PCT: f64 = 5.0;
/// Bounds what a corrupt or enormous capture can make us hold.
const MAX_COLUMNS: usize = 1024;
const MAX_PROCESSES: usize = 100_000;

/// The allocation counters, as numastat names them without options and with `-n`.
const COUNTERS: [(&str, &str); 6] = [
    ("numa_hit", "Numa_Hit"),
    ("numa_miss", "Numa_Miss"),
    ("numa_foreign", "Numa_Foreign"),
    ("interleave_hit", "Interleave_Hit"),
    ("local_node", "Local_Node"),
    ("other_node", "Other_Node"),
];

/// `-m` rows that become facts, with the key they get.
const SYSTEM_ROWS: [(&str, &str); 8] = [
    ("MemTotal", "mem_total_mib"),
    ("MemFree", "mem_free_mib"),
    ("MemUsed", "mem_used_mib"),
    ("FilePages", "file_pages_mib"),
    ("AnonPages", "anon_pages_mib"),
    ("AnonHugePages", "anon_huge_mib"),
    ("HugePages_Total", "hugepages_total_mib"),
    ("HugePages_Free", "hugepages_free_mib"),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    /// No options: counters in pages, `nodeN` headers.
    Counters,
    /// `-n`: counters in MB.
    CountersMb,
    /// `-m`.
    System,
    /// `-p` with one process (or `-v`): a breakdown table for this PID.
    OneProcess(u64),
    /// `-p` with several processes: one row per PID.
    ProcessRows,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    Node(u64),
    Total,
}

/// What one process holds, gathered over folded table sections.
#[derive(Default)]
struct Process {
    name: String,
    nodes: BTreeMap<u64, f64>,
    total: Option<f64>,
    huge: Option<f64>,
    first_line: u64,
    last_line: u64,
}

impl Process {
    fn seen_at(&mut self, line: u64) {
        if self.first_line == 0 {
            self.first_line = line;
        }
        self.last_line = line;
    }

    fn total(&self) -> f64 {
        self.total.unwrap_or_else(|| self.nodes.values().sum())
    }

    /// (largest node, its share in percent, nodes holding ≥ 5 %), if it holds memory.
    fn placement(&self) -> Option<(u64, f64, usize)> {
        let sum: f64 = self.nodes.values().sum();
        if sum <= 0.0 {
            return None;
        }
        let (node, largest) = self
            .nodes
            .iter()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map(|(n, v)| (*n, *v))?;
        let used = self
            .nodes
            .values()
            .filter(|v| **v * 100.0 / sum >= NODE_USED_PCT)
            .count();
        Some((node, largest * 100.0 / sum, used))
    }
}

#[derive(Default)]
struct State {
    section: Option<Section>,
    columns: Vec<Column>,
    /// (node, counter) → (value, line), for the derived percentages.
    counters: BTreeMap<(u64, &'static str), (f64, u64)>,
    processes: BTreeMap<u64, Process>,
    facts: usize,
}

/// The columns of a header line, or `None` if it is not one.
fn header_columns(text: &str) -> Option<(Vec<Column>, bool)> {
    let mut tokens = text.split_whitespace().peekable();
    let pid_header = tokens.peek() == Some(&"PID");
    if pid_header {
        tokens.next();
    }
    let mut columns = Vec::new();
    while let Some(token) = tokens.next() {
        if columns.len() >= MAX_COLUMNS {
            return None;
        }
        if token == "Total" {
            columns.push(Column::Total);
        } else if token == "Node" {
            columns.push(Column::Node(parse_u64(tokens.next()?.as_bytes())?));
        } else if let Some(n) = token.strip_prefix("node") {
            columns.push(Column::Node(parse_u64(n.as_bytes())?));
        } else {
            return None;
        }
    }
    (!columns.is_empty()).then_some((columns, pid_header))
}

fn is_rule(text: &str) -> bool {
    text.bytes().all(|b| b == b'-' || b == b' ') && text.contains('-')
}

/// `... for PID 8615 (postgres)` → (8615, "postgres").
fn title_process(rest: &str) -> Option<(u64, &str)> {
    let rest = rest.trim().strip_prefix("for PID ")?;
    let (pid, name) = rest.split_once(' ')?;
    let name = name.trim().strip_prefix('(')?.strip_suffix(')')?;
    Some((parse_u64(pid.as_bytes())?, name))
}

/// `23817 (qemu-kvm)` → (23817, "qemu-kvm").
fn row_process(label: &str) -> Option<(u64, &str)> {
    let (pid, name) = label.split_once(' ')?;
    let name = name.trim().strip_prefix('(')?.strip_suffix(')')?;
    Some((parse_u64(pid.as_bytes())?, name))
}

/// A process name as one key segment.
fn label(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| if matches!(c, '.' | ' ' | '/') { '_' } else { c })
        .collect();
    if cleaned.is_empty() {
        "unknown".into()
    } else {
        cleaned
    }
}

impl CaptureParser for Numastat {
    fn tool(&self) -> &'static str {
        "numastat"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut previous_was_node_header = false;
        for line in head.lines().take(400) {
            let text = line.trim();
            if text.starts_with(PROCESS_TITLE) || text == SYSTEM_TITLE || text == COUNTERS_TITLE {
                return Some(95);
            }
            if previous_was_node_header && text.starts_with("numa_hit ") {
                return Some(95);
            }
            previous_was_node_header =
                text.starts_with("node") && header_columns(text).is_some_and(|(_, pid)| !pid);
        }
        None
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut state = State::default();
        while let Some(line) = lines.next_line()? {
            let n = line.number;
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            if text.is_empty() || is_rule(text) || text.starts_with("Token ") {
                continue;
            }
            if let Some(rest) = text.strip_prefix(PROCESS_TITLE) {
                state.columns.clear();
                state.section = Some(match title_process(rest) {
                    Some((pid, name)) => {
                        if state.processes.len() < MAX_PROCESSES {
                            state.processes.entry(pid).or_default().name = name.to_string();
                        }
                        Section::OneProcess(pid)
                    }
                    None => Section::ProcessRows,
                });
                continue;
            }
            if text == SYSTEM_TITLE || text == COUNTERS_TITLE {
                state.columns.clear();
                state.section = Some(if text == SYSTEM_TITLE {
                    Section::System
                } else {
                    Section::CountersMb
                });
                continue;
            }
            if let Some((columns, _)) = header_columns(text) {
                if state.section.is_none() && text.starts_with("node") {
                    state.section = Some(Section::Counters);
                }
                state.columns = columns;
                continue;
            }
            let (Some(section), false) = (state.section, state.columns.is_empty()) else {
                continue;
            };
            if line.cut_off {
                sink.warn(n, "last row is cut off (truncated file); ignored");
                continue;
            }
            read_row(&mut state, section, text, n, sink);
        }
        emit_counter_shares(&state, sink);
        let process_facts = emit_processes(&state, sink);
        if state.facts + process_facts == 0 {
            return Err(ParseError::whole_file("no numastat table rows found"));
        }
        Ok(())
    }
}

/// One data row: a label, then one value per column of the latest header.
fn read_row(state: &mut State, section: Section, text: &str, n: u64, sink: &mut FactSink) {
    let tokens: Vec<&str> = text.split_whitespace().take(MAX_COLUMNS + 64).collect();
    let width = state.columns.len();
    if tokens.len() <= width {
        sink.warn(
            n,
            format!(
                "row has {} fields, expected a label and {width} values",
                tokens.len()
            ),
        );
        return;
    }
    let (label_tokens, value_tokens) = tokens.split_at(tokens.len() - width);
    let mut values = Vec::with_capacity(width);
    for raw in value_tokens {
        match parse_f64(raw.as_bytes()) {
            Some(v) => values.push(v),
            None => {
                sink.warn(n, format!("`{raw}` is not a number; row ignored"));
                return;
            }
        }
    }
    let row_label = label_tokens.join(" ");
    let cells = state.columns.iter().copied().zip(values);
    match section {
        Section::Counters | Section::CountersMb => {
            let Some((key, _)) = COUNTERS
                .iter()
                .find(|(plain, titled)| row_label == *plain || row_label == *titled)
            else {
                return;
            };
            for (column, value) in cells {
                let Column::Node(node) = column else { continue };
                let (name, unit) = if section == Section::Counters {
                    (format!("numa.{node}.{key}"), Unit::Count)
                } else {
                    (format!("numa.{node}.{key}_mib"), Unit::Mebibytes)
                };
                sink.number(name, value, unit, n);
                state.counters.insert((node, key), (value, n));
                state.facts += 1;
            }
        }
        Section::System => {
            let Some((_, key)) = SYSTEM_ROWS.iter().find(|(row, _)| row_label == *row) else {
                return;
            };
            for (column, value) in cells {
                let Column::Node(node) = column else { continue };
                let fact = format!("numa.{node}.{key}");
                let lines = (n, n);
                // numactl --hardware is the usual source of node sizes; these agree
                // with it to the megabyte and only fill in when it is missing.
                if matches!(*key, "mem_total_mib" | "mem_free_mib") {
                    sink.put_fallback(fact, Value::Number(value), Unit::Mebibytes, lines);
                } else {
                    sink.put(fact, Value::Number(value), Unit::Mebibytes, lines);
                }
                state.facts += 1;
            }
        }
        Section::OneProcess(pid) => {
            let Some(process) = state.processes.get_mut(&pid) else {
                return;
            };
            match row_label.as_str() {
                "Total" => {
                    process.seen_at(n);
                    for (column, value) in cells {
                        match column {
                            Column::Node(node) => {
                                process.nodes.insert(node, value);
                            }
                            Column::Total => process.total = Some(value),
                        }
                    }
                }
                "Huge" => {
                    process.seen_at(n);
                    for (column, value) in cells {
                        if column == Column::Total {
                            process.huge = Some(value);
                        }
                    }
                }
                _ => {}
            }
        }
        Section::ProcessRows => {
            let Some((pid, name)) = row_process(&row_label) else {
                return;
            };
            if !state.processes.contains_key(&pid) && state.processes.len() >= MAX_PROCESSES {
                return;
            }
            let process = state.processes.entry(pid).or_default();
            process.name = name.to_string();
            process.seen_at(n);
            for (column, value) in cells {
                match column {
                    Column::Node(node) => {
                        process.nodes.insert(node, value);
                    }
                    Column::Total => process.total = Some(value),
                }
            }
        }
    }
}

/// `numa.<node>.miss_pct` and `numa.<node>.other_node_pct` from the counters.
fn emit_counter_shares(state: &State, sink: &mut FactSink) {
    let nodes: Vec<u64> = {
        let mut v: Vec<u64> = state.counters.keys().map(|(node, _)| *node).collect();
        v.dedup();
        v
    };
    let share = |node: u64, part: &'static str, other: &'static str| {
        let (p, pl) = *state.counters.get(&(node, part))?;
        let (o, ol) = *state.counters.get(&(node, other))?;
        (p + o > 0.0).then(|| (p * 100.0 / (p + o), (pl.min(ol), pl.max(ol))))
    };
    for node in nodes {
        if let Some((pct, lines)) = share(node, "numa_miss", "numa_hit") {
            sink.put(
                format!("numa.{node}.miss_pct"),
                Value::Number(pct),
                Unit::Percent,
                lines,
            );
        }
        if let Some((pct, lines)) = share(node, "other_node", "local_node") {
            sink.put(
                format!("numa.{node}.other_node_pct"),
                Value::Number(pct),
                Unit::Percent,
                lines,
            );
        }
    }
}

/// Per-name process facts; returns how many were emitted.
fn emit_processes(state: &State, sink: &mut FactSink) -> usize {
    let mut by_name: BTreeMap<String, Vec<&Process>> = BTreeMap::new();
    for process in state.processes.values().filter(|p| p.first_line > 0) {
        by_name
            .entry(label(&process.name))
            .or_default()
            .push(process);
    }
    let mut emitted = 0;
    for (name, processes) in by_name {
        let first = processes.iter().map(|p| p.first_line).min().unwrap_or(0);
        let last = processes.iter().map(|p| p.last_line).max().unwrap_or(first);
        let lines = (first, last);
        let mut put = |key: String, value: Value, unit: Unit, lines: (u64, u64)| {
            sink.put(key, value, unit, lines);
            emitted += 1;
        };
        let mut per_node: BTreeMap<u64, f64> = BTreeMap::new();
        for process in &processes {
            for (node, value) in &process.nodes {
                *per_node.entry(*node).or_default() += value;
            }
        }
        for (node, value) in per_node {
            put(
                format!("proc.{name}.numa.{node}.mem_mib"),
                Value::Number(value),
                Unit::Mebibytes,
                lines,
            );
        }
        let total: f64 = processes.iter().map(|p| p.total()).sum();
        put(
            format!("proc.{name}.mem_mib"),
            Value::Number(total),
            Unit::Mebibytes,
            lines,
        );
        put(
            format!("proc.{name}.processes"),
            Value::Number(processes.len() as f64),
            Unit::Count,
            lines,
        );
        if processes.iter().all(|p| p.huge.is_some()) {
            let huge: f64 = processes.iter().filter_map(|p| p.huge).sum();
            put(
                format!("proc.{name}.huge_mib"),
                Value::Number(huge),
                Unit::Mebibytes,
                lines,
            );
        }
        let worst = processes
            .iter()
            .filter_map(|p| p.placement().map(|placement| (placement, p)))
            .min_by(|a, b| a.0.1.total_cmp(&b.0.1));
        if let Some(((node, share, used), process)) = worst {
            let at = (process.first_line, process.last_line);
            put(
                format!("proc.{name}.numa.largest_node"),
                Value::Text(node.to_string()),
                Unit::None,
                at,
            );
            put(
                format!("proc.{name}.numa.largest_node_share_pct"),
                Value::Number(share),
                Unit::Percent,
                at,
            );
            put(
                format!("proc.{name}.numa.nodes_used"),
                Value::Number(used as f64),
                Unit::Count,
                at,
            );
        }
    }
    emitted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_name_their_columns() {
        let (c, pid) = header_columns("PID   Node 0   Node 2   Total").unwrap();
        assert!(pid);
        assert!(c == vec![Column::Node(0), Column::Node(2), Column::Total]);
        let (c, pid) = header_columns("node0 node1").unwrap();
        assert!(!pid);
        assert_eq!(c.len(), 2);
        assert!(header_columns("numa_hit 12 13").is_none());
        assert!(header_columns("Node x Total").is_none());
    }

    #[test]
    fn process_labels() {
        assert_eq!(row_process("23817 (qemu-kvm)"), Some((23817, "qemu-kvm")));
        assert_eq!(row_process("12 (Web Content)"), Some((12, "Web Content")));
        assert_eq!(row_process("Total"), None);
        assert_eq!(
            title_process(" for PID 8 (postgres)"),
            Some((8, "postgres"))
        );
        assert_eq!(label("Web Content.x/y"), "Web_Content_x_y");
    }
}
