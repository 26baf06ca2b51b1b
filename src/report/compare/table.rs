//! The comparison on a terminal: the chain of runs, then per change and host the
//! benchmark gain, the matched recommended step, the key metrics side by side and the
//! findings that disappeared or appeared.

use super::{
    CompareExporter, after_value, before_value, delta, gain_line, match_action, match_sentence,
    matches_label, sections, transition, verdict_change,
};
use crate::compare::{Change, Comparison, HostChange};
use crate::report::i18n::labels::{self, Label, Lang};
use crate::report::i18n::localize;
use crate::report::table::styled_table;
use comfy_table::Cell;
use std::fmt::Write;

pub struct CompareTable {
    pub width: u16,
    pub lang: Lang,
}

impl CompareExporter for CompareTable {
    fn serialize(&self, c: &Comparison) -> anyhow::Result<Vec<u8>> {
        let lang = self.lang;
        let l = |label: Label| label.text(lang);
        let mut out = String::new();
        writeln!(
            out,
            "perfsage {} — {}",
            c.perfsage_version,
            l(Label::CompareTitle)
        )?;
        writeln!(out, "\n{}", l(Label::Chain))?;
        for (i, s) in c.snapshots.iter().enumerate() {
            writeln!(out, "  {}. {}  ({})", i + 1, s.label, s.source)?;
        }
        for (change, overall) in sections(c) {
            let heading = if overall {
                format!(
                    "{}{}{}",
                    l(Label::Overall),
                    labels::colon(lang),
                    transition(c, change)
                )
            } else {
                transition(c, change)
            };
            writeln!(out, "\n══ {heading}")?;
            for host in &change.hosts {
                self.host(&mut out, c, (change, overall), host)?;
            }
            for unpaired in &change.unpaired {
                writeln!(out, "  {} {unpaired}", l(Label::OnlyIn))?;
            }
        }
        Ok(out.into_bytes())
    }
}

impl CompareTable {
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
            Some(before) => format!("{before} → {}", h.host),
            None => h.host.clone(),
        };
        writeln!(out, "\n{} {name}", l(Label::Host))?;
        let colon = labels::colon(lang);
        writeln!(
            out,
            "  {}{colon}{}",
            l(Label::Verdict),
            verdict_change(h, lang)
        )?;
        for gain in &h.gains {
            writeln!(
                out,
                "  {}{colon}{}",
                l(Label::BenchmarkGain),
                gain_line(c, change, gain, lang)
            )?;
        }
        writeln!(out, "  {}{}", l(matches_label(overall)), colon.trim_end())?;
        if h.matches.is_empty() {
            writeln!(out, "    {}", l(Label::NoMatchedStep))?;
        }
        for (i, m) in h.matches.iter().enumerate() {
            writeln!(
                out,
                "    {}{}",
                if i == 0 && !overall { "→ " } else { "  " },
                match_sentence(m, lang)
            )?;
            if i == 0
                && let Some(action) = match_action(m, lang)
            {
                writeln!(out, "      {action}")?;
            }
        }
        let mut table = styled_table(
            self.width,
            &[
                l(Label::Metric),
                l(Label::Before),
                l(Label::After),
                l(Label::Change),
            ],
        );
        for m in &h.metrics {
            table.add_row(vec![
                Cell::new(labels::metric_name(&m.key, lang)),
                Cell::new(before_value(c, m)),
                Cell::new(after_value(c, m)),
                Cell::new(delta(m, lang).0),
            ]);
        }
        writeln!(out, "{table}")?;
        for (label, findings) in [
            (Label::FindingsGone, &h.findings_gone),
            (Label::FindingsNew, &h.findings_new),
        ] {
            if findings.is_empty() {
                continue;
            }
            writeln!(out, "  {}{}", l(label), colon.trim_end())?;
            for f in findings {
                writeln!(
                    out,
                    "    [{}] {} — {}",
                    labels::severity(f.severity, lang),
                    f.rule,
                    localize::finding_title(f, lang)
                )?;
            }
        }
        Ok(())
    }
}
