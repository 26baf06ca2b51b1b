//! The diagnosis as one JSON object for machines (`schema_version` first).

use super::Exporter;
use crate::diagnosis::Diagnosis;

pub struct Json;

impl Exporter for Json {
    fn serialize(&self, diagnosis: &Diagnosis) -> anyhow::Result<Vec<u8>> {
        let mut out = serde_json::to_vec_pretty(diagnosis)?;
        out.push(b'\n');
        Ok(out)
    }
}
