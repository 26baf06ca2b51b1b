//! `perfsage graph`: the methodology graph as DOT or Mermaid.

use super::emit;
use crate::knowledge::KnowledgeBase;
use clap::ValueEnum;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    Dot,
    Mermaid,
}

/// Print the methodology graph (steps, and the guards on the edges between them).
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  perfsage graph --format dot | dot -Tsvg > methodology.svg\n  perfsage graph --format mermaid\n  perfsage graph --rules ../acme-rules   (with a rule directory's methodology additions)"
)]
pub struct Args {
    #[arg(long, value_enum, default_value = "dot")]
    pub format: Format,
}

pub fn run(args: Args, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let kb = KnowledgeBase::load(rule_dirs)?;
    let text = match args.format {
        Format::Dot => kb.methodology.to_dot(),
        Format::Mermaid => kb.methodology.to_mermaid(),
    };
    emit(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
