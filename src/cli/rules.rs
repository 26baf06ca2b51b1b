//! `perfsage rules …`: the rule base.

use super::{emit, table_width};
use crate::knowledge::KnowledgeBase;
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{ColumnConstraint, ContentArrangement, Table};
use std::process::ExitCode;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List every rule with its layer, methodology step, needed facts and source case.
    #[command(after_help = "Example:\n  perfsage rules list")]
    List,
}

pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::List => list(),
    }
}

fn list() -> anyhow::Result<ExitCode> {
    let kb = KnowledgeBase::builtin()?;
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(table_width())
        .set_header(vec!["Rule", "Step", "Title", "Needs", "Source case (gain)"]);
    for rule in &kb.rules.rules {
        let m = &rule.meta;
        let source = m.source.as_ref().map_or_else(
            || "—".to_string(),
            |s| format!("{} ({})", s.case_id, s.gain),
        );
        table.add_row(vec![
            m.id.clone(),
            m.step.clone(),
            m.title.clone(),
            m.needs.join("\n"),
            source,
        ]);
    }
    // Ids stay on one line so `rules list | grep` finds them.
    if let Some(column) = table.column_mut(0) {
        column.set_constraint(ColumnConstraint::ContentWidth);
    }
    emit(format!("{table}\n{} rules\n", kb.rules.rules.len()).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
