//! `perfsage fleet summary`: the reduce step of a fleet spread over many machines.
//! Each machine (GNU parallel over ssh, Kubernetes Jobs, Spark tasks …) runs
//! `perfsage diagnose --from its-list --format jsonl`; the JSONL files, concatenated,
//! become the same summary a single run writes with `--format md|html`.

use super::fleet_run::open_lines;
use super::report_args::ReportArgs;
use crate::error::InputError;
use crate::report::fleet::FleetSummary;
use crate::report::fleet::document::document;
use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Summarise the JSON lines of `diagnose --format jsonl` runs (one fleet report).
    #[command(
        after_help = "Examples:\n  perfsage fleet summary fleet.jsonl -o fleet.html\n  cat part-*.jsonl | perfsage fleet summary - --format md > fleet.md\n\nExit status: 0 success; 2 a line that is neither a report nor a bundle's error."
    )]
    Summary {
        /// JSONL files (`-`: standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        report: ReportArgs,
    },
}

pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Summary { files, report } => summary(&files, &report),
    }
}

fn summary(files: &[PathBuf], report: &ReportArgs) -> anyhow::Result<ExitCode> {
    let mut summary = FleetSummary::default();
    for file in files {
        let name = file.display().to_string();
        for (n, line) in open_lines(file)?.lines().enumerate() {
            let at = format!("{name}:{}", n + 1);
            let line = line.map_err(|e| InputError::new(&at, e.to_string()))?;
            if line.trim().is_empty() {
                continue;
            }
            summary.add_jsonl(&line).map_err(|e| {
                InputError::new(&at, format!("not a line of diagnose --format jsonl: {e}"))
            })?;
        }
    }
    let format = report.format()?;
    let Some(layout) = report.layout(format) else {
        anyhow::bail!(
            "a fleet summary is md, html or table, not {}",
            format.extension()
        );
    };
    report.write(
        report.file(),
        &layout.render(&document(&summary, report.lang)),
    )?;
    Ok(ExitCode::SUCCESS)
}
