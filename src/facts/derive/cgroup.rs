//! The cgroup most throttled for its CPU quota, among the groups whose CPU files were
//! captured: one key a rule can need for "a cgroup's CPU figures are here" (a rule's
//! needs are plain keys, a group's are named after it), naming the group the report
//! should look at first. The highest throttled share of periods wins; a group without
//! a quota, or without periods, counts as 0.

use super::{Fact, Facts, Unit, Value, fact};

const MOST_THROTTLED: &str = "cgroup.most_throttled.name";

pub fn derive(facts: &mut Facts) {
    let mut groups: Vec<(String, f64, &Fact)> = Vec::new();
    for f in facts.with_prefix("cgroup.") {
        let Some((group, _)) = f
            .key
            .strip_prefix("cgroup.")
            .and_then(|rest| rest.split_once(".cpu."))
        else {
            continue;
        };
        if group.contains('.') || groups.iter().any(|(g, _, _)| g == group) {
            continue;
        }
        let share_key = format!("cgroup.{group}.cpu.throttled_pct");
        let (share, source) = match facts.get(&share_key) {
            Some(share) => (share.value.as_number().unwrap_or(0.0), share),
            None => (0.0, f),
        };
        groups.push((group.to_string(), share, source));
    }
    let best = groups
        .into_iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(group, _, source)| (group, source.provenance.clone()));
    if let Some((group, provenance)) = best {
        facts.derive(fact(
            MOST_THROTTLED,
            Value::Text(group),
            Unit::None,
            provenance,
        ));
    }
}
