//! The shipped cases replay to their expected diagnoses, and verification notices
//! when a diagnosis drifts from what a case expects.

use crate::support::*;
use perfsage::cases::Case;
use perfsage::cases::verify::verify_case;
use perfsage::knowledge::KnowledgeBase;

#[test]
fn every_shipped_case_verifies() {
    let kb = KnowledgeBase::builtin().unwrap();
    let cases = Case::discover(&root().join("cases")).unwrap();
    assert!(!cases.is_empty());
    for case in &cases {
        assert!(
            !case.reconstructed.trim().is_empty(),
            "{}: say what is reconstructed",
            case.id
        );
        for check in verify_case(case, &kb).unwrap() {
            assert!(
                check.differences.is_empty(),
                "{}/{}: {:#?}",
                check.case,
                check.bundle,
                check.differences
            );
        }
    }
}

#[test]
fn verification_reports_each_difference() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root().join("cases/greatdb-vm-cluster"), dir.path());
    let expected = std::fs::read_to_string(dir.path().join("expected.yaml")).unwrap();
    let wrong = expected
        .replace("bottleneck: storage", "bottleneck: cpu")
        .replace("bench.knee.threads: 256", "bench.knee.threads: 128")
        .replace(
            "quiet: [resource.cpu_saturated]",
            "quiet: [storage.disk_saturated]",
        );
    std::fs::write(dir.path().join("expected.yaml"), wrong).unwrap();
    let kb = KnowledgeBase::builtin().unwrap();
    let checks = verify_case(&Case::load(dir.path()).unwrap(), &kb).unwrap();
    let differences = &checks[0].differences;
    let on_db1: Vec<&String> = differences
        .iter()
        .filter(|d| d.starts_with("greatdb-db1:"))
        .collect();
    assert_eq!(on_db1.len(), 3, "{differences:#?}");
    assert!(on_db1[0].contains("bottleneck is storage, expected cpu"));
    assert!(
        on_db1
            .iter()
            .any(|d| d.contains("storage.disk_saturated fired but must stay quiet"))
    );
    assert!(
        on_db1
            .iter()
            .any(|d| d.contains("bench.knee.threads is 256, expected 128"))
    );
}

#[test]
fn the_knowledge_bases_measured_gains_are_what_the_case_chains_measure() {
    let out = perfsage(&["cases", "gains"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let shipped = std::fs::read_to_string(root().join("rules/measured-gains.yaml")).unwrap();
    assert_eq!(
        stdout(&out),
        shipped,
        "rules/measured-gains.yaml is out of date: perfsage cases gains > rules/measured-gains.yaml"
    );
    assert!(
        !KnowledgeBase::builtin().unwrap().measured.is_empty(),
        "the built-in knowledge base carries them"
    );
}
