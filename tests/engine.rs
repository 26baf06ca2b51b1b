//! The rule engine's guarantees: a rule that fails, loops or grows without bound is
//! stopped and reported with its file and line while everything else goes on; rules
//! cannot import modules; rule files with problems are refused with file:line.

use crate::support::*;
use perfsage::knowledge::KnowledgeBase;
use perfsage::rules::Outcome;
use perfsage::rules::loader::RuleSource;
use std::time::{Duration, Instant};

const GRAPH: &str = "root: only\nsteps:\n  - id: only\n    title: The only step\n";

fn rule(id: &str, body: &str) -> RuleSource {
    RuleSource {
        path: format!("rules/test/{id}.rhai"),
        text: format!(
            "//! A test rule.\nconst META = #{{ id: \"runtime.{id}\", title: \"t\", layer: \"runtime\", step: \"only\", needs: [] }};\n{body}\n"
        ),
    }
}

fn kb(rules: Vec<RuleSource>) -> Result<KnowledgeBase, String> {
    let mut sources = rules;
    sources.push(RuleSource {
        path: "rules/methodology.yaml".into(),
        text: GRAPH.into(),
    });
    KnowledgeBase::from_sources(sources).map_err(|e| e.to_string())
}

fn run(id: &str, body: &str) -> (Outcome, Duration) {
    let kb = kb(vec![rule(id, body)]).unwrap();
    let f = facts(&[
        ("cpu.util_pct", series(&[50.0])),
        ("cpu.arch", text("aarch64")),
    ]);
    let started = Instant::now();
    let outcome = kb.engine.evaluate(&kb.rules.rules[0], &f);
    (outcome, started.elapsed())
}

fn error_of(outcome: Outcome) -> perfsage::rules::RuleError {
    match outcome {
        Outcome::Failed { error } => error,
        other => panic!("expected a rule error, got {other:?}"),
    }
}

#[test]
fn runtime_error_points_at_the_rule_file_and_line() {
    let (outcome, _) = run(
        "boom",
        "fn evaluate() {\n    let x = 1;\n    x + \"a\" * 2\n}",
    );
    let error = error_of(outcome);
    assert_eq!(error.file, "rules/test/boom.rhai");
    assert_eq!(error.line, Some(5), "{error}");
    assert!(
        !error.message.contains("src/"),
        "no Rust internals: {}",
        error.message
    );
}

#[test]
fn endless_loop_is_stopped_within_the_time_budget() {
    let (outcome, took) = run("spin", "fn evaluate() { let i = 0; loop { i += 1; } }");
    let error = error_of(outcome);
    assert!(error.message.starts_with("stopped"), "{}", error.message);
    assert!(took < Duration::from_millis(1000), "took {took:?}");
}

#[test]
fn runaway_strings_hit_the_size_limit() {
    let (outcome, _) = run("grow", "fn evaluate() { let s = \"x\"; loop { s += s; } }");
    let error = error_of(outcome);
    assert!(
        error.message.to_lowercase().contains("too large") || error.message.starts_with("stopped"),
        "{}",
        error.message
    );
}

#[test]
fn deep_recursion_is_stopped() {
    let (outcome, _) = run(
        "deep",
        "fn down(n) { down(n + 1) }\nfn evaluate() { down(0) }",
    );
    let error = error_of(outcome);
    assert!(
        error.message.to_lowercase().contains("stack")
            || error.message.to_lowercase().contains("call"),
        "{}",
        error.message
    );
}

#[test]
fn imports_and_eval_are_refused() {
    let err = kb(vec![rule("imp", "import \"std\" as s;\nfn evaluate() { }")])
        .err()
        .unwrap();
    assert!(err.contains("rules/test/imp.rhai"), "{err}");
    let err = kb(vec![rule("ev", "fn evaluate() { eval(\"1\") }")])
        .err()
        .unwrap();
    assert!(err.contains("rules/test/ev.rhai"), "{err}");
}

#[test]
fn reading_an_undeclared_missing_fact_means_not_evaluated() {
    let (outcome, _) = run(
        "miss",
        "fn evaluate() { if num(\"disk.busiest.util_pct\") > 1.0 { return #{ severity: \"low\", summary: \"s\" }; } }",
    );
    match outcome {
        Outcome::NotEvaluated { missing } => assert_eq!(missing, vec!["disk.busiest.util_pct"]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn findings_must_cite_existing_evidence_and_be_well_formed() {
    let (outcome, _) = run(
        "bare",
        "fn evaluate() { #{ severity: \"low\", summary: \"no facts read\" } }",
    );
    assert!(error_of(outcome).message.contains("cites no evidence"));
    let (outcome, _) = run(
        "ghost",
        "fn evaluate() { #{ severity: \"low\", summary: \"s\", evidence: [\"disk.sda.util_pct\"] } }",
    );
    assert!(error_of(outcome).message.contains("disk.sda.util_pct"));
    let (outcome, _) = run(
        "sev",
        "fn evaluate() { let u = avg(\"cpu.util_pct\"); #{ severity: \"huge\", summary: \"s\" } }",
    );
    assert!(error_of(outcome).message.contains("unknown severity"));
    let (outcome, _) = run(
        "typo",
        "fn evaluate() { let u = avg(\"cpu.util_pct\"); #{ severity: \"low\", sumary: \"s\" } }",
    );
    assert!(error_of(outcome).message.contains("sumary"));
}

#[test]
fn evidence_defaults_to_the_facts_read() {
    let (outcome, _) = run(
        "ok",
        "fn evaluate() { if text(\"cpu.arch\") == \"aarch64\" && avg(\"cpu.util_pct\") > 10 { #{ severity: \"low\", summary: \"s\" } } }",
    );
    match outcome {
        Outcome::Fired { findings } => {
            let keys: Vec<&str> = findings[0]
                .evidence
                .iter()
                .map(|e| e.key.as_str())
                .collect();
            assert_eq!(keys, vec!["cpu.arch", "cpu.util_pct"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_finding_may_name_the_resource_its_rule_leaves_open() {
    let (named, _) = run(
        "full",
        "fn evaluate() { #{ severity: \"critical\", summary: \"s\", resource: \"storage\", evidence: [\"cpu.arch\"] } }",
    );
    let (plain, _) = run(
        "nearly",
        "fn evaluate() { #{ severity: \"medium\", summary: \"s\", evidence: [\"cpu.arch\"] } }",
    );
    let resource = |outcome: Outcome| match outcome {
        Outcome::Fired { findings } => findings[0].resource,
        other => panic!("{other:?}"),
    };
    assert_eq!(resource(named), Some(perfsage::rules::Resource::Storage));
    assert_eq!(resource(plain), None);
    let (typo, _) = run(
        "typo",
        "fn evaluate() { #{ severity: \"high\", summary: \"s\", resource: \"disk\", evidence: [\"cpu.arch\"] } }",
    );
    assert!(
        error_of(typo).message.contains("unknown resource \"disk\""),
        "a resource name that is not one is an error"
    );
}

#[test]
fn a_pair_must_name_known_rules_and_a_resource() {
    let cause = |explains: &str| RuleSource {
        path: "rules/test/cause.rhai".into(),
        text: format!(
            "//! A test rule.\nconst META = #{{ id: \"runtime.cause\", title: \"t\", layer: \"runtime\", step: \"only\", needs: [],\n    explains: {explains} }};\nfn evaluate() {{ }}\n"
        ),
    };
    let symptom = || rule("symptom", "fn evaluate() { }");
    let unknown = kb(vec![
        cause("#{ symptoms: [\"runtime.nothing\"], resource: \"cpu\" }"),
        symptom(),
    ])
    .err()
    .expect("an unknown symptom is refused");
    assert!(
        unknown.contains("rules/test/cause.rhai:3") && unknown.contains("\"runtime.nothing\""),
        "{unknown}"
    );
    let no_resource = kb(vec![
        cause("#{ symptoms: [\"runtime.symptom\"] }"),
        symptom(),
    ])
    .err()
    .expect("a pair without a resource is refused");
    assert!(
        no_resource.contains("explains needs a resource"),
        "{no_resource}"
    );
    assert!(
        kb(vec![
            cause("#{ symptoms: [\"runtime.symptom\"], resource: \"network\", from: \"high\" }"),
            symptom(),
        ])
        .is_ok()
    );
}

#[test]
fn rules_may_not_ask_which_rules_fired() {
    let (outcome, _) = run("dep", "fn evaluate() { if fired(\"runtime.other\") { 1 } }");
    assert!(
        error_of(outcome)
            .message
            .contains("only available in methodology guards")
    );
}

#[test]
fn load_errors_name_file_line_and_column() {
    let err = kb(vec![rule("syn", "fn evaluate() {\n  let x = ;\n}")])
        .err()
        .unwrap();
    assert!(err.starts_with("rules/test/syn.rhai:4:"), "{err}");
    let err = kb(vec![RuleSource {
        path: "rules/x.rhai".into(),
        text: "//! r\nfn evaluate() {}".into(),
    }])
    .err()
    .unwrap();
    assert!(err.contains("rules/x.rhai: no `const META"), "{err}");
    let bad_layer = RuleSource {
        path: "rules/y.rhai".into(),
        text: "//! r\nconst META = #{ id: \"cpu.y\", title: \"t\", layer: \"cpu\", step: \"only\" };\nfn evaluate() {}".into(),
    };
    let err = kb(vec![bad_layer]).err().unwrap();
    assert!(err.contains("layer \"cpu\" is not one of"), "{err}");
    let err = kb(vec![
        rule("dup", "fn evaluate() {}"),
        rule("dup", "fn evaluate() {}"),
    ])
    .err()
    .unwrap();
    assert!(err.contains("duplicate rule id"), "{err}");
    let undocumented = RuleSource {
        path: "rules/z.rhai".into(),
        text: "const META = #{ id: \"runtime.z\", title: \"t\", layer: \"runtime\", step: \"only\" };\nfn evaluate() {}".into(),
    };
    assert!(kb(vec![undocumented]).err().unwrap().contains("`//!`"));
}

#[test]
fn one_failing_rule_does_not_stop_the_others() {
    let kb = kb(vec![
        rule("a_fails", "fn evaluate() { throw \"broken\"; }"),
        rule("b_fires", "fn evaluate() { if avg(\"cpu.util_pct\") > 1 { #{ severity: \"low\", summary: \"s\" } } }"),
    ])
    .unwrap();
    let f = facts(&[("cpu.util_pct", series(&[50.0]))]);
    let outcomes: Vec<Outcome> = kb
        .rules
        .rules
        .iter()
        .map(|r| kb.engine.evaluate(r, &f))
        .collect();
    assert!(matches!(outcomes[0], Outcome::Failed { .. }));
    assert!(matches!(outcomes[1], Outcome::Fired { .. }));
}

#[test]
fn hotspot_helpers_sum_matching_functions_and_cite_them() {
    let kb = kb(vec![rule(
        "locks",
        "fn evaluate() { let share = hotspot_share([\"os_interlock_*\"]); if share > 20 { #{ severity: \"high\", summary: `${fmt(share, 1)} %` } } }",
    )])
    .unwrap();
    let f = facts(&[
        ("hotspot.1.symbol", text("os_interlock_inc")),
        ("hotspot.1.self_pct", num(18.5)),
        ("hotspot.2.symbol", text("memcpy")),
        ("hotspot.2.self_pct", num(9.0)),
        ("hotspot.3.symbol", text("os_interlock_dec")),
        ("hotspot.3.self_pct", num(11.25)),
    ]);
    match kb.engine.evaluate(&kb.rules.rules[0], &f) {
        Outcome::Fired { findings } => {
            assert_eq!(findings[0].summary, "29.8 %");
            let cited: Vec<&str> = findings[0]
                .evidence
                .iter()
                .map(|e| e.key.as_str())
                .collect();
            assert_eq!(
                cited,
                vec![
                    "hotspot.1.symbol",
                    "hotspot.1.self_pct",
                    "hotspot.3.symbol",
                    "hotspot.3.self_pct"
                ]
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn value_helpers_compare_cpu_lists_and_versions() {
    let kb = kb(vec![rule(
        "values",
        "fn evaluate() { let u = avg(\"cpu.util_pct\"); if cpu_count(\"0-127\") == 128 && cpus_shared(\"0-127\", \"100-255\") == 28 && version_below(\"2.3.0.6\", \"2.4.1.0\") && !version_below(\"10.3.1\", \"9.1\") { #{ severity: \"info\", summary: \"ok\" } } }",
    )])
    .unwrap();
    let f = facts(&[("cpu.util_pct", series(&[1.0]))]);
    assert!(matches!(
        kb.engine.evaluate(&kb.rules.rules[0], &f),
        Outcome::Fired { .. }
    ));
}
