//! Reports: one diagnosis model, one exporter per format, each returning bytes. Only
//! the CLI writes them anywhere.

pub mod facts_listing;
pub mod json;
pub mod table;

use crate::diagnosis::Diagnosis;

pub trait Exporter {
    fn serialize(&self, diagnosis: &Diagnosis) -> anyhow::Result<Vec<u8>>;
}
