//! Values no real capture holds: a share of time above 100 % or below 0 (`%util 500`,
//! a CPU 130 % busy) means a damaged file or a misread column. Such a fact is left
//! out, and its capture gets a warning naming the key, the value and the lines, instead
//! of a report saying "500.0 % busy".

use crate::facts::{Fact, Value};

/// The tools print two decimals and their own rounding reaches a little past 100.
const MOST_PCT: f64 = 100.5;

/// Why `fact` cannot be right, if it cannot.
pub fn implausible(fact: &Fact) -> Option<String> {
    if !is_share_of_time(&fact.key) {
        return None;
    }
    let (low, high) = match &fact.value {
        Value::Number(n) => (*n, *n),
        Value::Series(s) => (s.min, s.max),
        Value::Flag(_) | Value::Text(_) => return None,
    };
    let wrong = if high > MOST_PCT {
        high
    } else if low < 0.0 {
        low
    } else {
        return None;
    };
    Some(format!(
        "{} reaches {wrong} %, outside 0-100 %: implausible, left out",
        fact.key
    ))
}

/// Keys whose percentage is a share of elapsed time or capacity, so at most 100.
fn is_share_of_time(key: &str) -> bool {
    let Some(stem) = key.strip_suffix("_pct") else {
        return false;
    };
    key.starts_with("cpu.")
        || ((key.starts_with("disk.") || key.starts_with("fio.disk.")) && stem.ends_with("util"))
        || (key.starts_with("net.") && stem.ends_with("ifutil"))
        || key == "mem.used_pct"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::{Provenance, SeriesBuilder, Unit};

    fn fact(key: &str, value: Value) -> Fact {
        Fact {
            key: key.into(),
            value,
            unit: Unit::Percent,
            provenance: Provenance {
                file: "iostat.txt".into(),
                line: 4,
                line_end: 9,
                tool: "iostat".into(),
            },
        }
    }

    #[test]
    fn shares_of_time_past_100_are_implausible() {
        let series = SeriesBuilder::from_values(&[20.0, 500.0, 30.0]).finish(Some(1.0));
        assert_eq!(
            implausible(&fact("disk.sda.util_pct", Value::Series(series))).as_deref(),
            Some("disk.sda.util_pct reaches 500 %, outside 0-100 %: implausible, left out")
        );
        assert!(implausible(&fact("cpu.3.usr_pct", Value::Number(-4.0))).is_some());
        assert!(implausible(&fact("cpu.util_pct", Value::Number(100.3))).is_none());
        // Percentages of other things may pass 100.
        assert!(implausible(&fact("mem.commit_pct", Value::Number(180.0))).is_none());
        assert!(implausible(&fact("target.gap_pct", Value::Number(250.0))).is_none());
    }
}
