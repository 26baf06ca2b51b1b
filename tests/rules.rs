//! Rule tests: facts in, outcome out. Each built-in rule fires on the evidence it was
//! written for, stays quiet when the evidence says otherwise, and is not evaluated
//! when the facts it needs are missing.

use crate::support::*;
use perfsage::facts::{Facts, Value};
use perfsage::knowledge::KnowledgeBase;
use perfsage::rules::{Finding, Outcome, Severity};
use std::rc::Rc;

fn outcome(rule: &str, facts: &Rc<Facts>) -> Outcome {
    let kb = KnowledgeBase::builtin().expect("built-in rules load");
    let rule = kb
        .rules
        .get(rule)
        .unwrap_or_else(|| panic!("no rule {rule}"));
    kb.engine.evaluate(rule, facts)
}

fn fires(rule: &str, facts: &Rc<Facts>) -> Vec<Finding> {
    match outcome(rule, facts) {
        Outcome::Fired { findings } => {
            for f in &findings {
                assert!(!f.evidence.is_empty(), "{rule} fired without evidence");
            }
            findings
        }
        other => panic!("{rule} should fire, got {other:?}"),
    }
}

fn quiet(rule: &str, facts: &Rc<Facts>) {
    match outcome(rule, facts) {
        Outcome::Quiet => {}
        other => panic!("{rule} should stay quiet, got {other:?}"),
    }
}

fn not_evaluated(rule: &str, facts: &Rc<Facts>, missing: &str) {
    match outcome(rule, facts) {
        Outcome::NotEvaluated { missing: m } => assert!(m.contains(&missing.to_string()), "{m:?}"),
        other => panic!("{rule} should not be evaluated, got {other:?}"),
    }
}

fn cited(finding: &Finding) -> Vec<&str> {
    finding.evidence.iter().map(|e| e.key.as_str()).collect()
}

#[test]
fn cpu_saturated() {
    let busy = facts(&[("cpu.util_pct", series(&[95.0, 97.0, 99.0]))]);
    let f = &fires("resource.cpu_saturated", &busy)[0];
    assert_eq!(f.severity, Severity::High);
    assert_eq!(cited(f), vec!["cpu.util_pct"]);
    assert_eq!(f.evidence[0].location(), "facts.txt:1");
    quiet(
        "resource.cpu_saturated",
        &facts(&[("cpu.util_pct", series(&[40.0, 50.0, 60.0]))]),
    );
    not_evaluated("resource.cpu_saturated", &facts(&[]), "cpu.util_pct");
}

#[test]
fn cpu_headroom() {
    let low = facts(&[("cpu.util_pct", series(&[10.0, 20.0, 35.0]))]);
    let f = &fires("resource.cpu_headroom", &low)[0];
    assert!(f.summary.contains("between 10 % and 35 %"), "{}", f.summary);
    quiet(
        "resource.cpu_headroom",
        &facts(&[("cpu.util_pct", series(&[80.0, 85.0]))]),
    );
    // One pegged CPU can limit a single-threaded bottleneck: no "headroom" then.
    let pegged = facts(&[
        ("cpu.util_pct", series(&[30.0, 30.0])),
        ("cpu.busiest.util_pct", series(&[99.0, 98.0])),
    ]);
    quiet("resource.cpu_headroom", &pegged);
    not_evaluated("resource.cpu_headroom", &facts(&[]), "cpu.util_pct");
}

fn disk_facts(disk: f64, cpu: f64, virtualized: Option<bool>) -> Rc<Facts> {
    let mut entries = vec![
        ("disk.busiest.name", text("vdb")),
        ("disk.busiest.util_pct", series(&[disk, disk])),
        ("disk.vdb.aqu_sz", series(&[30.0, 34.0])),
        ("cpu.util_pct", series(&[cpu, cpu])),
    ];
    if let Some(vm) = virtualized {
        entries.push(("host.virtualized", flag(vm)));
    }
    facts(&entries)
}

#[test]
fn disk_saturated() {
    let f = &fires("storage.disk_saturated", &disk_facts(99.0, 30.0, None))[0];
    assert_eq!(
        f.resource.map(|r| r.to_string()).as_deref(),
        Some("storage")
    );
    assert!(cited(f).contains(&"disk.vdb.aqu_sz"));
    assert!(f.summary.contains("vdb is 99.0 % busy"), "{}", f.summary);
    quiet("storage.disk_saturated", &disk_facts(60.0, 30.0, None));
    quiet("storage.disk_saturated", &disk_facts(99.0, 95.0, None));
    not_evaluated(
        "storage.disk_saturated",
        &facts(&[("cpu.util_pct", series(&[1.0]))]),
        "disk.busiest.util_pct",
    );
}

#[test]
fn raw_disk_passthrough_only_for_a_vm_with_a_saturated_disk() {
    let f = &fires(
        "virtualization.raw_disk_passthrough",
        &disk_facts(99.0, 30.0, Some(true)),
    )[0];
    let source = f.source.as_ref().unwrap();
    assert_eq!(source.gain_pct, Some(27.0));
    assert!(
        f.recommendation
            .as_ref()
            .unwrap()
            .alternative
            .as_ref()
            .unwrap()
            .contains("32 K")
    );
    quiet(
        "virtualization.raw_disk_passthrough",
        &disk_facts(99.0, 30.0, Some(false)),
    );
    quiet(
        "virtualization.raw_disk_passthrough",
        &disk_facts(40.0, 30.0, Some(true)),
    );
    not_evaluated(
        "virtualization.raw_disk_passthrough",
        &disk_facts(99.0, 30.0, None),
        "host.virtualized",
    );
}

#[test]
fn vcpus_exceeding_a_host_socket() {
    let vm = |vcpus: f64, virtualized: bool| {
        facts(&[
            ("host.virtualized", flag(virtualized)),
            ("cpu.count", num(vcpus)),
            ("vm.host_cores_per_socket", num(48.0)),
        ])
    };
    let f = &fires("virtualization.vcpus_exceed_host_socket", &vm(64.0, true))[0];
    assert!(
        f.summary.contains("64 vCPUs") && f.summary.contains("48 cores"),
        "{}",
        f.summary
    );
    assert_eq!(f.source.as_ref().unwrap().gain_pct, Some(9.0));
    quiet("virtualization.vcpus_exceed_host_socket", &vm(48.0, true));
    quiet("virtualization.vcpus_exceed_host_socket", &vm(64.0, false));
    not_evaluated(
        "virtualization.vcpus_exceed_host_socket",
        &facts(&[("host.virtualized", flag(true)), ("cpu.count", num(64.0))]),
        "vm.host_cores_per_socket",
    );
}

fn knee(drop: f64, ratio: Option<f64>, degrades: Option<bool>) -> Rc<Facts> {
    let mut entries = vec![
        ("bench.knee.threads", num(256.0)),
        ("bench.knee.tps", num(3171.06)),
        ("bench.knee.next_threads", num(512.0)),
        ("bench.knee.next_drop_pct", num(drop)),
    ];
    if let Some(r) = ratio {
        entries.push(("bench.knee.next_p95_ratio", num(r)));
    }
    if let Some(d) = degrades {
        entries.push(("bench.knee.degrades", flag(d)));
    }
    facts(&entries)
}

#[test]
fn scaling_knee() {
    let f = &fires(
        "benchmark.scaling_knee",
        &knee(9.06, Some(1.98), Some(true)),
    )[0];
    assert_eq!(f.severity, Severity::Medium);
    assert_eq!(
        f.summary,
        "Throughput peaks at 256 threads (3171/s) and falls 9 % at 512 threads while p95 latency doubles."
    );
    let f = &fires("benchmark.scaling_knee", &knee(5.0, None, None))[0];
    assert_eq!(f.severity, Severity::Low);
    quiet("benchmark.scaling_knee", &knee(0.0, Some(1.1), Some(false)));
    not_evaluated(
        "benchmark.scaling_knee",
        &facts(&[("bench.knee.threads", num(4.0))]),
        "bench.knee.tps",
    );
}

#[test]
fn target_gap() {
    let gap = |g: f64, best: f64| {
        facts(&[
            ("target.gap_pct", num(g)),
            ("target.tps", num(4000.0)),
            ("bench.tps", num(best)),
        ])
    };
    let f = &fires("benchmark.target_gap", &gap(20.72, 3171.06))[0];
    assert_eq!(f.severity, Severity::High);
    assert_eq!(
        f.summary,
        "The best result, 3171 TPS, is 21 % short of the 4000 TPS target."
    );
    let f = &fires("benchmark.target_gap", &gap(-7.43, 4297.43))[0];
    assert_eq!(f.severity, Severity::Info);
    assert!(f.summary.contains("meets"), "{}", f.summary);
    not_evaluated(
        "benchmark.target_gap",
        &facts(&[("bench.tps", num(1.0))]),
        "target.gap_pct",
    );
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
                perfsage::facts::catalog::lookup(key).is_some(),
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
        }
    }
}

#[test]
fn series_value_helper_matches_parsers() {
    // Rules compare series by their summary; a plain number is its own average.
    let f = facts(&[("cpu.util_pct", Value::Number(97.0))]);
    assert!(matches!(
        outcome("resource.cpu_saturated", &f),
        Outcome::Fired { .. }
    ));
}
