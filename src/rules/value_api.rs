//! Rule helpers for values tools print as text: CPU lists (`0-23,48-71`) and dotted
//! version numbers (firmware `2.4.1.0`, compilers `10.3.1`).

use crate::text::cpu_list::parse_cpu_list;
use rhai::{Array, Dynamic, Engine, INT};
use std::cmp::Ordering;

/// Compares dotted versions numerically, part by part; a missing part counts as 0 and
/// a part that is not a number compares as text.
pub fn compare_versions(a: &str, b: &str) -> Ordering {
    let parts = |v: &str| {
        v.trim()
            .split(['.', '-', '_'])
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let (a, b) = (parts(a), parts(b));
    for i in 0..a.len().max(b.len()) {
        let x = a.get(i).map_or("0", String::as_str);
        let y = b.get(i).map_or("0", String::as_str);
        let order = match (x.parse::<u64>(), y.parse::<u64>()) {
            (Ok(x), Ok(y)) => x.cmp(&y),
            _ => x.cmp(y),
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    Ordering::Equal
}

pub fn register(engine: &mut Engine) {
    engine.register_fn("cpu_ids", |list: &str| -> Array {
        parse_cpu_list(list)
            .unwrap_or_default()
            .into_iter()
            .map(|cpu| Dynamic::from(cpu as INT))
            .collect()
    });
    engine.register_fn("cpu_count", |list: &str| -> INT {
        parse_cpu_list(list).map_or(0, |cpus| cpus.len() as INT)
    });
    engine.register_fn("cpus_shared", |a: &str, b: &str| -> INT {
        match (parse_cpu_list(a), parse_cpu_list(b)) {
            (Some(a), Some(b)) => {
                a.iter().filter(|cpu| b.binary_search(cpu).is_ok()).count() as INT
            }
            _ => 0,
        }
    });
    engine.register_fn("version_below", |version: &str, minimum: &str| {
        compare_versions(version, minimum) == Ordering::Less
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_by_number() {
        assert_eq!(compare_versions("2.3.0.6", "2.4.1.0"), Ordering::Less);
        assert_eq!(compare_versions("2.4.1.0", "2.4.1"), Ordering::Equal);
        assert_eq!(compare_versions("10.3.1", "9.1"), Ordering::Greater);
        assert_eq!(compare_versions("6.3.0", "9.1.0"), Ordering::Less);
    }
}
