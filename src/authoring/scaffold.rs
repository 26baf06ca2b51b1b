//! `perfsage rules new`: the text of a new rule file and its test file. Both load
//! as they are (the rule compiles, stays quiet and its not-evaluated test passes), and
//! every part the author still has to write says `FILL IN`, which `rules lint`
//! reports line by line until it is replaced.

use crate::knowledge::TEST_SUFFIX;
use crate::rules::rule_meta::{LAYERS, is_rule_id};
use crate::tools::catalog::{self, Kind};
use std::fmt::Write;

/// The marker of text the author must replace.
pub const PLACEHOLDER: &str = "FILL IN";

/// What the author asked for.
#[derive(Debug, Clone)]
pub struct NewRule {
    pub id: String,
    pub layer: String,
    pub step: String,
    /// Catalogued fact keys the rule needs.
    pub needs: Vec<String>,
    pub overrides: bool,
}

impl NewRule {
    /// `<layer>/<name>.rhai` and `<layer>/<name>.test.yaml`, relative to the rule
    /// directory.
    pub fn paths_of(id: &str, layer: &str) -> (String, String) {
        let name = id
            .strip_prefix(&format!("{layer}."))
            .unwrap_or(id)
            .replace('.', "_");
        (
            format!("{layer}/{name}.rhai"),
            format!("{layer}/{name}{TEST_SUFFIX}"),
        )
    }
}

/// The rule id and layer from `<id>` and `--layer`: the id may be `<name>` (the
/// layer comes from `--layer`) or `<layer>.<name>` (then `--layer`, if given, must
/// agree).
pub fn resolve_id(id: &str, layer: Option<&str>) -> Result<(String, String), String> {
    let (id, layer) = match (id.split_once('.'), layer) {
        (Some((prefix, _)), Some(layer)) if prefix != layer => {
            return Err(format!(
                "rule id {id:?} starts with layer {prefix:?} but --layer says {layer:?}"
            ));
        }
        (Some((prefix, _)), _) => (id.to_string(), prefix.to_string()),
        (None, Some(layer)) => (format!("{layer}.{id}"), layer.to_string()),
        (None, None) => {
            return Err(format!(
                "give the layer: `--layer <layer>` or an id of the form <layer>.{id} (layers: {})",
                LAYERS.join(", ")
            ));
        }
    };
    if !LAYERS.contains(&layer.as_str()) {
        return Err(format!(
            "layer {layer:?} is not one of {}",
            LAYERS.join(", ")
        ));
    }
    if !is_rule_id(&id) {
        return Err(format!(
            "rule id {id:?} must be `<layer>.<name>` in lower snake case, e.g. storage.wal_on_data_disk"
        ));
    }
    Ok((id, layer))
}

/// The rule file.
pub fn rule_text(rule: &NewRule) -> String {
    let needs = rule
        .needs
        .iter()
        .map(|k| format!("{k:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    let overrides = if rule.overrides {
        "    // Replaces the rule of the same id loaded before this directory.\n    overrides: true,\n"
    } else {
        ""
    };
    let mut reads = String::new();
    for key in &rule.needs {
        let _ = writeln!(
            reads,
            "    let {} = {}({key:?});",
            variable(key),
            reader(key)
        );
    }
    format!(
        r#"//! {PLACEHOLDER}: why this rule exists: what goes wrong, how it shows in the
//! captures, and the case it comes from with the figure it reported.

const META = #{{
    id: "{id}",
    title: "{PLACEHOLDER}: what the rule detects, as a statement",
    layer: "{layer}",
    step: "{step}",
    // Facts the rule cannot do without (perfsage facts --catalog lists them all).
    needs: [{needs}],
{overrides}    source: #{{
        seed: "{PLACEHOLDER}: file name of the source document",
        case_id: "{PLACEHOLDER}: the case under cases/",
        gain: "{PLACEHOLDER}: what this step gained there, e.g. +27 % TPS (3107 → 3952 at 256 threads)",
    }},
    recommendation: #{{
        action: "{PLACEHOLDER}: what to do",
        commands: [
            "{PLACEHOLDER}: a command to run",
        ],
        verify: "{PLACEHOLDER}: how to see that it worked",
        rollback: "{PLACEHOLDER}: how to undo it",
        effort: "online", // {PLACEHOLDER}: what trying it takes: nothing, online, restart, reboot, firmware, rebuild, downtime or hardware
    }},
    // What a finding says, English and Chinese side by side with the same {{names}}.
    texts: #{{
        fired: #{{
            en: "{PLACEHOLDER}: one sentence with the figures, e.g. {{disk}} is {{pct}} % busy",
            zh: "{PLACEHOLDER}: the same sentence in Chinese, e.g. {{disk}} 繁忙 {{pct}} %",
        }},
    }},
}};

fn evaluate() {{
{reads}    // {PLACEHOLDER}: the condition the case showed. Return nothing to stay quiet,
    //     if busy < 90.0 {{ return; }}
    // or a finding to fire (its evidence is every fact read, unless listed):
    //     #{{ severity: "high", summary: [say("fired", #{{ disk: name, pct: fmt(busy, 0) }})] }}
}}
"#,
        id = rule.id,
        layer = rule.layer,
        step = rule.step,
    )
}

/// The test file: a firing test and a quiet one to complete, and a not-evaluated
/// test that already holds.
pub fn test_text(rule: &NewRule) -> String {
    let facts = |keys: &[String], comment: &str| -> String {
        if keys.is_empty() {
            return format!("    facts: {{}}   # {comment}\n");
        }
        let mut out = format!("    facts:   # {comment}\n");
        for key in keys {
            let _ = writeln!(out, "      {key}: {}", sample(key));
        }
        out
    };
    let mut text = format!(
        "# Tests of {id}: facts in, expected outcome out (the format is in rules/README.md).\n\
         # `perfsage rules test <dir>` runs them.\n\
         rule: {id}\n\
         tests:\n",
        id = rule.id
    );
    let _ = write!(
        text,
        "  - name: \"{PLACEHOLDER}: the evidence of the case fires\"\n{}    expect: fires\n",
        facts(
            &rule.needs,
            &format!("{PLACEHOLDER}: the values the case showed")
        )
    );
    let _ = write!(
        text,
        "  - name: \"{PLACEHOLDER}: healthy values stay quiet\"\n{}    expect: quiet\n",
        facts(
            &rule.needs,
            &format!("{PLACEHOLDER}: values of a healthy system")
        )
    );
    if let Some((first, rest)) = rule.needs.split_first() {
        let _ = write!(
            text,
            "  - name: without {first} the rule is not evaluated\n{}    expect: not-evaluated\n    missing: [{first}]\n",
            facts(rest, "every needed fact but one")
        );
    }
    text
}

/// The helper that reads a fact of this kind.
fn reader(key: &str) -> &'static str {
    match catalog::lookup(key).map(|e| e.kind) {
        Some(Kind::Series) => "avg",
        Some(Kind::Text) => "text",
        Some(Kind::Flag) => "flag",
        Some(Kind::Number) | None => "num",
    }
}

/// A sample value of the fact's kind for the test file.
fn sample(key: &str) -> &'static str {
    match catalog::lookup(key).map(|e| e.kind) {
        Some(Kind::Series) => "[0, 0, 0]",
        Some(Kind::Text) => "\"text\"",
        Some(Kind::Flag) => "true",
        Some(Kind::Number) | None => "0",
    }
}

/// `disk.busiest.util_pct` → `disk_busiest_util_pct`.
fn variable(key: &str) -> String {
    key.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_take_their_layer_from_either_place() {
        assert_eq!(
            resolve_id("cpu_steal", Some("virtualization")),
            Ok(("virtualization.cpu_steal".into(), "virtualization".into()))
        );
        assert_eq!(
            resolve_id("storage.x", None),
            Ok(("storage.x".into(), "storage".into()))
        );
        assert!(resolve_id("storage.x", Some("os")).is_err());
        assert!(resolve_id("x", None).unwrap_err().contains("--layer"));
        assert!(
            resolve_id("cpu.x", None)
                .unwrap_err()
                .contains("not one of")
        );
        assert!(resolve_id("Storage", Some("storage")).is_err());
    }

    #[test]
    fn paths_follow_layer_and_name() {
        assert_eq!(
            NewRule::paths_of("storage.wal_disk", "storage"),
            (
                "storage/wal_disk.rhai".to_string(),
                "storage/wal_disk.test.yaml".to_string()
            )
        );
    }
}
