//! The report of `perfsage compare`: `document` builds the comparison as a report
//! document (rendered by the terminal, Markdown and HTML renderers like any report),
//! `json` writes the model itself; the sentences the document is made of are worded
//! here ("1,133,074 → 1,905,800 QPS, +68.2 %").

pub mod document;
pub mod json;

use super::i18n::labels::{self, Label, Lang};
use super::i18n::localize;
use super::numbers::{change_pct, grouped, with_unit};
use crate::compare::{Change, Comparison, Gain, MetricChange, StepMatch};
use crate::diagnosis::key_metrics::{Better, workload_metric};

/// `1,133,074 → 1,905,800 QPS, +68.2 %`, with the workload in front when the figure
/// is one workload's (`oltp_read_only: …`). Figures of a thousand and more drop their
/// fraction, as the case documents quote them (1,905,800.70 QPS → 1,905,800).
pub fn gain_sentence(g: &Gain, lang: Lang) -> String {
    let (workload, unit) = match workload_metric(&g.key) {
        Some((workload, metric)) => (
            format!("{workload}{}", labels::colon(lang)),
            labels::metric_name(&format!("bench.{metric}"), lang),
        ),
        None if g.key == "bench.runtime_min" => (String::new(), "min".to_string()),
        None => (String::new(), labels::metric_name(&g.key, lang)),
    };
    let figure = |v: f64| grouped(if v.abs() >= 1000.0 { v.trunc() } else { v });
    format!(
        "{workload}{} → {} {unit}, {}",
        figure(g.before),
        figure(g.after),
        change_pct(g.change_pct)
    )
}

/// A metric's earlier value, or a dash; with the run it comes from when that is not
/// the change's own (a chain's first run may not have measured it).
pub(super) fn before_value(c: &Comparison, m: &MetricChange) -> String {
    value(c, m, m.before, m.before_run)
}

/// A metric's later value, as `before_value`.
pub(super) fn after_value(c: &Comparison, m: &MetricChange) -> String {
    value(c, m, m.after, m.after_run)
}

fn value(c: &Comparison, m: &MetricChange, side: Option<f64>, run: Option<usize>) -> String {
    let Some(v) = side else {
        return "—".to_string();
    };
    match run.and_then(|r| c.snapshots.get(r)) {
        Some(snapshot) => format!("{} ({})", with_unit(v, m.unit), snapshot.label),
        None => with_unit(v, m.unit),
    }
}

/// The gain sentence, followed by the runs it spans when they are not the change's
/// ends: `… +25.7 % (after-bios → after-stringlib)`.
pub(super) fn gain_line(c: &Comparison, change: &Change, g: &Gain, lang: Lang) -> String {
    let sentence = gain_sentence(g, lang);
    if g.before_run.is_none() && g.after_run.is_none() {
        return sentence;
    }
    let label = |run: Option<usize>, end: usize| {
        c.snapshots
            .get(run.unwrap_or(end))
            .map_or("?", |s| s.label.as_str())
    };
    format!(
        "{sentence} ({} → {})",
        label(g.before_run, change.before),
        label(g.after_run, change.after)
    )
}

/// How a metric changed, and whether that is good (`Some(true)`), bad or neither.
pub(super) fn delta(m: &MetricChange, lang: Lang) -> (String, Option<bool>) {
    let Some(pct) = m.change_pct else {
        return ("—".to_string(), None);
    };
    let text = change_pct(pct);
    let rounded = (pct * 10.0).round();
    let good = match m.better {
        _ if rounded == 0.0 => None,
        Better::Higher => Some(pct > 0.0),
        Better::Lower => Some(pct < 0.0),
        Better::Neither => None,
    };
    let word = labels::direction(m.better, rounded, lang);
    match word {
        Some(word) if good.is_some() => (format!("{text} ({word})"), good),
        _ => (text, good),
    }
}

/// `rule — title: measured +24.6 %, in the source case +27 %`.
pub(super) fn match_sentence(m: &StepMatch, lang: Lang) -> String {
    let mut out = format!(
        "{} — {}",
        m.finding.rule,
        localize::finding_title(&m.finding, lang)
    );
    let mut figures = Vec::new();
    if let Some(measured) = m.measured_gain_pct {
        figures.push(format!(
            "{} {}",
            Label::MeasuredGain.text(lang),
            change_pct(measured)
        ));
    }
    if let Some(case) = m.case_gain_pct {
        figures.push(format!(
            "{} {}",
            Label::ExpectedGain.text(lang),
            change_pct(case)
        ));
    }
    if !figures.is_empty() {
        out.push_str(labels::colon(lang));
        out.push_str(&figures.join(", "));
    }
    out
}

/// The recommended action of a matched step, in the report's language.
pub(super) fn match_action(m: &StepMatch, lang: Lang) -> Option<&str> {
    localize::recommendation(&m.finding, lang).map(|r| r.action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_a_gain_reads_as_the_document_wrote_it() {
        let gain = Gain {
            key: "bench.wl.oltp_read_only.qps".into(),
            before: 1_133_074.43,
            after: 1_905_800.7,
            change_pct: (1_905_800.7 - 1_133_074.43) / 1_133_074.43 * 100.0,
            improved: true,
            before_run: None,
            after_run: None,
        };
        assert_eq!(
            gain_sentence(&gain, Lang::En),
            "oltp_read_only: 1,133,074 → 1,905,800 QPS, +68.2 %"
        );
        let runtime = Gain {
            key: "bench.runtime_min".into(),
            before: 79.0,
            after: 63.0,
            change_pct: -20.25,
            improved: true,
            before_run: None,
            after_run: None,
        };
        assert_eq!(gain_sentence(&runtime, Lang::Zh), "79 → 63 min, -20.3 %");
    }
}
