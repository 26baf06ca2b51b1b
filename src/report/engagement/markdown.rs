//! The engagement as Markdown: the chain as a table, the configurations, then the
//! latest run's report and (with `--all`) the earlier ones, each under its own heading.

use super::EngagementExporter;
use super::document::document;
use super::rows;
use crate::engagement::Engagement;
use crate::report::Exporter;
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
        let doc = document(e, lang, self.all);
        let l = |label: Label| label.text(lang);
        let mut out = String::new();
        writeln!(
            out,
            "# {} {}{}\n",
            l(Label::EngagementTitle),
            code(doc.name),
            doc.title
                .map(|t| format!(" — {}", text(t)))
                .unwrap_or_default()
        )?;
        writeln!(
            out,
            "## {} ({} {})\n",
            l(Label::Chain),
            l(Label::FollowedHost),
            text(doc.host)
        )?;
        out.push_str(&header(&rows::header(lang)));
        for r in &doc.rows {
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
        if let Some(target) = &doc.target {
            writeln!(out, "{}\n", target_line(target, lang))?;
        }
        if doc.configurations.iter().any(|c| c.text.is_some()) {
            writeln!(out, "### {}\n", l(Label::Configurations))?;
            for c in &doc.configurations {
                if let Some(configuration) = c.text {
                    writeln!(
                        out,
                        "{}. {} — {}",
                        c.number,
                        code(c.label),
                        text(configuration)
                    )?;
                }
            }
            out.push('\n');
        }
        let report = Markdown { lang };
        for run in &doc.runs {
            writeln!(out, "---\n\n**{}**\n", text(&run.heading))?;
            out.push_str(&String::from_utf8(report.serialize(run.diagnosis)?)?);
        }
        if doc.earlier_hidden {
            writeln!(out, "\n_{}_", text(l(Label::EarlierRunsHidden)))?;
        }
        Ok(out.into_bytes())
    }
}
