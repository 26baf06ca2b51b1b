//! Reports: one diagnosis model, one exporter per format, each returning bytes. Only
//! the CLI writes them anywhere. `document` decides once what a diagnosis report says
//! (sections, tables, findings) in the report's language; the table, Markdown and HTML
//! exporters only render it. `i18n` holds every word in English and Chinese; `redact` takes host names and addresses out of a model before any exporter
//! sees it.

pub mod compare;
pub mod document;
pub mod engagement;
pub mod facts_listing;
pub mod fleet;
pub mod html;
pub mod i18n;
pub mod json;
pub mod markdown;
pub(crate) mod markdown_text;
pub mod numbers;
pub mod redact;
pub mod table;

use crate::diagnosis::Diagnosis;

pub trait Exporter {
    fn serialize(&self, diagnosis: &Diagnosis) -> anyhow::Result<Vec<u8>>;
}
