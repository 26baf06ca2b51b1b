//! Picks the text of the report model in the report's language. Rules and methodology
//! steps carry optional Chinese texts; each one missing falls back to English on its
//! own, so a half-translated rule still reads well. What the engine records as typed
//! values (why a step was not taken, what to capture next, how a capture was read) is
//! worded here in either language.

use super::labels::{Label, Lang};
use crate::diagnosis::{CaptureSource, MethodologyMap, NeededBy, Quoted};
use crate::graph::SkipReason;
use crate::parse::{CaptureReport, CaptureStatus};
use crate::rules::{Finding, Source};

fn pick<'a>(lang: Lang, english: &'a str, chinese: Option<&'a String>) -> &'a str {
    match (lang, chinese) {
        (Lang::Zh, Some(text)) => text,
        _ => english,
    }
}

/// A finding's words the diagnosis kept in both languages (its title in a verdict or
/// a fleet summary).
pub fn quoted(text: &Quoted, lang: Lang) -> &str {
    pick(lang, &text.en, text.zh.as_ref())
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

/// Why a step was not taken, keeping the step ids, guards and fact keys as written.
pub fn skipped_reason(reason: &SkipReason, lang: Lang) -> String {
    match (reason, lang) {
        (SkipReason::NotLedTo, _) => Label::NoStepLeadsHere.text(lang).to_string(),
        (SkipReason::GuardFalse { from, guard }, Lang::En) => {
            format!("from {from}: `{guard}` is false")
        }
        (SkipReason::GuardFalse { from, guard }, Lang::Zh) => {
            format!("从 {from} 出发：条件 `{guard}` 不成立")
        }
        (SkipReason::FactsMissing { from, guard, facts }, Lang::En) => {
            format!(
                "from {from}: `{guard}` needs missing facts {}",
                facts.join(", ")
            )
        }
        (SkipReason::FactsMissing { from, guard, facts }, Lang::Zh) => {
            format!(
                "从 {from} 出发：条件 `{guard}` 需要的事实缺失：{}",
                facts.join(", ")
            )
        }
        (
            SkipReason::GuardFailed {
                from,
                guard,
                location,
                error,
            },
            Lang::En,
        ) => format!("from {from}: guard `{guard}` failed ({location}: {error})"),
        (
            SkipReason::GuardFailed {
                from,
                guard,
                location,
                error,
            },
            Lang::Zh,
        ) => format!("从 {from} 出发：条件 `{guard}` 求值出错（{location}: {error}）"),
    }
}

/// What a hint asks to capture.
pub fn capture_hint(capture: &CaptureSource, lang: Lang) -> String {
    match (capture, lang) {
        (CaptureSource::Command(command), _) => command.clone(),
        (CaptureSource::NoParser, _) => Label::NoParser.text(lang).to_string(),
        (CaptureSource::NoHardwareCounters(events), Lang::En) => format!(
            "(perf stat ran but this host cannot count {}: no hardware PMU; count on bare metal or in a VM given a virtual PMU)",
            events.join(" or ")
        ),
        (CaptureSource::NoHardwareCounters(events), Lang::Zh) => format!(
            "（perf stat 已运行，但本机无法计数 {}：没有硬件 PMU；请在物理机或配置了虚拟 PMU 的虚拟机上计数）",
            events.join("、")
        ),
    }
}

/// Who needs a hint: a rule or step id, or the methodology's guards.
pub fn needed_by(who: &NeededBy, lang: Lang) -> String {
    match who {
        NeededBy::Rule(id) | NeededBy::Step(id) => id.clone(),
        NeededBy::MethodologyGuard => Label::MethodologyGuard.text(lang).to_string(),
    }
}

/// How a capture was read: "42 facts", "not recognised: …", "error at line 3: …",
/// with its encoding and warnings on further lines.
pub fn capture_result(capture: &CaptureReport, lang: Lang) -> Vec<String> {
    let mut lines = vec![match &capture.status {
        CaptureStatus::Parsed => {
            let noun = if capture.facts == 1 {
                Label::Fact
            } else {
                Label::Facts
            };
            format!("{} {}", capture.facts, noun.text(lang))
        }
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
    fn one_fact_is_not_facts() {
        let mut capture = CaptureReport {
            file: "ss.txt".into(),
            section: None,
            tool: Some("ss-info".into()),
            encoding: None,
            status: CaptureStatus::Parsed,
            warnings: Vec::new(),
            facts: 1,
            stacks: None,
        };
        assert_eq!(capture_result(&capture, Lang::En), ["1 fact"]);
        capture.facts = 2;
        assert_eq!(capture_result(&capture, Lang::En), ["2 facts"]);
        assert_eq!(capture_result(&capture, Lang::Zh), ["2 条事实"]);
    }

    #[test]
    fn skipped_reasons_keep_ids_guards_and_facts_in_both_languages() {
        let guard = "fired(\"resource.cpu_saturated\")".to_string();
        let cases = [
            (
                SkipReason::GuardFalse {
                    from: "cpu".into(),
                    guard: guard.clone(),
                },
                "from cpu: `fired(\"resource.cpu_saturated\")` is false",
                "从 cpu 出发：条件 `fired(\"resource.cpu_saturated\")` 不成立",
            ),
            (
                SkipReason::FactsMissing {
                    from: "storage".into(),
                    guard: "flag(\"host.virtualized\")".into(),
                    facts: vec!["host.virtualized".into(), "disk.count".into()],
                },
                "from storage: `flag(\"host.virtualized\")` needs missing facts host.virtualized, disk.count",
                "从 storage 出发：条件 `flag(\"host.virtualized\")` 需要的事实缺失：host.virtualized, disk.count",
            ),
            (
                SkipReason::GuardFailed {
                    from: "cpu".into(),
                    guard: "x".into(),
                    location: "methodology.yaml:3".into(),
                    error: "boom".into(),
                },
                "from cpu: guard `x` failed (methodology.yaml:3: boom)",
                "从 cpu 出发：条件 `x` 求值出错（methodology.yaml:3: boom）",
            ),
            (
                SkipReason::NotLedTo,
                "no step leading here was taken",
                "没有走到通向此步骤的上一步",
            ),
        ];
        for (reason, english, chinese) in cases {
            assert_eq!(skipped_reason(&reason, Lang::En), english);
            assert_eq!(skipped_reason(&reason, Lang::Zh), chinese);
        }
    }

    #[test]
    fn capture_hints_word_the_engines_own_sources() {
        let pmu = CaptureSource::NoHardwareCounters(vec!["cycles".into(), "instructions".into()]);
        assert!(capture_hint(&pmu, Lang::En).contains("cannot count cycles or instructions"));
        assert!(capture_hint(&pmu, Lang::Zh).contains("cycles、instructions"));
        let command = CaptureSource::Command("lscpu".into());
        assert_eq!(capture_hint(&command, Lang::Zh), "lscpu");
        assert_ne!(
            capture_hint(&CaptureSource::NoParser, Lang::En),
            capture_hint(&CaptureSource::NoParser, Lang::Zh)
        );
        assert_eq!(
            needed_by(&NeededBy::Rule("os.thp".into()), Lang::Zh),
            "os.thp"
        );
        assert_eq!(
            needed_by(&NeededBy::MethodologyGuard, Lang::Zh),
            "方法论条件"
        );
    }
}
