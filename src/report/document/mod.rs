//! The report as a document, decided once per diagnosis and language: per host a
//! verdict and sections, each section a heading over one block (a table of typed cells,
//! key metrics, the walked path, finding blocks, notes, conflicts or chart references).
//! The table, Markdown and HTML reports only render these primitives, so what a report
//! says, in which words and order, cannot differ between formats by accident.

mod build;
mod finding;
mod grid;
mod next_actions;

pub use build::{document, host, target};
pub use finding::{Evidence, FindingBlock, Recommendation, SourceGain, finding};
pub use grid::{ActionCell, Cell, Column, DASH, Grid};

use super::i18n::labels::{Label, Lang};
use crate::diagnosis::{Charts, MethodologyMap, StepTaken};
use crate::rules::Resource;

/// One diagnosis as a report says it.
pub struct Document<'a> {
    pub lang: Lang,
    pub bundle: &'a str,
    pub version: &'a str,
    pub hosts: Vec<HostPart<'a>>,
}

/// One host: who it is, the verdict, the target and the sections in report order.
pub struct HostPart<'a> {
    pub name: &'a str,
    /// Role and platform, when known.
    pub tags: Vec<&'a str>,
    pub resource: Resource,
    pub headline: String,
    /// The verdict's confidence, 0 to 1.
    pub confidence: f64,
    pub summary: String,
    pub target: Option<Target>,
    pub sections: Vec<Section<'a>>,
}

impl HostPart<'_> {
    /// `Verdict: CPU limits throughput`, the same words in every format.
    pub fn verdict(&self, lang: Lang) -> String {
        format!(
            "{}{}{}",
            Label::Verdict.text(lang),
            super::i18n::labels::colon(lang),
            self.headline
        )
    }

    /// `confidence 90 %`, shown after the verdict.
    pub fn confidence(&self, lang: Lang) -> String {
        format!(
            "{} {:.0} %",
            Label::Confidence.text(lang).to_lowercase(),
            self.confidence * 100.0
        )
    }
}

/// Whether the best result meets the declared target, in the report's language.
pub struct Target {
    pub met: bool,
    pub summary: String,
}

/// A heading over one block. `kind` names what the section is about, for formats that
/// lay some sections out their own way (the HTML page's metric cards, for one).
pub struct Section<'a> {
    pub kind: SectionKind,
    pub heading: &'static str,
    pub block: Block<'a>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SectionKind {
    KeyMetrics,
    NextActions,
    Charts,
    StepsTaken,
    Findings,
    OffPathFindings,
    StepsNotTaken,
    RuleErrors,
    CaptureNext,
    FactConflicts,
    Captures,
}

pub enum Block<'a> {
    /// Named values with their source, e.g. key metrics.
    Metrics(Vec<Metric>),
    Grid(Grid),
    /// The steps walked, in order.
    Path(Vec<PathStep<'a>>),
    Findings(Vec<FindingBlock<'a>>),
    /// Short notes about a named thing (a rule and its error).
    Notes(Vec<Note>),
    /// Facts read twice: which reading was kept and which ignored.
    Conflicts(Vec<Conflict>),
    /// What the charts are drawn from; only formats that draw charts show them.
    Charts(ChartRefs<'a>),
}

/// A key metric: its name in the report's language, the value split from its unit,
/// and the file:line it was read from.
pub struct Metric {
    pub name: String,
    pub number: String,
    /// Empty for counts and rates named by their metric (TPS, QPS).
    pub unit: String,
    pub source: String,
}

impl Metric {
    /// The value as one text: `101.13 ms`, `3,171.06`.
    pub fn value(&self) -> String {
        if self.unit.is_empty() {
            self.number.clone()
        } else {
            format!("{} {}", self.number, self.unit)
        }
    }
}

/// A step of the walk: its id, its question in the report's language, the step and
/// guard that led to it (none for the start), and the rules that fired there.
pub struct PathStep<'a> {
    pub id: &'a str,
    pub question: &'a str,
    pub via: Option<(&'a str, &'a str)>,
    pub findings: &'a [String],
}

pub struct Note {
    pub subject: String,
    pub text: String,
}

pub struct Conflict {
    pub key: String,
    pub kept: String,
    pub ignored: String,
    pub ignored_value: String,
}

/// The data a host's charts are drawn from.
pub struct ChartRefs<'a> {
    pub host: &'a str,
    pub charts: &'a Charts,
    pub methodology: &'a MethodologyMap,
    pub steps: &'a [StepTaken],
}
