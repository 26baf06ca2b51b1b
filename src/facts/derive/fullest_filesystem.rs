//! `fs.fullest.name` and `fs.fullest.used_pct`: the file system closest to full, in
//! space or in inodes, whichever is fuller, from df's shares. One key a rule can need
//! for "df was captured" (a file system's own keys are named after its device).

use super::{Fact, Facts, Unit, Value, fact};

pub fn derive(facts: &mut Facts) {
    let fullest = facts
        .with_prefix("fs.")
        .filter(|f| f.key.ends_with(".used_pct") || f.key.ends_with(".inodes_used_pct"))
        .filter_map(|f| Some((device(&f.key)?, f.value.as_number()?, f)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(device, share, f): (&str, f64, &Fact)| {
            (device.to_string(), share, f.provenance.clone())
        });
    if let Some((device, share, provenance)) = fullest {
        facts.derive(fact(
            "fs.fullest.name",
            Value::Text(device),
            Unit::None,
            provenance.clone(),
        ));
        facts.derive(fact(
            "fs.fullest.used_pct",
            Value::Number(share),
            Unit::Percent,
            provenance,
        ));
    }
}

/// `vda` of `fs.vda.used_pct` or `fs.vda.inodes_used_pct`; none for `fs.fullest.…`.
fn device(key: &str) -> Option<&str> {
    let rest = key.strip_prefix("fs.")?;
    let device = rest
        .strip_suffix(".inodes_used_pct")
        .or_else(|| rest.strip_suffix(".used_pct"))?;
    (device != "fullest" && !device.contains('.')).then_some(device)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::Provenance;

    fn share(key: &str, value: f64, line: u64) -> Fact {
        let provenance = Provenance {
            file: "df.txt".into(),
            line,
            line_end: line,
            tool: "df".into(),
        };
        fact(key, Value::Number(value), Unit::Percent, provenance)
    }

    #[test]
    fn inodes_count_as_much_as_space() {
        let mut facts = Facts::default();
        facts.insert(share("fs.vda.used_pct", 18.0, 4));
        facts.insert(share("fs.loop0.used_pct", 97.0, 7));
        facts.insert(share("fs.loop1.inodes_used_pct", 100.0, 17));
        derive(&mut facts);
        assert_eq!(facts.text("fs.fullest.name"), Some("loop1"));
        assert_eq!(facts.number("fs.fullest.used_pct"), Some(100.0));
        assert_eq!(
            facts.get("fs.fullest.used_pct").unwrap().provenance.line,
            17
        );
    }

    #[test]
    fn nothing_without_df() {
        let mut facts = Facts::default();
        derive(&mut facts);
        assert!(!facts.contains("fs.fullest.name"));
    }
}
