//! The report as one self-contained HTML page to hand to a customer: inline style
//! sheet (light, dark and print), charts as inline SVG drawn from the model, flame
//! graphs drawn by inferno, and every captured text escaped. Nothing is fetched.

mod charts;
mod data_uri;
pub(crate) mod escape;
mod finding_card;
mod flame_graph;
pub(crate) mod host_section;
mod hotspot_chart;
mod methodology_chart;
pub(crate) mod page;
mod scaling_chart;
pub(crate) mod svg;
mod utilisation_chart;

use super::Exporter;
use super::document;
use super::i18n::labels::{Label, Lang};
use crate::diagnosis::Diagnosis;
pub(crate) use finding_card::render as finding_card;

pub struct Html {
    pub lang: Lang,
}

impl Exporter for Html {
    fn serialize(&self, diagnosis: &Diagnosis) -> anyhow::Result<Vec<u8>> {
        let lang = self.lang;
        let doc = document::document(diagnosis, lang);
        let mut body = String::new();
        for (i, part) in doc.hosts.iter().enumerate() {
            body.push_str(&host_section::render(part, &host_section::anchor(i), lang));
        }
        let contents = doc
            .hosts
            .iter()
            .enumerate()
            .map(|(i, h)| {
                (
                    host_section::anchor(i),
                    format!("{} — {}", h.name, h.headline),
                    format!("res-{}", h.resource),
                )
            })
            .collect();
        let head = page::Masthead {
            title: Label::ReportTitle.text(lang),
            subtitle_label: Label::DiagnosisOf.text(lang),
            subtitle_code: doc.bundle,
            contents,
        };
        Ok(page::document(lang, doc.version, &head, &body).into_bytes())
    }
}
