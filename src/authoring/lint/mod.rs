//! `perfsage rules lint`: everything wrong with a rule set, each with file:line, so a
//! consultancy's rule repository can gate its CI on it. Loading problems (compile
//! errors, metadata, id clashes, graph references, cycles, unreachable steps) come
//! from assembling the rule base; on top, each file of the directories being checked
//! is read for fact keys the catalog does not know, scaffold placeholders not yet
//! filled in, and rule-test problems.

mod guards;
mod rule_file;
mod test_file;

use crate::knowledge::{RuleLayer, assemble};
use crate::rules::loader::LoadError;
use std::fmt::{self, Write};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Error,
    Warning,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Error => "error",
            Level::Warning => "warning",
        })
    }
}

/// One problem, located in its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub level: Level,
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl Diagnostic {
    pub fn error(file: &str, line: Option<usize>, column: Option<usize>, message: String) -> Self {
        Diagnostic {
            level: Level::Error,
            file: file.to_string(),
            line,
            column,
            message,
        }
    }

    pub fn warning(file: &str, line: Option<usize>, message: String) -> Self {
        Diagnostic {
            level: Level::Warning,
            file: file.to_string(),
            line,
            column: None,
            message,
        }
    }

    /// `file:line:column` as far as known.
    pub fn location(&self) -> String {
        match (self.line, self.column) {
            (Some(l), Some(c)) => format!("{}:{l}:{c}", self.file),
            (Some(l), None) => format!("{}:{l}", self.file),
            _ => self.file.clone(),
        }
    }
}

impl From<LoadError> for Diagnostic {
    fn from(e: LoadError) -> Self {
        Diagnostic::error(&e.file, e.line, e.column, e.message)
    }
}

/// What lint found, and how much it looked at.
#[derive(Debug, Default)]
pub struct LintReport {
    pub diagnostics: Vec<Diagnostic>,
    pub rule_files: usize,
    pub methodology_files: usize,
    pub test_files: usize,
    /// Each checked file's text, to quote offending lines.
    texts: Vec<(String, String)>,
}

impl LintReport {
    pub fn errors(&self) -> usize {
        self.count(Level::Error)
    }

    pub fn warnings(&self) -> usize {
        self.count(Level::Warning)
    }

    fn count(&self, level: Level) -> usize {
        self.diagnostics.iter().filter(|d| d.level == level).count()
    }

    /// The one-line summary.
    pub fn summary(&self) -> String {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let checked = format!(
            "checked {}, {}, {}",
            plural(self.rule_files, "rule file"),
            plural(self.methodology_files, "methodology file"),
            plural(self.test_files, "test file")
        );
        if self.diagnostics.is_empty() {
            format!("no problems ({checked})")
        } else {
            format!(
                "{}, {} ({checked})",
                plural(self.errors(), "error"),
                plural(self.warnings(), "warning")
            )
        }
    }

    /// Every diagnostic as `file:line:column: level: message`, followed by the line
    /// it is about (with a caret under the column), then the summary.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for d in &self.diagnostics {
            let _ = writeln!(out, "{}: {}: {}", d.location(), d.level, d.message);
            if let Some(quoted) = self.quote(d) {
                out.push_str(&quoted);
            }
        }
        out.push_str(&self.summary());
        out.push('\n');
        out
    }

    fn quote(&self, d: &Diagnostic) -> Option<String> {
        let line = d.line?;
        let text = self
            .texts
            .iter()
            .find(|(f, _)| *f == d.file)?
            .1
            .lines()
            .nth(line - 1)?;
        let number = line.to_string();
        let gutter = " ".repeat(number.len());
        let mut out = format!("  {number} | {text}\n");
        if let Some(column) = d.column {
            let pad: String = text
                .chars()
                .take(column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let _ = writeln!(out, "  {gutter} | {pad}^");
        }
        Some(out)
    }
}

/// Lints the rule base made of `layers`; the files of the layers whose index is in
/// `checked` get the file-by-file checks (the others only take part in loading).
pub fn lint(layers: Vec<RuleLayer>, checked: &[usize]) -> LintReport {
    let assembly = assemble(layers);
    let mut report = LintReport::default();
    report
        .diagnostics
        .extend(assembly.problems.iter().cloned().map(Diagnostic::from));
    for (index, layer) in assembly.layers.iter().enumerate() {
        report
            .texts
            .extend(layer.files().map(|s| (s.path.clone(), s.text.clone())));
        if !checked.contains(&index) {
            continue;
        }
        report.rule_files += layer.rules.len();
        report.methodology_files += usize::from(layer.methodology.is_some());
        report.test_files += layer.tests.len();
        for source in &layer.rules {
            report
                .diagnostics
                .extend(rule_file::check(source, &assembly.engine.engine, layer));
        }
        for source in &layer.lib {
            report.diagnostics.extend(rule_file::lib_file(source));
        }
        if let Some(methodology) = &layer.methodology {
            report.diagnostics.extend(guards::check(methodology));
            report
                .diagnostics
                .extend(rule_file::placeholders(methodology));
        }
        for source in &layer.tests {
            report
                .diagnostics
                .extend(test_file::check(source, &assembly.rules));
        }
    }
    report.diagnostics.sort_by(|a, b| {
        (&a.file, a.line, a.column, a.level).cmp(&(&b.file, b.line, b.column, b.level))
    });
    report.diagnostics.dedup();
    report
}
