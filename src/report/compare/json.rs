//! The comparison as one JSON object (`schema_version` and `kind` first), documented
//! in docs/report-schema.md.

use super::CompareExporter;
use crate::compare::Comparison;

pub struct CompareJson;

impl CompareExporter for CompareJson {
    fn serialize(&self, comparison: &Comparison) -> anyhow::Result<Vec<u8>> {
        let mut out = serde_json::to_vec_pretty(comparison)?;
        out.push(b'\n');
        Ok(out)
    }
}
