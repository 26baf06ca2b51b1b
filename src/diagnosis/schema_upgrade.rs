//! Reports saved as JSON by an earlier perfsage, brought to the current schema so that
//! `compare` can read them. Schema 1 wrote three things as English sentences that
//! schema 2 writes as typed values: why a step was not taken, what to capture next and
//! who needs it. Sentences in a shape schema 1 never wrote are left out (nothing
//! `compare` shows depends on them).

use serde_json::{Value, json};

/// Rewrites `report`, of schema `version`, in place into the current schema.
pub fn upgrade(report: &mut Value, version: u64) {
    if version >= 2 {
        return;
    }
    let Some(hosts) = report.get_mut("hosts").and_then(Value::as_array_mut) else {
        return;
    };
    for host in hosts {
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
    use crate::diagnosis::{CaptureSource, NeededBy};
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
