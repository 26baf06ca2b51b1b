//! The facts of one host, keyed and sorted. The first source of a key wins; a later
//! source for the same key is kept as a conflict so the report can show it.

use super::{Fact, Provenance, Series, Value};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default)]
pub struct Facts {
    facts: BTreeMap<String, Fact>,
    conflicts: Vec<Conflict>,
}

/// A second source for a key that already had a value.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Conflict {
    pub key: String,
    pub kept: Provenance,
    pub ignored: Provenance,
    pub ignored_value: String,
}

impl Facts {
    /// Adds a fact unless the key is already known; returns whether it was added.
    pub fn insert(&mut self, fact: Fact) -> bool {
        if let Some(existing) = self.facts.get(&fact.key) {
            if existing.value != fact.value {
                self.conflicts.push(Conflict {
                    key: fact.key.clone(),
                    kept: existing.provenance.clone(),
                    ignored: fact.provenance,
                    ignored_value: fact.value.to_string(),
                });
            }
            return false;
        }
        self.facts.insert(fact.key.clone(), fact);
        true
    }

    /// Adds a fact from a secondary source (iostat's CPU figures where mpstat ran, a
    /// declared figure the captures measured) only where the key is still unknown:
    /// standing aside for the primary source is what it is for, not a conflict.
    pub fn insert_fallback(&mut self, fact: Fact) {
        self.facts.entry(fact.key.clone()).or_insert(fact);
    }

    /// Adds a derived fact, replacing nothing: derivations only fill gaps.
    pub fn derive(&mut self, fact: Fact) {
        self.facts.entry(fact.key.clone()).or_insert(fact);
    }

    pub fn get(&self, key: &str) -> Option<&Fact> {
        self.facts.get(key)
    }

    pub fn contains(&self, key: &str) -> bool {
        self.facts.contains_key(key)
    }

    pub fn number(&self, key: &str) -> Option<f64> {
        self.get(key)?.value.as_number()
    }

    pub fn text(&self, key: &str) -> Option<&str> {
        match &self.get(key)?.value {
            Value::Text(t) => Some(t),
            _ => None,
        }
    }

    pub fn flag(&self, key: &str) -> Option<bool> {
        match &self.get(key)?.value {
            Value::Flag(b) => Some(*b),
            _ => None,
        }
    }

    pub fn series(&self, key: &str) -> Option<&Series> {
        match &self.get(key)?.value {
            Value::Series(s) => Some(s),
            _ => None,
        }
    }

    /// Facts whose key starts with `prefix`, in key order.
    pub fn with_prefix<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = &'a Fact> + 'a {
        self.facts
            .range(prefix.to_string()..)
            .take_while(move |(k, _)| k.starts_with(prefix))
            .map(|(_, f)| f)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Fact> {
        self.facts.values()
    }

    pub fn len(&self) -> usize {
        self.facts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }

    pub fn conflicts(&self) -> &[Conflict] {
        &self.conflicts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::Unit;

    fn fact(key: &str, value: f64, file: &str) -> Fact {
        Fact {
            key: key.into(),
            value: Value::Number(value),
            unit: Unit::Percent,
            provenance: Provenance {
                file: file.into(),
                line: 1,
                line_end: 1,
                tool: "test".into(),
            },
        }
    }

    #[test]
    fn first_source_wins_and_conflicts_are_kept() {
        let mut facts = Facts::default();
        assert!(facts.insert(fact("cpu.util_pct", 30.0, "a")));
        assert!(!facts.insert(fact("cpu.util_pct", 40.0, "b")));
        assert_eq!(facts.number("cpu.util_pct"), Some(30.0));
        assert_eq!(facts.conflicts().len(), 1);
        assert_eq!(facts.conflicts()[0].ignored.file, "b");
    }

    #[test]
    fn prefix_lookup_is_ordered() {
        let mut facts = Facts::default();
        for key in [
            "disk.vdb.util_pct",
            "cpu.util_pct",
            "disk.vda.util_pct",
            "diskx",
        ] {
            facts.insert(fact(key, 1.0, "a"));
        }
        let keys: Vec<&str> = facts.with_prefix("disk.").map(|f| f.key.as_str()).collect();
        assert_eq!(keys, vec!["disk.vda.util_pct", "disk.vdb.util_pct"]);
    }
}
