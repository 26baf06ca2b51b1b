//! Picks the text of the report model in the report's language. Rules and methodology
//! steps carry optional Chinese texts; each one missing falls back to English on its
//! own, so a half-translated rule still reads well. Texts the engine writes itself
//! (why a step was not taken, capture results) are put into Chinese here.

use super::labels::{Label, Lang};
use crate::diagnosis::{MethodologyMap, TargetStatus, Verdict};
use crate::parse::{CaptureReport, CaptureStatus};
use crate::rules::{Finding, Source};

fn pick<'a>(lang: Lang, english: &'a str, chinese: Option<&'a String>) -> &'a str {
    match (lang, chinese) {
        (Lang::Zh, Some(text)) => text,
        _ => english,
    }
}

pub fn finding_title(f: &Finding, lang: Lang) -> &str {
    pick(
        lang,
        &f.title,
        f.zh.as_ref().and_then(|zh| zh.title.as_ref()),
    )
}

pub fn finding_summary(f: &Finding, lang: Lang) -> &str {
    pick(
        lang,
        &f.summary,
        f.zh.as_ref().and_then(|zh| zh.summary.as_ref()),
    )
}

/// The gain the rule's source case reported.
pub fn source_gain(s: &Source, lang: Lang) -> &str {
    pick(lang, &s.gain, s.gain_zh.as_ref())
}

pub fn verdict_summary(v: &Verdict, lang: Lang) -> &str {
    pick(lang, &v.summary, v.summary_zh.as_ref())
}

pub fn target_summary(t: &TargetStatus, lang: Lang) -> &str {
    pick(lang, &t.summary, Some(&t.summary_zh))
}

/// A finding's recommendation in one language; commands stay as written.
pub struct RecommendationText<'a> {
    pub action: &'a str,
    pub commands: &'a [String],
    pub verify: &'a str,
    pub rollback: &'a str,
    pub alternative: Option<&'a str>,
    pub cost: Option<&'a str>,
}

pub fn recommendation(f: &Finding, lang: Lang) -> Option<RecommendationText<'_>> {
    let r = f.recommendation.as_ref()?;
    let zh = f.zh.as_ref().and_then(|zh| zh.recommendation.as_ref());
    let field = |english: &'static str| -> Option<&String> {
        let zh = zh?;
        match english {
            "action" => zh.action.as_ref(),
            "verify" => zh.verify.as_ref(),
            "rollback" => zh.rollback.as_ref(),
            "alternative" => zh.alternative.as_ref(),
            _ => zh.cost.as_ref(),
        }
    };
    Some(RecommendationText {
        action: pick(lang, &r.action, field("action")),
        commands: &r.commands,
        verify: pick(lang, &r.verify, field("verify")),
        rollback: pick(lang, &r.rollback, field("rollback")),
        alternative: r
            .alternative
            .as_deref()
            .map(|a| pick(lang, a, field("alternative"))),
        cost: r.cost.as_deref().map(|c| pick(lang, c, field("cost"))),
    })
}

/// A step's question, from the methodology the diagnosis was made with.
pub fn step_title<'a>(
    map: &'a MethodologyMap,
    step: &str,
    english: &'a str,
    lang: Lang,
) -> &'a str {
    pick(
        lang,
        english,
        map.step(step).and_then(|s| s.title_zh.as_ref()),
    )
}

/// Why a step was not taken. The walk writes these in English in a few fixed shapes;
/// in Chinese each shape is rewritten, keeping the step ids, guards and fact keys.
pub fn skipped_reason(reason: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return reason.to_string();
    }
    if reason == Label::NoStepLeadsHere.text(Lang::En) {
        return Label::NoStepLeadsHere.text(lang).to_string();
    }
    let Some((from, rest)) = reason
        .strip_prefix("from ")
        .and_then(|r| r.split_once(": "))
    else {
        return reason.to_string();
    };
    if let Some(guard) = rest.strip_suffix(" is false") {
        return format!("从 {from} 出发：条件 {guard} 不成立");
    }
    if let Some((guard, keys)) = rest.split_once(" needs missing facts ") {
        return format!("从 {from} 出发：条件 {guard} 需要的事实缺失：{keys}");
    }
    if let Some(rest) = rest.strip_prefix("guard ")
        && let Some((guard, detail)) = rest.split_once(" failed (")
    {
        let detail = detail.strip_suffix(')').unwrap_or(detail);
        return format!("从 {from} 出发：条件 {guard} 求值出错（{detail}）");
    }
    reason.to_string()
}

/// The capture a hint names; the engine's own placeholder is translated.
pub fn capture_hint(capture: &str, lang: Lang) -> &str {
    if capture == Label::NoParser.text(Lang::En) {
        Label::NoParser.text(lang)
    } else {
        capture
    }
}

/// Who needs a hint: a rule or step id, or the methodology's guards.
pub fn needed_by(who: &str, lang: Lang) -> &str {
    if who == Label::MethodologyGuard.text(Lang::En) {
        Label::MethodologyGuard.text(lang)
    } else {
        who
    }
}

/// How a capture was read: "42 facts", "not recognised: …", "error at line 3: …",
/// with its encoding and warnings on further lines.
pub fn capture_result(capture: &CaptureReport, lang: Lang) -> Vec<String> {
    let mut lines = vec![match &capture.status {
        CaptureStatus::Parsed => format!("{} {}", capture.facts, Label::Facts.text(lang)),
        CaptureStatus::Failed {
            line: Some(l),
            message,
        } => format!("{} {l}: {message}", Label::ErrorAtLine.text(lang)),
        CaptureStatus::Failed {
            line: None,
            message,
        } => format!("{}: {message}", Label::Error.text(lang)),
        CaptureStatus::Unrecognized { reason } => {
            format!("{}: {reason}", Label::NotRecognised.text(lang))
        }
    }];
    if let Some(encoding) = capture.encoding {
        lines.push(format!("{} {encoding}", Label::ReadAs.text(lang)));
    }
    for warning in &capture.warnings {
        lines.push(match lang {
            Lang::En => format!("line {}: {}", warning.line, warning.message),
            Lang::Zh => format!("第 {} 行：{}", warning.line, warning.message),
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skipped_reasons_in_chinese_keep_ids_and_guards() {
        let cases = [
            (
                "from cpu: `fired(\"resource.cpu_saturated\")` is false",
                "从 cpu 出发：条件 `fired(\"resource.cpu_saturated\")` 不成立",
            ),
            (
                "from storage: `flag(\"host.virtualized\")` needs missing facts host.virtualized",
                "从 storage 出发：条件 `flag(\"host.virtualized\")` 需要的事实缺失：host.virtualized",
            ),
            (
                "from cpu: guard `x` failed (methodology.yaml:3: boom)",
                "从 cpu 出发：条件 `x` 求值出错（methodology.yaml:3: boom）",
            ),
            (
                "no step leading here was taken",
                "没有走到通向此步骤的上一步",
            ),
            ("something new", "something new"),
        ];
        for (english, chinese) in cases {
            assert_eq!(skipped_reason(english, Lang::Zh), chinese);
            assert_eq!(skipped_reason(english, Lang::En), english);
        }
    }
}
