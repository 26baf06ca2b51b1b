//! The fact catalog: every key perfsage knows, with unit, meaning, the tools that
//! supply it and the command that captures it. Parsers may only emit catalogued keys
//! (a test checks every fixture), rules are linted against it, and a rule that could
//! not run because a fact was missing tells the consultant what to capture next.
//!
//! A fact only one tool gives has its entry in that tool's spec (`crate::tools`); the
//! facts several sources give (several tools, derivations, bundle.yaml) have theirs
//! here, one file per domain; `entries()` chains both. Which tools supply an entry is
//! not written in it: each spec lists the patterns its parsers emit, `other_sources`
//! lists what the derivations and bundle.yaml give, and `tools()` gathers them. An entry's capture is one
//! of those specs' capture commands (tests/tools.rs holds it to that).

use crate::facts::Unit;
use serde::Serialize;
use serde::ser::SerializeStruct;
use std::collections::HashMap;
use std::sync::LazyLock;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Number,
    Text,
    Flag,
    Series,
}

#[derive(Debug)]
pub struct CatalogEntry {
    /// Dotted key; `<name>` stands for one label segment (a device, CPU, thread
    /// count), and a final `<name*>` for one or more segments (a sysctl name such as
    /// `kernel.numa_balancing`).
    pub pattern: &'static str,
    pub unit: Unit,
    pub kind: Kind,
    pub meaning: &'static str,
    /// What to run (or write) to get this fact: a capture of one of its tools' specs.
    pub capture: &'static str,
}

/// Where a fact comes from when no tool's output holds it.
pub const DERIVED: &str = "derived";
pub const BUNDLE_YAML: &str = "bundle.yaml";

impl CatalogEntry {
    /// What supplies the entry: the ids of the tool specs that list it, in spec order,
    /// then `derived` and `bundle.yaml` when those give it.
    pub fn tools(&self) -> &'static [&'static str] {
        SOURCES.get(self.pattern).map_or(&[], Vec::as_slice)
    }
}

/// Pattern → what supplies it, gathered once from the specs and the two lists of
/// facts that come from no tool.
static SOURCES: LazyLock<HashMap<&'static str, Vec<&'static str>>> = LazyLock::new(|| {
    let mut sources: HashMap<&'static str, Vec<&'static str>> = HashMap::new();
    let specs = crate::tools::specs()
        .iter()
        .flat_map(|s| s.supplies().map(move |pattern| (s.id, pattern)));
    let others = [
        (DERIVED, other_sources::DERIVED_FACTS),
        (BUNDLE_YAML, other_sources::BUNDLE_YAML_FACTS),
    ]
    .into_iter()
    .flat_map(|(source, patterns)| patterns.iter().map(move |&pattern| (source, pattern)));
    for (source, pattern) in specs.chain(others) {
        sources.entry(pattern).or_default().push(source);
    }
    sources
});

impl Serialize for CatalogEntry {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut entry = serializer.serialize_struct("CatalogEntry", 6)?;
        entry.serialize_field("pattern", self.pattern)?;
        entry.serialize_field("unit", &self.unit)?;
        entry.serialize_field("kind", &self.kind)?;
        entry.serialize_field("meaning", self.meaning)?;
        entry.serialize_field("tools", self.tools())?;
        entry.serialize_field("capture", self.capture)?;
        entry.end()
    }
}

/// `entry!(pattern, Unit, Kind, meaning, capture)`: one catalog line.
macro_rules! entry {
    ($pattern:expr, $unit:ident, $kind:ident, $meaning:expr, $capture:expr) => {
        $crate::tools::catalog::CatalogEntry {
            pattern: $pattern,
            unit: $crate::facts::Unit::$unit,
            kind: $crate::tools::catalog::Kind::$kind,
            meaning: $meaning,
            capture: $capture,
        }
    };
}
pub(crate) use entry;

/// Capture commands more than one domain cites.
pub(crate) mod commands {
    pub const BUNDLE_YAML: &str = "bundle.yaml next to the captures";
}

mod activity;
mod benchmark;
mod benchmark_sql;
mod bios;
mod cgroup;
mod cpu;
mod database;
mod disk;
mod host;
mod memory;
mod network_counters;
mod os;
pub mod other_sources;
mod paging;
mod perf;
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
    network_counters::ENTRIES,
    os::ENTRIES,
    activity::ENTRIES,
    paging::ENTRIES,
    cgroup::ENTRIES,
    process::ENTRIES,
    perf::ENTRIES,
    benchmark::ENTRIES,
    benchmark_sql::ENTRIES,
    database::ENTRIES,
];

/// All catalog entries: the facts several sources give, domain by domain, then each
/// tool's own facts from its spec.
pub fn entries() -> impl Iterator<Item = &'static CatalogEntry> {
    DOMAINS
        .iter()
        .flat_map(|d| d.iter())
        .chain(crate::tools::specs().iter().flat_map(|s| s.catalog.iter()))
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
        assert_eq!(lookup("cpu.busiest.util_pct").unwrap().tools(), &[DERIVED]);
        assert_eq!(
            lookup("disk.vdb.util_pct").unwrap().tools(),
            &["iostat", "proc-samples", "sar", "sadf", "nmon"],
            "in spec order"
        );
    }

    #[test]
    fn patterns_are_unique_and_documented() {
        let mut seen = std::collections::HashSet::new();
        for e in entries() {
            assert!(seen.insert(e.pattern), "duplicate {}", e.pattern);
            assert!(
                !e.meaning.is_empty() && !e.tools().is_empty() && !e.capture.is_empty(),
                "{}",
                e.pattern
            );
        }
    }
}
