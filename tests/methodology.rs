//! The methodology graph: validation refuses broken graphs with file:line, the walk
//! follows true guards and explains the steps it did not take, and the exports name
//! every step and guard.

use crate::support::*;
use perfsage::graph::SkipReason;
use perfsage::knowledge::KnowledgeBase;
use perfsage::rules::loader::RuleSource;
use std::collections::HashSet;

const RULE: &str = "//! r\nconst META = #{ id: \"runtime.hot\", title: \"t\", layer: \"runtime\", step: \"start\", needs: [\"cpu.util_pct\"] };\nfn evaluate() { if avg(\"cpu.util_pct\") > 90 { #{ severity: \"high\", summary: \"hot\" } } }\n";

fn load(graph: &str) -> Result<KnowledgeBase, String> {
    KnowledgeBase::from_sources(vec![
        RuleSource {
            path: "rules/runtime/hot.rhai".into(),
            text: RULE.into(),
        },
        RuleSource {
            path: "rules/methodology.yaml".into(),
            text: graph.into(),
        },
    ])
    .map_err(|e| e.to_string())
}

const GOOD: &str = "root: start
steps:
  - id: start
    title: Start
    next:
      - to: hot
        when: fired(\"runtime.hot\")
      - to: cool
        when: '!fired(\"runtime.hot\")'
  - id: hot
    title: Hot path
    capture: [perf record]
  - id: cool
    title: Cool path
    capture: [iostat -x 10]
";

#[test]
fn walk_follows_true_guards_and_explains_the_rest() {
    let kb = load(GOOD).unwrap();
    let f = facts(&[("cpu.util_pct", series(&[95.0]))]);
    let fired: HashSet<String> = ["runtime.hot".to_string()].into();
    let walk = kb.methodology.walk(&kb.engine, &f, &fired);
    let visited: Vec<&str> = walk.visited.iter().map(|v| v.step.as_str()).collect();
    assert_eq!(visited, vec!["start", "hot"]);
    assert_eq!(walk.visited[1].from.as_deref(), Some("start"));
    assert_eq!(walk.skipped.len(), 1);
    assert_eq!(walk.skipped[0].step, "cool");
    assert_eq!(
        walk.skipped[0].reasons,
        vec![SkipReason::GuardFalse {
            from: "start".into(),
            guard: "!fired(\"runtime.hot\")".into()
        }]
    );
}

#[test]
fn guards_on_missing_facts_block_and_report_them() {
    let graph = GOOD.replace(
        r#"when: fired("runtime.hot")"#,
        r#"when: num("disk.busiest.util_pct") > 90"#,
    );
    let kb = load(&graph).unwrap();
    let walk = kb
        .methodology
        .walk(&kb.engine, &facts(&[]), &HashSet::new());
    assert_eq!(walk.missing_facts, vec!["disk.busiest.util_pct"]);
    let hot = walk.skipped.iter().find(|s| s.step == "hot").unwrap();
    assert!(
        matches!(&hot.reasons[0], SkipReason::FactsMissing { facts, .. } if facts == &["disk.busiest.util_pct"]),
        "{:?}",
        hot.reasons
    );
}

#[test]
fn unknown_rule_in_a_guard_is_refused_with_its_line() {
    let err = load(&GOOD.replace("fired(\"runtime.hot\")\n", "fired(\"runtime.cold\")\n"))
        .err()
        .unwrap();
    assert!(
        err.contains("rules/methodology.yaml:7: guard names unknown rule \"runtime.cold\""),
        "{err}"
    );
}

#[test]
fn cycles_are_refused() {
    let graph = GOOD.replace(
        "    capture: [perf record]\n",
        "    next:\n      - to: start\n",
    );
    let err = load(&graph).err().unwrap();
    assert!(err.contains("part of a cycle"), "{err}");
}

#[test]
fn unreachable_steps_are_refused() {
    let graph = format!("{GOOD}  - id: island\n    title: Nobody comes here\n    capture: [x]\n");
    let err = load(&graph).err().unwrap();
    assert!(err.contains("step \"island\" cannot be reached"), "{err}");
    assert!(err.contains("methodology.yaml:16"), "{err}");
}

#[test]
fn leaves_must_recommend_something_and_edges_must_lead_somewhere() {
    let err = load(&GOOD.replace("    capture: [iostat -x 10]\n", ""))
        .err()
        .unwrap();
    assert!(
        err.contains("leaf step \"cool\" recommends nothing"),
        "{err}"
    );
    let err = load(&GOOD.replace("to: cool", "to: col")).err().unwrap();
    assert!(err.contains("unknown step \"col\""), "{err}");
}

#[test]
fn rule_step_must_exist_and_yaml_errors_have_lines() {
    let err = load(
        &GOOD
            .replace("id: start", "id: begin")
            .replace("root: start", "root: begin"),
    )
    .err()
    .unwrap();
    assert!(
        err.contains("rules/runtime/hot.rhai:2: META.step \"start\""),
        "{err}"
    );
    let err = load("root: start\nsteps:\n  - id: start\n    titel: x\n")
        .err()
        .unwrap();
    assert!(err.starts_with("rules/methodology.yaml:4:"), "{err}");
}

#[test]
fn exports_name_every_step_and_guard() {
    let kb = KnowledgeBase::builtin().unwrap();
    let dot = kb.methodology.to_dot();
    let mermaid = kb.methodology.to_mermaid();
    for step in kb.methodology.graph.node_weights() {
        assert!(
            dot.contains(&format!("\"{}\" [label=", step.id)),
            "{}",
            step.id
        );
        assert!(
            mermaid.contains(&format!("[\"{}: ", step.id)),
            "{}",
            step.id
        );
        for edge in &step.edges {
            assert!(
                dot.contains(&edge.when.replace('"', "\\\"")),
                "{}",
                edge.when
            );
        }
    }
    assert!(dot.starts_with("digraph methodology {") && dot.trim_end().ends_with('}'));
    assert!(mermaid.starts_with("flowchart TD"));
}
