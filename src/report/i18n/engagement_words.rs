//! The words of an engagement's chain in English or Chinese: the baseline, the change
//! applied to a run (its step, how we know, who did it when) and its outcome against
//! the gain expected.

use super::labels::{self, Lang};
use crate::engagement::{AppliedChange, Outcome};

/// The first run's change column.
pub fn baseline(lang: Lang) -> &'static str {
    text(lang, "baseline", "基线")
}

/// What was changed: the step's title (or the declared text), how we know, and who
/// did it when.
pub fn change(c: &AppliedChange, lang: Lang) -> String {
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

/// Whether the change helped, and by as much as expected.
pub fn outcome(c: &AppliedChange, lang: Lang) -> String {
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

fn text<'a>(lang: Lang, en: &'a str, zh: &'a str) -> &'a str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}
