//! The tool specs hold each tool's knowledge once: every parser names a spec and every
//! spec has a parser, the facts they list are catalogued, the fact catalog cites only their capture commands, and
//! every capture command a spec lists is cited.

use perfsage::parse::parsers;
use perfsage::tools::catalog::{BUNDLE_YAML, CatalogEntry, DERIVED, entries};
use perfsage::tools::{spec, specs};
use std::collections::HashSet;

/// Sources of catalog facts that are not tools: facts computed from other facts, and
/// what the consultant declares in bundle.yaml.
const NOT_TOOLS: [&str; 2] = [DERIVED, BUNDLE_YAML];

#[test]
fn every_parser_names_a_spec_and_every_spec_has_a_parser() {
    let mut ids = HashSet::new();
    for s in specs() {
        assert!(ids.insert(s.id), "two specs for {}", s.id);
        assert!(
            parsers().iter().any(|p| p.tool() == s.id),
            "{} has no parser",
            s.id
        );
    }
    for parser in parsers() {
        assert!(
            spec(parser.tool()).is_some(),
            "parser of {} has no spec",
            parser.tool()
        );
    }
    let mpstat = parsers().iter().filter(|p| p.tool() == "mpstat").count();
    assert_eq!(mpstat, 2, "mpstat's text and JSON parsers");
    assert!(spec("nonsense").is_none());
}

#[test]
fn every_fact_a_spec_lists_is_catalogued_once_and_every_entry_has_a_source() {
    let catalogued: HashSet<&str> = entries().map(|e| e.pattern).collect();
    let sources = [
        (
            DERIVED,
            perfsage::tools::catalog::other_sources::DERIVED_FACTS.to_vec(),
        ),
        (
            BUNDLE_YAML,
            perfsage::tools::catalog::other_sources::BUNDLE_YAML_FACTS.to_vec(),
        ),
    ];
    let specs = specs()
        .iter()
        .map(|s| (s.id, s.supplies().collect::<Vec<_>>()));
    for (id, facts) in specs.chain(sources) {
        assert!(!facts.is_empty(), "{id} lists no fact");
        let mut seen = HashSet::new();
        for pattern in &facts {
            assert!(
                catalogued.contains(pattern),
                "{id}: {pattern} is not in the catalog"
            );
            assert!(seen.insert(pattern), "{id} lists {pattern} twice");
        }
    }
    for e in entries() {
        assert!(!e.tools().is_empty(), "nothing supplies {}", e.pattern);
    }
}

/// The capture commands of the specs of `entry`'s tools.
fn captures_of(entry: &CatalogEntry) -> Vec<&'static str> {
    entry
        .tools()
        .iter()
        .filter_map(|t| spec(t))
        .flat_map(|s| s.captures.iter().copied())
        .collect()
}

#[test]
fn catalog_captures_come_from_the_specs() {
    let mut cited = HashSet::new();
    let strays: Vec<String> = entries()
        .filter(|e| !e.tools().iter().any(|t| NOT_TOOLS.contains(t)))
        .filter(|e| !captures_of(e).contains(&e.capture))
        .map(|e| format!("{} {:?}: {:?}", e.pattern, e.tools(), e.capture))
        .collect();
    assert!(
        strays.is_empty(),
        "catalog captures that are not captures of the entry's tools' specs:\n{}",
        strays.join("\n")
    );
    for e in entries() {
        cited.insert(e.capture);
    }
    for s in specs() {
        for capture in s.captures {
            assert!(
                cited.contains(capture),
                "{}: capture {capture:?} is cited by no catalog entry",
                s.id
            );
        }
    }
}

/// A fact one tool alone gives is catalogued in that tool's spec, and a fact several
/// sources give is catalogued in the catalog's domain files: adding a tool that gives
/// new facts touches its spec only, and a fact a second tool starts to give moves to
/// the shared catalog.
#[test]
fn a_fact_only_one_tool_gives_is_catalogued_in_its_spec() {
    let in_specs: HashSet<&str> = specs()
        .iter()
        .flat_map(|s| s.catalog.iter().map(|e| e.pattern))
        .collect();
    for s in specs() {
        for e in s.catalog {
            assert_eq!(
                e.tools(),
                [s.id],
                "{} is in the spec of {}",
                e.pattern,
                s.id
            );
        }
    }
    let single: Vec<&str> = entries()
        .filter(|e| !in_specs.contains(e.pattern))
        .filter(|e| matches!(e.tools(), [only] if !NOT_TOOLS.contains(only)))
        .map(|e| e.pattern)
        .collect();
    assert!(
        single.is_empty(),
        "only one tool gives these, so their entries belong in its spec: {single:?}"
    );
}
