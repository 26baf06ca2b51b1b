//! Holds the built-in rule base to its own bar beyond passing tests (which
//! `authoring::every_built_in_rule_test_passes` runs): every rule has a test that
//! fires, one that stays quiet and one left unevaluated, and documents why it exists,
//! what it needs, how its advice is verified and rolled back and what trying it takes.

use perfsage::authoring::rule_tests::{Expect, parse_test_file};
use perfsage::knowledge::KnowledgeBase;
use std::collections::BTreeMap;

#[test]
fn every_built_in_rule_has_tests_that_fire_stay_quiet_and_go_unevaluated() {
    let kb = KnowledgeBase::builtin().unwrap();
    let mut expectations: BTreeMap<String, Vec<Expect>> = BTreeMap::new();
    for source in &kb.layers[0].tests {
        let (file, problems) = parse_test_file(source);
        assert!(problems.is_empty(), "{}: {problems:?}", source.path);
        let file = file.unwrap();
        expectations
            .entry(file.rule)
            .or_default()
            .extend(file.tests.iter().map(|t| t.expect));
    }
    for rule in &kb.rules.rules {
        let seen = expectations
            .get(&rule.meta.id)
            .unwrap_or_else(|| panic!("{} has no test file", rule.meta.id));
        for expect in [Expect::Fires, Expect::Quiet, Expect::NotEvaluated] {
            assert!(
                seen.contains(&expect),
                "{}: no test that {expect}",
                rule.meta.id
            );
        }
    }
}

#[test]
fn every_rule_documents_itself() {
    let kb = KnowledgeBase::builtin().unwrap();
    for rule in &kb.rules.rules {
        assert!(!rule.rationale.trim().is_empty(), "{}", rule.meta.id);
        assert!(
            !rule.meta.needs.is_empty(),
            "{} declares no needed facts",
            rule.meta.id
        );
        for key in &rule.meta.needs {
            assert!(
                perfsage::tools::catalog::lookup(key).is_some(),
                "{}: {key} not in the catalog",
                rule.meta.id
            );
        }
        if let Some(r) = &rule.meta.recommendation {
            assert!(
                !r.verify.is_empty() && !r.rollback.is_empty(),
                "{}",
                rule.meta.id
            );
            assert!(r.effort.is_some(), "{}: no effort", rule.meta.id);
        }
    }
}
