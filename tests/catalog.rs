//! Parsers only emit catalogued facts: every fact of every fixture and every shipped
//! case has a catalog entry of the same kind and unit, so rules can be linted against
//! the catalog and "capture next" can always say what to run.

use crate::support::*;
use perfsage::bundle::Bundle;
use perfsage::bundle::host_facts::read_host;
use perfsage::facts::{Fact, Value};
use perfsage::tools::catalog::{DERIVED, Kind, lookup};
use std::collections::BTreeSet;
use std::path::Path;

fn kind(value: &Value) -> Kind {
    match value {
        Value::Number(_) => Kind::Number,
        Value::Flag(_) => Kind::Flag,
        Value::Text(_) => Kind::Text,
        Value::Series(_) => Kind::Series,
    }
}

fn check(fact: &Fact, origin: &Path, unlisted: &mut BTreeSet<String>) {
    let entry = lookup(&fact.key).unwrap_or_else(|| {
        panic!(
            "{}: fact {} is not in the catalog",
            origin.display(),
            fact.key
        )
    });
    assert_eq!(
        kind(&fact.value),
        entry.kind,
        "{}: {} has the wrong kind",
        origin.display(),
        fact.key
    );
    assert_eq!(
        fact.unit,
        entry.unit,
        "{}: {} has the wrong unit",
        origin.display(),
        fact.key
    );
    // The fact is listed by the spec of the tool that gave it (the exports of sysstat
    // files give sar's facts, so sadf's spec lists them too). Derived facts such as
    // cpu.busiest.* keep their input's tool, so those are not held to it.
    let tool = fact.provenance.tool.as_str();
    if !entry.tools().contains(&DERIVED) && !entry.tools().contains(&tool) {
        unlisted.insert(format!("{} does not list {tool}", entry.pattern));
    }
}

fn bundles_under(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.push(path);
        }
    }
}

#[test]
fn every_fact_from_every_fixture_is_catalogued() {
    let mut dirs = Vec::new();
    bundles_under(&root().join("fixtures"), &mut dirs);
    for case in std::fs::read_dir(root().join("cases")).unwrap() {
        bundles_under(&case.unwrap().path(), &mut dirs);
    }
    let mut checked = 0;
    let mut unlisted = BTreeSet::new();
    for dir in dirs {
        let Ok(bundle) = Bundle::open(&dir) else {
            continue;
        };
        for host in &bundle.hosts {
            let host = read_host(host);
            for fact in host.facts.iter() {
                check(fact, &dir, &mut unlisted);
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "only {checked} facts checked");
    assert!(
        unlisted.is_empty(),
        "facts whose catalog entry does not name the tool that gave them:\n{}",
        unlisted.into_iter().collect::<Vec<_>>().join("\n")
    );
}
