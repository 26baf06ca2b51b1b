//! The value a fact holds: a number, text, a yes/no flag, or a series of per-interval
//! samples with its summary.

use super::Series;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    Number(f64),
    Flag(bool),
    Text(String),
    Series(Series),
}

impl Value {
    /// The number a rule compares: the value itself, or a series' average.
    pub fn as_number(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            Value::Series(s) => Some(s.avg),
            _ => None,
        }
    }
}

/// Formats a number the way reports show it: integers without decimals, others with
/// at most two (tools print two, so nothing a capture said is lost).
pub fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{n:.0}")
    } else {
        let text = format!("{n:.2}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Number(n) => f.write_str(&format_number(*n)),
            Value::Flag(b) => write!(f, "{}", if *b { "yes" } else { "no" }),
            Value::Text(t) => f.write_str(t),
            Value::Series(s) => write!(
                f,
                "avg {} p95 {} max {} (n={})",
                format_number(s.avg),
                format_number(s.p95),
                format_number(s.max),
                s.count
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_numbers_for_reports() {
        assert_eq!(format_number(256.0), "256");
        assert_eq!(format_number(3171.06), "3171.06");
        assert_eq!(format_number(20.72), "20.72");
        assert_eq!(format_number(20.70), "20.7");
        assert_eq!(format_number(0.5), "0.5");
    }
}
