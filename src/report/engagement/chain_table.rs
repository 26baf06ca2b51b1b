//! The chain of an engagement as the table its report opens with: per run its verdict,
//! throughput and latency, the change applied, the gain measured against the one
//! expected, and the outcome in words (`i18n::engagement_words` words the change and
//! the outcome).

use crate::diagnosis::KeyMetric;
use crate::diagnosis::key_metrics::workload_metric;
use crate::engagement::{AppliedChange, ChainRun, Outcome};
use crate::facts::Unit;
use crate::report::document::{Cell, Column, Grid};
use crate::report::i18n::engagement_words;
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::numbers::{change_pct, with_unit};

/// The chain as a table: per run its number, label, verdict, throughput and latency,
/// the change applied (with the rule of the step carried out), the gain measured
/// against the one expected, and the outcome, flagged when it asks for attention
/// (worse, or unexplained). A gain expected from another case than `engagement`
/// names it.
pub fn chain_grid(chain: &[ChainRun], engagement: &str, lang: Lang) -> Grid {
    let l = |label: Label| label.text(lang);
    let columns = vec![
        Column::number("#"),
        Column::text(l(Label::Run)),
        Column::text(l(Label::Verdict)),
        Column::text(l(Label::Throughput)),
        Column::text(l(Label::Latency)),
        Column::text(l(Label::ChangeApplied)),
        Column::text(l(Label::GainMeasuredExpected)),
        Column::text(l(Label::Outcome)),
    ];
    let rows = chain
        .iter()
        .enumerate()
        .map(|(i, run)| {
            let metric =
                |m: &Option<KeyMetric>| m.as_ref().map_or(Cell::Dash, |m| Cell::Lines(figure(m)));
            let (change, gains, outcome) = match &run.change {
                None => (
                    Cell::Text(engagement_words::baseline(lang).to_string()),
                    Cell::Dash,
                    Cell::Dash,
                ),
                Some(c) => {
                    let text = engagement_words::change(c, lang);
                    let outcome = engagement_words::outcome(c, lang);
                    (
                        match &c.step {
                            Some(step) => Cell::Annotated {
                                text,
                                code: step.clone(),
                            },
                            None => Cell::Text(text),
                        },
                        Cell::Text(gain_words(c, engagement)),
                        if matches!(c.outcome, Outcome::Worse | Outcome::Unexplained) {
                            Cell::Alert(outcome)
                        } else {
                            Cell::Text(outcome)
                        },
                    )
                }
            };
            vec![
                Cell::Number(i + 1),
                Cell::Text(run.label.clone()),
                Cell::Text(format!(
                    "{} ({:.0} %)",
                    labels::resource(run.verdict.resource, lang),
                    run.verdict.confidence * 100.0
                )),
                metric(&run.throughput),
                metric(&run.latency),
                change,
                gains,
                outcome,
            ]
        })
        .collect();
    Grid { columns, rows }
}

/// `3,171.06 TPS`, `101.13 ms`, `79 min`: the figure with its short unit, and a
/// workload's name on a line of its own.
fn figure(m: &KeyMetric) -> Vec<String> {
    let (key, workload) = match workload_metric(&m.key) {
        Some((workload, metric)) => (format!("bench.{metric}"), Some(format!("({workload})"))),
        None => (m.key.clone(), None),
    };
    let value = match m.unit {
        Unit::PerSecond | Unit::PerMinute | Unit::None | Unit::Count => format!(
            "{} {}",
            with_unit(m.value, m.unit),
            labels::metric_name(&key, Lang::En)
        ),
        unit => with_unit(m.value, unit),
    };
    std::iter::once(value).chain(workload).collect()
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
