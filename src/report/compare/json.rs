//! The comparison as one JSON object (`schema_version` and `kind` first), documented
//! in docs/report-schema.md.

use crate::compare::Comparison;

pub fn serialize(comparison: &Comparison) -> anyhow::Result<Vec<u8>> {
    let mut out = serde_json::to_vec_pretty(comparison)?;
    out.push(b'\n');
    Ok(out)
}
