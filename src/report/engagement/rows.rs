//! The chain of an engagement as the rows every format prints: per run its verdict,
//! throughput and latency, the change applied, the gain measured against the one
//! expected, and the outcome in words (`i18n::engagement_words` words the change and
//! the outcome). One place builds these rows so the table, Markdown and HTML reports
//! tell the same story.

use crate::diagnosis::KeyMetric;
use crate::diagnosis::key_metrics::workload_metric;
use crate::engagement::{AppliedChange, ChainRun, Outcome};
use crate::facts::Unit;
use crate::report::i18n::engagement_words;
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::numbers::{change_pct, with_unit};

pub struct ChainRow {
    pub number: usize,
    pub label: String,
    pub verdict: String,
    pub throughput: String,
    pub latency: String,
    pub change: String,
    /// The rule id of the step carried out, when there is one.
    pub step: Option<String>,
    pub gains: String,
    pub outcome: String,
    /// Whether the outcome asks for attention (worse, or unexplained).
    pub flagged: bool,
}

/// The chain's column headings, in the order of a row's fields.
pub fn header(lang: Lang) -> [&'static str; 8] {
    [
        "#",
        Label::Run.text(lang),
        Label::Verdict.text(lang),
        Label::Throughput.text(lang),
        Label::Latency.text(lang),
        Label::ChangeApplied.text(lang),
        Label::GainMeasuredExpected.text(lang),
        Label::Outcome.text(lang),
    ]
}

/// The rows of `chain`; a gain expected from another case than `engagement` names it.
pub fn rows(chain: &[ChainRun], engagement: &str, lang: Lang) -> Vec<ChainRow> {
    chain
        .iter()
        .enumerate()
        .map(|(i, run)| {
            let metric = |m: &Option<KeyMetric>| m.as_ref().map_or("—".to_string(), figure);
            let (change, step, gains, outcome, flagged) = match &run.change {
                None => (
                    engagement_words::baseline(lang).to_string(),
                    None,
                    "—".to_string(),
                    "—".to_string(),
                    false,
                ),
                Some(c) => (
                    engagement_words::change(c, lang),
                    c.step.clone(),
                    gain_words(c, engagement),
                    engagement_words::outcome(c, lang),
                    matches!(c.outcome, Outcome::Worse | Outcome::Unexplained),
                ),
            };
            ChainRow {
                number: i + 1,
                label: run.label.clone(),
                verdict: format!(
                    "{} ({:.0} %)",
                    labels::resource(run.verdict.resource, lang),
                    run.verdict.confidence * 100.0
                ),
                throughput: metric(&run.throughput),
                latency: metric(&run.latency),
                change,
                step,
                gains,
                outcome,
                flagged,
            }
        })
        .collect()
}

/// `3,171.06 TPS`, `101.13 ms`, `79 min`: the figure with its short unit, and a
/// workload's name on a line of its own.
fn figure(m: &KeyMetric) -> String {
    let (key, workload) = match workload_metric(&m.key) {
        Some((workload, metric)) => (format!("bench.{metric}"), format!("\n({workload})")),
        None => (m.key.clone(), String::new()),
    };
    match m.unit {
        Unit::PerSecond | Unit::PerMinute | Unit::None | Unit::Count => format!(
            "{} {}{workload}",
            with_unit(m.value, m.unit),
            labels::metric_name(&key, Lang::En)
        ),
        unit => format!("{}{workload}", with_unit(m.value, unit)),
    }
}

/// `+24.6 % (3,171 → 3,952) / +27 %`, naming the case the expected gain comes from
/// when it is not this engagement.
fn gain_words(c: &AppliedChange, engagement: &str) -> String {
    let measured = match (&c.measured, c.measured_gain_pct) {
        (Some(g), Some(pct)) => format!(
            "{} ({} → {})",
            change_pct(pct),
            with_unit(g.before.round(), Unit::None),
            with_unit(g.after.round(), Unit::None)
        ),
        _ => "—".to_string(),
    };
    let expected = match (c.expected_gain_pct, &c.expected_in_case) {
        (Some(pct), Some(case)) if case != engagement => format!("{} ({case})", change_pct(pct)),
        (Some(pct), _) => change_pct(pct),
        _ => "—".to_string(),
    };
    format!("{measured} / {expected}")
}
