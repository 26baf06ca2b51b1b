//! Checks fact keys written in rules, guards and rule tests against the fact catalog,
//! and suggests the catalogued key closest to a misspelt one ("did you mean
//! `disk.vdb.util_pct`?"). Templates and prefixes pass when some catalogued key could
//! match them.

use super::fact_refs::{TEMPLATE_HOLE, template_matches};
use crate::tools::catalog;

/// Whether the catalog knows the key.
pub fn is_catalogued(key: &str) -> bool {
    catalog::lookup(key).is_some()
}

/// Whether some catalogued key could be what a template produces: a segment holding
/// `${…}` stands for one or more segments, a pattern's label for any one segment.
pub fn template_may_match(template: &str) -> bool {
    let t: Vec<&str> = template.split('.').collect();
    catalog::entries().any(|e| {
        let p: Vec<&str> = e.pattern.split('.').collect();
        template_fits_pattern(&t, &p)
    })
}

/// Whether some catalogued key could start with what a template produces
/// (`fact_keys(`net.${dev}.`)`): the template fits the first segments of a pattern.
pub fn template_prefix_may_match(template: &str) -> bool {
    let t: Vec<&str> = template
        .strip_suffix('.')
        .unwrap_or(template)
        .split('.')
        .collect();
    catalog::entries().any(|e| {
        let p: Vec<&str> = e.pattern.split('.').collect();
        (1..=p.len()).any(|n| template_fits_pattern(&t, &p[..n]))
    })
}

fn template_fits_pattern(t: &[&str], p: &[&str]) -> bool {
    let Some((first, t_rest)) = t.split_first() else {
        return p.is_empty();
    };
    let Some((pattern_first, p_rest)) = p.split_first() else {
        return false;
    };
    let star = pattern_first.ends_with("*>");
    if star {
        // The star takes this segment and maybe more of the template.
        return template_fits_pattern(t_rest, p_rest) || template_fits_pattern(t_rest, p);
    }
    if first.contains(TEMPLATE_HOLE) {
        let one = is_label(pattern_first)
            || *first == TEMPLATE_HOLE
            || segment_fits(first, pattern_first);
        let several = *first == TEMPLATE_HOLE
            && (2..=p.len()).any(|n| template_fits_pattern(t_rest, &p[n..]));
        return (one && template_fits_pattern(t_rest, p_rest)) || several;
    }
    (is_label(pattern_first) || first == pattern_first) && template_fits_pattern(t_rest, p_rest)
}

/// Whether a template segment with holes (`${}_pct`) can be the literal `value`.
fn segment_fits(with_holes: &str, value: &str) -> bool {
    template_matches(with_holes, value)
}

/// Whether some catalogued key starts with the prefix.
pub fn prefix_may_match(prefix: &str) -> bool {
    catalog::entries().any(|e| pattern_may_start_with(e.pattern, prefix))
}

/// The catalogued key closest to `key`, written with the key's own labels (a
/// misspelt `disk.vdb.utl_pct` suggests `disk.vdb.util_pct`), when one is close.
pub fn suggest(key: &str) -> Option<String> {
    let key_segments: Vec<&str> = key.split('.').collect();
    catalog::entries()
        .filter_map(|e| {
            let (distance, text) = closeness(e.pattern, &key_segments, key);
            (distance <= tolerance(key)).then_some((distance, text))
        })
        .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)))
        .map(|(_, text)| text)
}

/// Edits allowed for a suggestion: about one in four characters, at least two.
fn tolerance(key: &str) -> usize {
    (key.chars().count() / 4).max(2)
}

/// Distance from a pattern to the key, and the pattern written with the key's labels.
fn closeness(pattern: &str, key_segments: &[&str], key: &str) -> (usize, String) {
    let pattern_segments: Vec<&str> = pattern.split('.').collect();
    let star = pattern_segments.last().is_some_and(|s| s.ends_with("*>"));
    let fixed = if star {
        pattern_segments.len() - 1
    } else {
        pattern_segments.len()
    };
    let aligned = if star {
        key_segments.len() > fixed
    } else {
        key_segments.len() == fixed
    };
    if !aligned {
        return (levenshtein(pattern, key), pattern.to_string());
    }
    let mut distance = 0;
    let mut written = Vec::with_capacity(key_segments.len());
    for (i, segment) in key_segments.iter().enumerate() {
        match pattern_segments.get(i.min(fixed)) {
            Some(p) if is_label(p) => written.push((*segment).to_string()),
            Some(p) => {
                distance += levenshtein(p, segment);
                written.push((*p).to_string());
            }
            None => written.push((*segment).to_string()),
        }
    }
    (distance, written.join("."))
}

fn is_label(segment: &str) -> bool {
    segment.starts_with('<') && segment.ends_with('>')
}

fn pattern_may_start_with(pattern: &str, prefix: &str) -> bool {
    let pattern_segments: Vec<&str> = pattern.split('.').collect();
    let prefix_segments: Vec<&str> = prefix.split('.').collect();
    let last = prefix_segments.len() - 1;
    for (i, segment) in prefix_segments.iter().enumerate() {
        let Some(p) = pattern_segments.get(i) else {
            return pattern_segments.last().is_some_and(|s| s.ends_with("*>"));
        };
        if p.ends_with("*>") {
            return true;
        }
        let fits = if is_label(p) {
            true
        } else if i == last {
            p.starts_with(segment)
        } else {
            p == segment
        };
        if !fits {
            return false;
        }
    }
    true
}

/// Edit distance between two strings, by characters.
pub fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != *cb);
            current.push(substitute.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_keep_the_keys_labels() {
        assert_eq!(
            suggest("disk.vdb.utl_pct").as_deref(),
            Some("disk.vdb.util_pct")
        );
        assert_eq!(
            suggest("disk.busiest.utl_pct").as_deref(),
            Some("disk.busiest.util_pct")
        );
        assert_eq!(suggest("cpu.util_pc").as_deref(), Some("cpu.util_pct"));
        assert_eq!(suggest("completely.unrelated.thing"), None);
    }

    #[test]
    fn templates_and_prefixes_pass_when_a_key_could_match() {
        assert!(template_may_match("disk.${}.aqu_sz"));
        assert!(template_may_match("bench.${}"));
        assert!(!template_may_match("disk.${}.aqu_size"));
        assert!(template_may_match("net.eth0.${}"));
        assert!(template_may_match("cpu.${}_pct"));
        assert!(template_may_match("sysctl.${}"));
        assert!(template_may_match("${}.util_pct"));
        assert!(!template_may_match("nothing.${}"));
        assert!(prefix_may_match("disk."));
        assert!(prefix_may_match("target."));
        assert!(prefix_may_match("sysctl.kernel."));
        assert!(!prefix_may_match("dsk."));
    }

    #[test]
    fn edit_distance() {
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("", "abc"), 3);
        assert_eq!(levenshtein("same", "same"), 0);
    }
}
