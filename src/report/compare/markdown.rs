//! The comparison as Markdown: the chain of runs, then per change and host the
//! benchmark gain, the matched recommended step, the key metrics side by side and the
//! findings that disappeared or appeared.

use super::{
    CompareExporter, after_value, before_value, delta, gain_line, match_action, match_sentence,
    matches_label, sections, transition, verdict_change,
};
use crate::compare::{Change, Comparison, HostChange};
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::i18n::localize;
use crate::report::markdown_text::{bold_lead, code, header, row, text};
use std::fmt::Write;

pub struct CompareMarkdown {
    pub lang: Lang,
}

impl CompareExporter for CompareMarkdown {
    fn serialize(&self, c: &Comparison) -> anyhow::Result<Vec<u8>> {
        let lang = self.lang;
        let l = |label: Label| label.text(lang);
        let mut out = String::new();
        writeln!(out, "# {}\n", l(Label::CompareTitle))?;
        writeln!(
            out,
            "{}{}perfsage {}{}\n",
            l(Label::GeneratedBy),
            labels::colon(lang),
            text(&c.perfsage_version),
            labels::sentence_end(lang).trim_end()
        )?;
        writeln!(out, "## {}\n", l(Label::Chain))?;
        for (i, s) in c.snapshots.iter().enumerate() {
            writeln!(
                out,
                "{}. **{}** — {}",
                i + 1,
                text(&s.label),
                code(&s.source)
            )?;
        }
        out.push('\n');
        for (change, overall) in sections(c) {
            let heading = text(&transition(c, change));
            if overall {
                writeln!(
                    out,
                    "## {}{}{heading}\n",
                    l(Label::Overall),
                    labels::colon(lang)
                )?;
            } else {
                writeln!(out, "## {heading}\n")?;
            }
            for host in &change.hosts {
                self.host(&mut out, c, (change, overall), host)?;
            }
            for unpaired in &change.unpaired {
                writeln!(out, "- {} {}", l(Label::OnlyIn), text(unpaired))?;
            }
        }
        Ok(out.into_bytes())
    }
}

impl CompareMarkdown {
    fn host(
        &self,
        out: &mut String,
        c: &Comparison,
        (change, overall): (&Change, bool),
        h: &HostChange,
    ) -> std::fmt::Result {
        let lang = self.lang;
        let l = |label: Label| label.text(lang);
        let name = match &h.host_before {
            Some(before) => format!("{} → {}", text(before), text(&h.host)),
            None => text(&h.host),
        };
        writeln!(out, "### {} {name}\n", l(Label::Host))?;
        let lead = |label: Label| bold_lead(l(label), lang);
        writeln!(
            out,
            "- {}{}",
            lead(Label::Verdict),
            text(&verdict_change(h, lang))
        )?;
        for gain in &h.gains {
            writeln!(
                out,
                "- {}{}",
                lead(Label::BenchmarkGain),
                text(&gain_line(c, change, gain, lang))
            )?;
        }
        match h.matches.first() {
            None => writeln!(
                out,
                "- {}{}",
                lead(matches_label(overall)),
                l(Label::NoMatchedStep)
            )?,
            Some(best) => {
                writeln!(
                    out,
                    "- {}{}",
                    lead(matches_label(overall)),
                    text(&match_sentence(best, lang))
                )?;
                if let Some(action) = match_action(best, lang) {
                    writeln!(out, "  {}", text(action))?;
                }
                for other in &h.matches[1..] {
                    writeln!(out, "  - {}", text(&match_sentence(other, lang)))?;
                }
            }
        }
        out.push('\n');
        out.push_str(&header(&[
            l(Label::Metric),
            l(Label::Before),
            l(Label::After),
            l(Label::Change),
        ]));
        for m in &h.metrics {
            let (delta, good) = delta(m, lang);
            let delta = match good {
                Some(_) => format!("**{}**", text(&delta)),
                None => text(&delta),
            };
            out.push_str(&row(&[
                text(&labels::metric_name(&m.key, lang)),
                text(&before_value(c, m)),
                text(&after_value(c, m)),
                delta,
            ]));
        }
        out.push('\n');
        for (label, findings) in [
            (Label::FindingsGone, &h.findings_gone),
            (Label::FindingsNew, &h.findings_new),
        ] {
            if findings.is_empty() {
                continue;
            }
            writeln!(out, "**{}**\n", l(label))?;
            for f in findings {
                writeln!(
                    out,
                    "- \\[{}\\] {} — {}",
                    labels::severity(f.severity, lang),
                    code(&f.rule),
                    text(localize::finding_title(f, lang))
                )?;
            }
            out.push('\n');
        }
        Ok(())
    }
}
