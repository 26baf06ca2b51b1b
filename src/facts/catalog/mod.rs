//! The fact catalog: every key perfsage knows, with unit, meaning, the tools that
//! supply it and the command that captures it. Parsers may only emit catalogued keys
//! (a test checks every fixture), rules are linted against it, and a rule that could
//! not run because a fact was missing tells the consultant what to capture next.
//!
//! Entries live in one file per domain; `entries()` chains them. An entry's tools are
//! tool spec ids (`crate::tools`), or `derived` / `bundle.yaml`, and its capture is one
//! of those specs' capture commands (tests/tools.rs holds both to that).

use super::Unit;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Number,
    Text,
    Flag,
    Series,
}

#[derive(Debug, Serialize)]
pub struct CatalogEntry {
    /// Dotted key; `<name>` stands for one label segment (a device, CPU, thread
    /// count), and a final `<name*>` for one or more segments (a sysctl name such as
    /// `kernel.numa_balancing`).
    pub pattern: &'static str,
    pub unit: Unit,
    pub kind: Kind,
    pub meaning: &'static str,
    /// Spec ids of the tools that supply it, or `derived`, `bundle.yaml`.
    pub tools: &'static [&'static str],
    /// What to run (or write) to get this fact: a capture of one of its tools' specs.
    pub capture: &'static str,
}

/// `entry!(pattern, Unit, Kind, meaning, [tools], capture)`: one catalog line.
macro_rules! entry {
    ($pattern:expr, $unit:ident, $kind:ident, $meaning:expr, [$($tool:expr),*], $capture:expr) => {
        $crate::facts::catalog::CatalogEntry {
            pattern: $pattern,
            unit: $crate::facts::Unit::$unit,
            kind: $crate::facts::catalog::Kind::$kind,
            meaning: $meaning,
            tools: &[$($tool),*],
            capture: $capture,
        }
    };
}

/// Capture commands more than one domain cites.
mod commands {
    pub const BUNDLE_YAML: &str = "bundle.yaml next to the captures";
}

mod activity;
mod benchmark;
mod benchmark_sql;
mod bios;
mod build;
mod cgroup;
mod cpu;
mod database;
mod disk;
mod host;
mod kernel_log;
mod memory;
mod network;
mod network_counters;
mod os;
mod paging;
mod perf;
mod perf_annotate;
mod perf_counters;
mod process;
mod topology;

/// Every domain's entries.
const DOMAINS: &[&[CatalogEntry]] = &[
    host::ENTRIES,
    bios::ENTRIES,
    cpu::ENTRIES,
    topology::ENTRIES,
    memory::ENTRIES,
    disk::ENTRIES,
    network::ENTRIES,
    network_counters::ENTRIES,
    os::ENTRIES,
    kernel_log::ENTRIES,
    activity::ENTRIES,
    paging::ENTRIES,
    cgroup::ENTRIES,
    process::ENTRIES,
    build::ENTRIES,
    perf::ENTRIES,
    perf_counters::ENTRIES,
    perf_annotate::ENTRIES,
    benchmark::ENTRIES,
    benchmark_sql::ENTRIES,
    database::ENTRIES,
];

/// All catalog entries, domain by domain.
pub fn entries() -> impl Iterator<Item = &'static CatalogEntry> {
    DOMAINS.iter().flat_map(|d| d.iter())
}

/// The catalog entry a concrete key matches, if any; a literal segment beats a label,
/// so `cpu.busiest.util_pct` is not read as CPU number "busiest".
pub fn lookup(key: &str) -> Option<&'static CatalogEntry> {
    let first = key.split('.').next().unwrap_or(key);
    entries()
        .filter(|e| may_start_with(e.pattern, first) && pattern_matches(e.pattern, key))
        .min_by_key(|e| e.pattern.matches('<').count())
}

/// Whether `pattern`'s first segment can be `first`: a quick test that passes over
/// most of the catalog before the segment by segment match (the catalog is looked up
/// for every fact a rule missed, several hundred entries each time).
fn may_start_with(pattern: &str, first: &str) -> bool {
    pattern.starts_with('<')
        || pattern
            .strip_prefix(first)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

fn pattern_matches(pattern: &str, key: &str) -> bool {
    let mut p = pattern.split('.');
    let mut k = key.split('.');
    loop {
        match (p.next(), k.next()) {
            (None, None) => return true,
            (Some(ps), Some(ks)) => {
                if ps.starts_with('<') && ps.ends_with("*>") {
                    return !ks.is_empty() && k.all(|rest| !rest.is_empty());
                }
                let label = ps.starts_with('<') && ps.ends_with('>');
                if !(ks == ps || (label && !ks.is_empty())) {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_match_one_segment() {
        assert_eq!(
            lookup("disk.vdb.util_pct").unwrap().pattern,
            "disk.<dev>.util_pct"
        );
        assert_eq!(lookup("cpu.util_pct").unwrap().pattern, "cpu.util_pct");
        assert_eq!(
            lookup("disk.busiest.name").unwrap().pattern,
            "disk.busiest.name"
        );
        assert_eq!(
            lookup("bench.scale.256.tps").unwrap().pattern,
            "bench.scale.<threads>.tps"
        );
        assert!(lookup("disk.vdb.sdb.util_pct").is_none());
        assert!(lookup("nonsense").is_none());
    }

    #[test]
    fn a_final_star_label_takes_the_rest_of_the_key() {
        assert!(pattern_matches(
            "sysctl.<name*>",
            "sysctl.kernel.numa_balancing"
        ));
        assert!(pattern_matches("sysctl.<name*>", "sysctl.vm"));
        assert!(!pattern_matches("sysctl.<name*>", "sysctl"));
        assert!(!pattern_matches("sysctl.<name*>", "sysctl.kernel..x"));
    }

    #[test]
    fn specific_entries_come_before_label_patterns() {
        assert_eq!(lookup("cpu.busiest.util_pct").unwrap().kind, Kind::Series);
        assert_eq!(lookup("cpu.busiest.util_pct").unwrap().tools, &["derived"]);
    }

    #[test]
    fn patterns_are_unique_and_documented() {
        let mut seen = std::collections::HashSet::new();
        for e in entries() {
            assert!(seen.insert(e.pattern), "duplicate {}", e.pattern);
            assert!(
                !e.meaning.is_empty() && !e.tools.is_empty() && !e.capture.is_empty(),
                "{}",
                e.pattern
            );
        }
    }
}
