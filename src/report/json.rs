//! The diagnosis as one JSON object for machines (`schema_version` first).

use crate::diagnosis::Diagnosis;

pub fn serialize(diagnosis: &Diagnosis) -> anyhow::Result<Vec<u8>> {
    let mut out = serde_json::to_vec_pretty(diagnosis)?;
    out.push(b'\n');
    Ok(out)
}
