//! The comparison as Markdown: the parts of the comparison document as headings, lists
//! and one table of key metrics per host.

use super::CompareExporter;
use super::document::{CompareDocument, HostPart, document};
use crate::compare::Comparison;
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::markdown_text::{bold_lead, code, header, row, text};
use std::fmt::Write;

pub struct CompareMarkdown {
    pub lang: Lang,
}

impl CompareExporter for CompareMarkdown {
    fn serialize(&self, c: &Comparison) -> anyhow::Result<Vec<u8>> {
        let lang = self.lang;
        let doc: CompareDocument = document(c, lang);
        let l = |label: Label| label.text(lang);
        let mut out = String::new();
        writeln!(out, "# {}\n", l(Label::CompareTitle))?;
        writeln!(
            out,
            "{}{}perfsage {}{}\n",
            l(Label::GeneratedBy),
            labels::colon(lang),
            text(doc.version),
            labels::sentence_end(lang).trim_end()
        )?;
        writeln!(out, "## {}\n", l(Label::Chain))?;
        for (i, run) in doc.chain.iter().enumerate() {
            writeln!(
                out,
                "{}. **{}** — {}",
                i + 1,
                text(run.label),
                code(run.source)
            )?;
        }
        out.push('\n');
        for change in &doc.changes {
            writeln!(out, "## {}\n", text(&change.heading))?;
            for host in &change.hosts {
                self.host(&mut out, host)?;
            }
            for unpaired in change.unpaired {
                writeln!(out, "- {} {}", l(Label::OnlyIn), text(unpaired))?;
            }
        }
        Ok(out.into_bytes())
    }
}

impl CompareMarkdown {
    fn host(&self, out: &mut String, h: &HostPart) -> std::fmt::Result {
        let lang = self.lang;
        let l = |label: Label| label.text(lang);
        writeln!(out, "### {} {}\n", l(Label::Host), text(&h.name))?;
        let lead = |label: &str| bold_lead(label, lang);
        writeln!(out, "- {}{}", lead(l(Label::Verdict)), text(&h.verdict))?;
        for gain in &h.gains {
            writeln!(
                out,
                "- {}{}",
                lead(l(Label::BenchmarkGain)),
                text(&gain.text)
            )?;
        }
        match h.matches.split_first() {
            None => writeln!(
                out,
                "- {}{}",
                lead(h.matches_heading),
                l(Label::NoMatchedStep)
            )?,
            Some((best, others)) => {
                writeln!(out, "- {}{}", lead(h.matches_heading), text(&best.sentence))?;
                if let Some(action) = best.action {
                    writeln!(out, "  {}", text(action))?;
                }
                for other in others {
                    writeln!(out, "  - {}", text(&other.sentence))?;
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
            let delta = match m.good {
                Some(_) => format!("**{}**", text(&m.delta)),
                None => text(&m.delta),
            };
            out.push_str(&row(&[
                text(&m.name),
                text(&m.before),
                text(&m.after),
                delta,
            ]));
        }
        out.push('\n');
        for group in &h.findings {
            writeln!(out, "**{}**\n", group.heading)?;
            for item in &group.items {
                writeln!(
                    out,
                    "- \\[{}\\] {} — {}",
                    item.severity,
                    code(&item.finding.rule),
                    text(item.title)
                )?;
            }
            out.push('\n');
        }
        Ok(())
    }
}
