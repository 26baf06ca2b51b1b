//! Named thresholds: the figures a rule decides by, declared in `META.thresholds` with
//! their unit and the reference they come from, and read in the script with
//! `threshold("name")`. Naming them lets `rules doc` list every decision figure with
//! its reason, and lets a consultancy's `thresholds.yaml` change one without forking
//! the rule.

use super::engine::SharedState;
use rhai::{Engine, EvalAltResult, FLOAT, Position};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// `name: #{ value: 90.0, unit: "%", source: "why this figure" }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Threshold {
    #[serde(deserialize_with = "number")]
    pub value: FLOAT,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// Why this figure: the measurement, document or standard it comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The `thresholds.yaml` file:line whose value replaced the declared one.
    #[serde(skip)]
    pub overridden_at: Option<String>,
}

/// A whole or a decimal number, so `value: 4` reads as well as `value: 4.0`.
fn number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<FLOAT, D::Error> {
    struct Number;
    impl Visitor<'_> for Number {
        type Value = FLOAT;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a number")
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<FLOAT, E> {
            Ok(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<FLOAT, E> {
            Ok(v as FLOAT)
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<FLOAT, E> {
            Ok(v as FLOAT)
        }
    }
    deserializer.deserialize_any(Number)
}

pub type Thresholds = BTreeMap<String, Threshold>;

/// The thresholds of the rule being evaluated, as `threshold()` sees them.
#[derive(Debug, Clone, Default)]
pub struct ThresholdScope {
    pub rule: String,
    pub values: Vec<(String, FLOAT)>,
}

impl ThresholdScope {
    pub fn of(rule: &str, thresholds: &Thresholds) -> ThresholdScope {
        ThresholdScope {
            rule: rule.to_string(),
            values: thresholds
                .iter()
                .map(|(name, t)| (name.clone(), t.value))
                .collect(),
        }
    }
}

/// Whether `name` can name a threshold: lower snake case.
pub fn is_threshold_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

fn error<T>(message: String) -> Result<T, Box<EvalAltResult>> {
    Err(Box::new(EvalAltResult::ErrorRuntime(
        message.into(),
        Position::NONE,
    )))
}

pub fn register(engine: &mut Engine, state: &SharedState) {
    let s = state.clone();
    engine.register_fn(
        "threshold",
        move |name: &str| -> Result<FLOAT, Box<EvalAltResult>> {
            let st = s.lock();
            let Some(scope) = &st.thresholds else {
                return error(format!(
                    "threshold(\"{name}\"): thresholds are only available inside a rule's evaluate()"
                ));
            };
            match scope.values.iter().find(|(n, _)| n == name) {
                Some((_, value)) => Ok(*value),
                None => error(format!(
                    "rule {} reads threshold \"{name}\", which its META.thresholds does not declare",
                    scope.rule
                )),
            }
        },
    );
}
