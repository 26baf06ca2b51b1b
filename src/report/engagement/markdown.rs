//! The engagement as Markdown: the chain as a table, the configurations, then the
//! latest run's report and (with `--all`) the earlier ones, each under its own heading.

use super::EngagementExporter;
use super::rows::{self, rows};
use crate::engagement::Engagement;
use crate::report::Exporter;
use crate::report::document;
use crate::report::i18n::labels::{Label, Lang};
use crate::report::markdown::{Markdown, target_line};
use crate::report::markdown_text::{code, header, row, text};
use std::fmt::Write;

pub struct EngagementMarkdown {
    pub lang: Lang,
    pub all: bool,
}

impl EngagementExporter for EngagementMarkdown {
    fn serialize(&self, e: &Engagement) -> anyhow::Result<Vec<u8>> {
        let lang = self.lang;
        let l = |label: Label| label.text(lang);
        let mut out = String::new();
        writeln!(
            out,
            "# {} {}{}\n",
            l(Label::EngagementTitle),
            code(&e.name),
            e.title
                .as_ref()
                .map(|t| format!(" — {}", text(t)))
                .unwrap_or_default()
        )?;
        writeln!(
            out,
            "## {} ({} {})\n",
            l(Label::Chain),
            l(Label::FollowedHost),
            text(&e.host)
        )?;
        out.push_str(&header(&rows::header(lang)));
        for r in rows(&e.chain, &e.name, lang) {
            let change = match &r.step {
                Some(step) => format!("{} ({})", text(&r.change), code(step)),
                None => text(&r.change),
            };
            let outcome = if r.flagged {
                format!("**{}**", text(&r.outcome))
            } else {
                text(&r.outcome)
            };
            out.push_str(&row(&[
                r.number.to_string(),
                text(&r.label),
                text(&r.verdict),
                text(&r.throughput.replace('\n', " ")),
                text(&r.latency.replace('\n', " ")),
                change,
                text(&r.gains),
                outcome,
            ]));
        }
        out.push('\n');
        if let Some(target) = e.chain.last().and_then(|r| r.target.as_ref()) {
            writeln!(
                out,
                "{}\n",
                target_line(&document::target(target, lang), lang)
            )?;
        }
        if e.chain.iter().any(|r| r.configuration.is_some()) {
            writeln!(out, "### {}\n", l(Label::Configurations))?;
            for (i, run) in e.chain.iter().enumerate() {
                if let Some(configuration) = &run.configuration {
                    writeln!(
                        out,
                        "{}. {} — {}",
                        i + 1,
                        code(&run.label),
                        text(configuration.trim())
                    )?;
                }
            }
            out.push('\n');
        }
        let report = Markdown { lang };
        let count = e.runs.len();
        let section = |out: &mut String, heading: String, i: usize| -> anyhow::Result<()> {
            writeln!(out, "---\n\n**{heading}**\n")?;
            out.push_str(&String::from_utf8(report.serialize(&e.runs[i])?)?);
            Ok(())
        };
        if count > 0 {
            let heading = format!(
                "{}: {} {count} ({})",
                l(Label::CurrentState),
                l(Label::Run).to_lowercase(),
                text(&e.chain[count - 1].label)
            );
            section(&mut out, heading, count - 1)?;
        }
        if self.all {
            for i in 0..count.saturating_sub(1) {
                let heading = format!(
                    "{} {}: {}",
                    l(Label::EarlierRun),
                    i + 1,
                    text(&e.chain[i].label)
                );
                section(&mut out, heading, i)?;
            }
        } else if count > 1 {
            writeln!(out, "\n_{}_", text(l(Label::EarlierRunsHidden)))?;
        }
        Ok(out.into_bytes())
    }
}
