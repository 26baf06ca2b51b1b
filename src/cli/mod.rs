//! The command line: clap definitions and dispatch. One file per subcommand; this one
//! holds what they share (output, terminal width, exit codes).

mod bundle_or_case;
mod capture;
mod cases;
mod compare;
mod diagnose;
mod engagement_run;
mod explain;
mod facts;
mod fleet;
mod fleet_run;
mod graph;
mod json_documents;
mod log;
mod progress_bar;
mod report_args;
mod rules;
mod shell_integration;

use clap::{Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "perfsage",
    version,
    about = "Diagnose captured performance data: which resource limits throughput, and what to try next",
    after_help = "Examples:\n  perfsage capture -o run1 --process postgres -- sysbench oltp_read_write run\n  perfsage diagnose cases/greatdb-vm-cluster\n  perfsage diagnose ./captures -o report.html --lang zh\n  perfsage diagnose --rules ../acme-rules ./captures\n  perfsage compare before/ after/\n  perfsage explain storage.disk_saturated cases/greatdb-vm-cluster\n  perfsage facts ./captures/db1\n  perfsage graph --format mermaid\n  perfsage rules lint ../acme-rules\n  perfsage cases verify\n  perfsage completions bash\n  perfsage man"
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
    Log(log::Args),
    Facts(facts::Args),
    Graph(graph::Args),
    /// The rule base: list, scaffold, lint, test and document rules.
    #[command(
        subcommand,
        after_help = "Examples:\n  perfsage rules list\n  perfsage rules new storage.wal_on_data_disk --step storage --needs disk.busiest.util_pct\n  perfsage rules lint ../acme-rules\n  perfsage rules test\n  perfsage rules doc > docs/rules.md\n\nEach subcommand has its own examples: perfsage rules lint --help"
    )]
    Rules(rules::Command),
    /// Replay the shipped cases against their expected diagnoses.
    #[command(
        subcommand,
        after_help = "Examples:\n  perfsage cases verify                       (every case under ./cases)\n  perfsage cases verify greatdb-vm-cluster    (one case)\n  perfsage cases verify --dir ../acme-cases   (another folder of cases)"
    )]
    Cases(cases::Command),
    /// Fleets: summarise the JSON lines of many `diagnose --format jsonl` runs.
    #[command(
        subcommand,
        after_help = "Examples:\n  perfsage fleet summary fleet.jsonl -o fleet.html\n  cat part-*.jsonl | perfsage fleet summary - --format md"
    )]
    Fleet(fleet::Command),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(shell_integration::CompletionsArgs),
    /// Print the manual page (roff) of perfsage or of one of its subcommands.
    Man(shell_integration::ManArgs),
}

/// Runs the command line; the exit code is 0, or 1 for `--fail-on` / failed case
/// verification. Errors (exit 2) are returned.
pub fn run() -> anyhow::Result<ExitCode> {
    // Before anything is opened: a file opened later could take the closed descriptor.
    stdout_closed();
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
        Command::Fleet(command) => fleet::run(command),
        Command::Log(args) => log::run(args, rule_dirs),
        Command::Completions(args) => shell_integration::completions(args),
        Command::Man(args) => shell_integration::man(args),
    }
}

/// An error and its causes on one line, each cause once: a message that already says
/// what its cause says (`x: Not a directory` over `Not a directory (os error 20)`) is
/// not followed by it again.
pub fn one_line(error: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in error.chain() {
        let text = cause.to_string();
        let plain = match text.rfind(" (os error ") {
            Some(i) if text.ends_with(')') => &text[..i],
            _ => text.as_str(),
        };
        if line.contains(plain) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}

/// Whether perfsage started with standard output closed (`>&-`): the report would go
/// nowhere while the exit status said success. Rust's runtime puts /dev/null, opened
/// read-write, in place of a closed standard stream before `main`; a shell's
/// `> /dev/null` opens it write-only, and stays a success.
fn stdout_closed() -> bool {
    static CLOSED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *CLOSED.get_or_init(|| {
        use rustix::fs::{FileType, OFlags, fstat, major, minor};
        let stdout = std::io::stdout();
        let (Ok(stat), Ok(flags)) = (fstat(&stdout), rustix::fs::fcntl_getfl(&stdout)) else {
            return true;
        };
        let dev_null = FileType::from_raw_mode(stat.st_mode) == FileType::CharacterDevice
            && (major(stat.st_rdev), minor(stat.st_rdev)) == (1, 3);
        dev_null && flags & OFlags::RWMODE == OFlags::RDWR
    })
}

/// Writes a report to stdout. A closed pipe (`| head`) is not an error; a standard
/// output that was never open is.
fn emit(bytes: &[u8]) -> anyhow::Result<()> {
    if stdout_closed() {
        anyhow::bail!("standard output is closed: nothing can be written to it (give -o FILE)");
    }
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
