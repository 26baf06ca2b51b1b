//! The command line: clap definitions and dispatch. One file per subcommand; this one
//! holds what they share (output, terminal width, exit codes).

mod bundle_or_case;
mod capture;
mod cases;
mod compare;
mod diagnose;
mod explain;
mod facts;
mod graph;
mod json_documents;
mod progress_bar;
mod report_args;
mod rules;

use clap::{Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "perfsage",
    version,
    about = "Diagnose captured performance data: which resource limits throughput, and what to try next",
    after_help = "Examples:\n  perfsage capture -o run1 --process postgres -- sysbench oltp_read_write run\n  perfsage diagnose cases/greatdb-vm-cluster\n  perfsage diagnose ./captures -o report.html --lang zh\n  perfsage diagnose --rules ../acme-rules ./captures\n  perfsage compare before/ after/\n  perfsage explain storage.disk_saturated cases/greatdb-vm-cluster\n  perfsage facts ./captures/db1\n  perfsage graph --format mermaid\n  perfsage rules lint ../acme-rules\n  perfsage cases verify"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// An extra rule directory (repeatable) whose rules, methodology additions and rule
    /// tests are loaded on top of the built-in ones by every command that uses rules; a
    /// rule with the id of one loaded before it must say `overrides: true`.
    #[arg(long = "rules", value_name = "DIR", global = true)]
    rule_dirs: Vec<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum Command {
    Capture(capture::Args),
    Diagnose(diagnose::Args),
    Explain(explain::Args),
    Compare(compare::Args),
    Facts(facts::Args),
    Graph(graph::Args),
    /// The rule base: list, scaffold, lint, test and document rules.
    #[command(subcommand)]
    Rules(rules::Command),
    /// Replay the shipped cases against their expected diagnoses.
    #[command(subcommand)]
    Cases(cases::Command),
}

/// Runs the command line; the exit code is 0, or 1 for `--fail-on` / failed case
/// verification. Errors (exit 2) are returned.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    let rule_dirs = &cli.rule_dirs;
    match cli.command {
        Command::Capture(args) => capture::run_command(args),
        Command::Diagnose(args) => diagnose::run(args, rule_dirs),
        Command::Explain(args) => explain::run(args, rule_dirs),
        Command::Compare(args) => compare::run(args, rule_dirs),
        Command::Facts(args) => facts::run(args),
        Command::Graph(args) => graph::run(args, rule_dirs),
        Command::Rules(command) => rules::run(command, rule_dirs),
        Command::Cases(command) => cases::run(command, rule_dirs),
    }
}

/// Writes a report to stdout. A closed pipe (`| head`) is not an error.
fn emit(bytes: &[u8]) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// Width to wrap tables to: the terminal's, or a fixed 120 columns when piped so that
/// output is the same on every machine.
fn table_width() -> u16 {
    if std::io::stdout().is_terminal() {
        comfy_table::Table::new().width().unwrap_or(120).max(60)
    } else {
        120
    }
}
