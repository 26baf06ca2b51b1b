//! The chain of an engagement as the rows every format prints: per run its verdict,
//! throughput and latency, the change applied, the gain measured against the one
//! expected, and the outcome in words. One place writes these texts so the table,
//! Markdown and HTML reports tell the same story.

use crate::diagnosis::KeyMetric;
use crate::diagnosis::key_metrics::workload_metric;
use crate::engagement::{AppliedChange, ChainRun, Outcome};
use crate::facts::Unit;
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
                    text(lang, "baseline", "基线").to_string(),
                    None,
                    "—".to_string(),
                    "—".to_string(),
                    false,
                ),
                Some(c) => (
                    change_words(c, lang),
                    c.step.clone(),
                    gain_words(c, engagement),
                    outcome_words(c, lang),
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

fn text<'a>(lang: Lang, en: &'a str, zh: &'a str) -> &'a str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// What was changed: the step's title (or the declared text), how we know, and who
/// did it when.
fn change_words(c: &AppliedChange, lang: Lang) -> String {
    let title = match (lang, &c.step_title_zh, &c.step_title) {
        (Lang::Zh, Some(zh), _) => Some(zh.clone()),
        (_, _, Some(title)) => Some(title.clone()),
        _ => None,
    };
    let mut words = match (&c.declared, title) {
        (Some(declared), Some(title)) => title_with_detail(&title, declared.detail.as_deref()),
        (Some(declared), None) => title_with_detail(&declared.applied, declared.detail.as_deref()),
        (None, Some(title)) => format!(
            "{}{}",
            text(lang, "not declared; matches: ", "未声明；对应："),
            title
        ),
        (None, None) => text(lang, "none declared", "未声明").to_string(),
    };
    if c.step.is_some() && !c.inferred {
        words.push_str(if c.recommended {
            text(
                lang,
                " (recommended by the run before)",
                "（上一轮推荐的步骤）",
            )
        } else {
            text(
                lang,
                " (not recommended by the run before)",
                "（上一轮未推荐）",
            )
        });
    }
    if let Some(declared) = &c.declared {
        let who: Vec<&str> = [declared.by.as_deref(), declared.date.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        if !who.is_empty() {
            words.push_str(&format!(" — {}", who.join(", ")));
        }
    }
    words
}

fn title_with_detail(title: &str, detail: Option<&str>) -> String {
    match detail {
        Some(detail) => format!("{title}: {detail}"),
        None => title.to_string(),
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

fn outcome_words(c: &AppliedChange, lang: Lang) -> String {
    match c.outcome {
        Outcome::Helped => {
            let verdict = match (c.measured_gain_pct, c.expected_gain_pct) {
                (Some(measured), Some(expected)) if expected > 0.0 => {
                    let ratio = measured / expected;
                    if (0.75..=1.25).contains(&ratio) {
                        text(lang, ", as expected", "，与预期相符")
                    } else if ratio < 0.75 {
                        text(lang, ", less than expected", "，低于预期")
                    } else {
                        text(lang, ", more than expected", "，高于预期")
                    }
                }
                _ => "",
            };
            format!("{}{verdict}", text(lang, "helped", "有效"))
        }
        Outcome::NoEffect => text(
            lang,
            "no measurable effect (within ±2 %)",
            "无可测效果（±2 % 以内）",
        )
        .to_string(),
        Outcome::Worse => {
            let mut words = text(lang, "made it worse: roll back", "变差：应回退").to_string();
            if let Some(rollback) = &c.rollback {
                words.push_str(&format!("{}{rollback}", labels::colon(lang)));
            }
            words
        }
        Outcome::Unexplained => text(
            lang,
            "a gain no declared change explains: record what changed (perfsage log)",
            "收益无对应的已声明改动：请记录改了什么（perfsage log）",
        )
        .to_string(),
        Outcome::NotMeasured => text(
            lang,
            "not measured: a run lacks the benchmark result",
            "无法衡量：某一轮缺少基准测试结果",
        )
        .to_string(),
    }
}
