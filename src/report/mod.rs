//! Reports, each returned as bytes; only the CLI writes them anywhere. Every report
//! (diagnosis, comparison, engagement, fleet summary) is first built as one `document`
//! that decides what it says in the report's language; the table, Markdown and HTML
//! renderers only render documents, JSON writes the models themselves. `i18n` holds
//! every word in English and Chinese; `redact` takes host names and addresses out of a
//! model before any report is built from it.

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

use document::Document;

/// The formats a report document is rendered in.
#[derive(Debug, Clone, Copy)]
pub enum Layout {
    /// Lines and box-drawn tables wrapped to `width` columns.
    Table {
        width: u16,
    },
    Markdown,
    Html,
}

impl Layout {
    pub fn render(self, doc: &Document) -> Vec<u8> {
        match self {
            Layout::Table { width } => table::render(doc, width),
            Layout::Markdown => markdown::render(doc),
            Layout::Html => html::render(doc),
        }
        .into_bytes()
    }
}
