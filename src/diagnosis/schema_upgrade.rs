//! Reports saved as JSON by an earlier perfsage, brought to the current schema so that
//! `compare` can read them. Schema 1 wrote three things as English sentences that
//! schema 2 writes as typed values: why a step was not taken, what to capture next and
//! who needs it. Sentences in a shape schema 1 never wrote are left out (nothing
//! `compare` shows depends on them). Schemas 1 and 2 wrote the verdict and the target
//! status as sentences in both languages, which schema 3 leaves to the report: the
//! verdict's sentences are kept as they were worded (its symptoms are quoted in them),
//! and the target's are dropped (its figures say the same).

use super::{Diagnosis, SCHEMA_VERSION};
use serde_json::{Map, Value, json};

/// A diagnosis saved as JSON by this or an earlier perfsage (a `diagnose --format
/// json` report, or a line of `--format jsonl`).
pub fn read(mut report: Value) -> Result<Diagnosis, String> {
    match report["schema_version"].as_u64() {
        Some(v) if v <= u64::from(SCHEMA_VERSION) => upgrade(&mut report, v),
        Some(v) => {
            return Err(format!(
                "report schema {v} is newer than this perfsage reads ({SCHEMA_VERSION}); upgrade perfsage"
            ));
        }
        None => return Err("not a perfsage diagnosis report: no schema_version".into()),
    }
    serde_json::from_value(report).map_err(|e| format!("not a perfsage diagnosis report: {e}"))
}

/// Rewrites `report`, of schema `version`, in place into the current schema.
pub fn upgrade(report: &mut Value, version: u64) {
    if version >= 3 {
        return;
    }
    let Some(hosts) = report.get_mut("hosts").and_then(Value::as_array_mut) else {
        return;
    };
    for host in hosts {
        if version < 2 {
            typed_reasons_and_hints(host);
        }
        if let Some(verdict) = host.get_mut("bottleneck").and_then(Value::as_object_mut) {
            worded_verdict(verdict);
        }
        if let Some(target) = host.get_mut("target").and_then(Value::as_object_mut) {
            target.remove("summary");
            target.remove("summary_zh");
        }
    }
}

/// A verdict's `summary` and `summary_zh` become its reason, worded as they were.
fn worded_verdict(verdict: &mut Map<String, Value>) {
    let en = verdict.remove("summary").unwrap_or(json!(""));
    let mut summary = json!({ "en": en });
    if let Some(zh) = verdict.remove("summary_zh") {
        summary["zh"] = zh;
    }
    verdict.remove("symptoms");
    verdict.insert(
        "reason".into(),
        json!({ "kind": "worded", "summary": summary }),
    );
}

/// Schema 1's skip reasons, capture hints and who needs them, as typed values.
fn typed_reasons_and_hints(host: &mut Value) {
    if let Some(steps) = host.get_mut("skipped_steps").and_then(Value::as_array_mut) {
        for step in steps {
            if let Some(reasons) = step.get_mut("reasons") {
                *reasons = sentences(reasons).filter_map(skip_reason).collect();
            }
        }
    }
    if let Some(hints) = host.get_mut("capture_next").and_then(Value::as_array_mut) {
        for hint in hints {
            if let Some(capture) = hint.get_mut("capture")
                && let Some(text) = capture.as_str()
            {
                *capture = capture_source(text);
            }
            if let Some(needed_by) = hint.get_mut("needed_by") {
                *needed_by = sentences(needed_by).map(waiting).collect();
            }
        }
    }
}

fn sentences(list: &Value) -> impl Iterator<Item = &str> {
    list.as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
}

/// A schema 1 reason: `no step leading here was taken`, or `from <step>: ` and one of
/// `` `<guard>` is false``, `` `<guard>` needs missing facts <a, b>``,
/// `` guard `<guard>` failed (<file:line>: <error>)``.
fn skip_reason(text: &str) -> Option<Value> {
    if text == "no step leading here was taken" {
        return Some(json!({"why": "not_led_to"}));
    }
    let (from, rest) = text.strip_prefix("from ")?.split_once(": ")?;
    if let Some(guard) = rest.strip_suffix(" is false") {
        let guard = unquote(guard)?;
        return Some(json!({"why": "guard_false", "from": from, "guard": guard}));
    }
    if let Some((guard, facts)) = rest.split_once(" needs missing facts ") {
        let facts: Vec<&str> = facts.split(", ").collect();
        let guard = unquote(guard)?;
        return Some(json!({"why": "facts_missing", "from": from, "guard": guard, "facts": facts}));
    }
    let (guard, detail) = rest.strip_prefix("guard ")?.split_once(" failed (")?;
    let (location, error) = detail.strip_suffix(')')?.split_once(": ")?;
    let guard = unquote(guard)?;
    Some(json!({
        "why": "guard_failed", "from": from, "guard": guard, "location": location, "error": error
    }))
}

fn unquote(guard: &str) -> Option<&str> {
    guard.strip_prefix('`')?.strip_suffix('`')
}

fn capture_source(text: &str) -> Value {
    if text == "(no parser supplies this fact)" {
        json!("no_parser")
    } else {
        json!({"command": text})
    }
}

/// Schema 1 named a rule (`layer.name`), a step (no dot) or `methodology guard`.
fn waiting(text: &str) -> Value {
    if text == "methodology guard" {
        json!("methodology_guard")
    } else if text.contains('.') {
        json!({"rule": text})
    } else {
        json!({"step": text})
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnosis::{CaptureSource, NeededBy, Quoted, Reason, TargetStatus, Verdict};
    use crate::graph::SkipReason;

    fn reason(text: &str) -> Option<SkipReason> {
        skip_reason(text).map(|v| serde_json::from_value(v).unwrap())
    }

    #[test]
    fn every_schema_1_reason_becomes_its_typed_value() {
        assert_eq!(
            reason("from cpu: `fired(\"a.b\") || x` is false"),
            Some(SkipReason::GuardFalse {
                from: "cpu".into(),
                guard: "fired(\"a.b\") || x".into()
            })
        );
        assert_eq!(
            reason("from storage: `flag(\"h.v\")` needs missing facts h.v, d.c"),
            Some(SkipReason::FactsMissing {
                from: "storage".into(),
                guard: "flag(\"h.v\")".into(),
                facts: vec!["h.v".into(), "d.c".into()]
            })
        );
        assert_eq!(
            reason("from cpu: guard `x` failed (methodology.yaml:3: boom: bang)"),
            Some(SkipReason::GuardFailed {
                from: "cpu".into(),
                guard: "x".into(),
                location: "methodology.yaml:3".into(),
                error: "boom: bang".into()
            })
        );
        assert_eq!(
            reason("no step leading here was taken"),
            Some(SkipReason::NotLedTo)
        );
        assert_eq!(reason("something else"), None);
    }

    #[test]
    fn a_schema_2_verdict_keeps_its_sentences_and_a_target_loses_them() {
        let mut report = json!({"schema_version": 2, "hosts": [{
            "bottleneck": {"resource": "storage", "confidence": 0.9,
                "summary": "vdb is busy. Its symptom: reads wait.", "summary_zh": "vdb 繁忙。",
                "rule": "memory.page_cache_thrash",
                "symptoms": [{"rule": "storage.disk_saturated", "resource": "storage"}]},
            "target": {"metric": "tps", "goal": 4000.0, "best": 3171.0, "gap_pct": 20.7,
                "met": false, "summary": "3,171 TPS is short.", "summary_zh": "差。"}
        }]});
        upgrade(&mut report, 2);
        let host = &report["hosts"][0];
        let verdict: Verdict = serde_json::from_value(host["bottleneck"].clone()).unwrap();
        assert_eq!(
            verdict.reason,
            Reason::Worded {
                summary: Quoted {
                    en: "vdb is busy. Its symptom: reads wait.".into(),
                    zh: Some("vdb 繁忙。".into())
                }
            }
        );
        assert_eq!(verdict.rule.as_deref(), Some("memory.page_cache_thrash"));
        assert!(
            verdict.symptoms.is_empty(),
            "quoted in the sentence already"
        );
        let target: TargetStatus = serde_json::from_value(host["target"].clone()).unwrap();
        assert_eq!((target.best, target.met), (3171.0, false));
        assert_eq!(host["target"].get("summary"), None);
    }

    #[test]
    fn hints_name_commands_rules_steps_and_guards() {
        let source = |t| serde_json::from_value::<CaptureSource>(capture_source(t)).unwrap();
        assert_eq!(source("lscpu"), CaptureSource::Command("lscpu".into()));
        assert_eq!(
            source("(no parser supplies this fact)"),
            CaptureSource::NoParser
        );
        let who = |t| serde_json::from_value::<NeededBy>(waiting(t)).unwrap();
        assert_eq!(who("os.thp"), NeededBy::Rule("os.thp".into()));
        assert_eq!(who("cpu"), NeededBy::Step("cpu".into()));
        assert_eq!(who("methodology guard"), NeededBy::MethodologyGuard);
    }
}
