//! `perfsage capture`: runs every available collector on this host (and a benchmark,
//! when given) and writes a bundle `perfsage diagnose` reads; `--check` says what can
//! run here and what to install. Draws a progress bar with the time left on a
//! terminal, nothing otherwise; Ctrl-C ends the capture early with a whole bundle.

use super::{emit, table_width};
use crate::bundle::bundle_yaml::{CaptureState, CollectorStatus};
use crate::capture::check::{CheckReport, Status, check};
use crate::capture::collectors::collectors;
use crate::capture::target_process::TargetSpec;
use crate::capture::{Options, Outcome, Progress, run};
use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};
use indicatif::{ProgressBar, ProgressStyle};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Exit status of a capture stopped by Ctrl-C (128 + SIGINT, as shells report it).
const INTERRUPTED: u8 = 130;

/// Capture a bundle on this host while the load runs: mpstat, iostat, vmstat, sar,
/// perf, NUMA and memory layout, NIC settings, interrupts, OS settings, the target
/// process, and the benchmark's output.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  perfsage capture --check\n  perfsage capture -o run1 --duration 2m --process postgres\n  perfsage capture -o run2 --process postgres -- sysbench oltp_read_write --threads=8 --time=120 run\n  perfsage diagnose run1\n\nWith a benchmark command the capture lasts until it ends (--duration then limits it).\nExit status: 0 captured; 1 the benchmark failed (the bundle is still written);\n130 interrupted (the bundle holds what was captured); 2 bad input."
)]
pub struct Args {
    /// The bundle folder to write; created, and refused if it holds files (see --force).
    #[arg(
        short = 'o',
        long = "output",
        value_name = "DIR",
        required_unless_present = "check"
    )]
    pub output: Option<PathBuf>,
    /// How long to capture (90, 90s, 5m, 1h30m). Default 60s; with a benchmark, until it ends.
    #[arg(long, value_parser = parse_duration)]
    pub duration: Option<Duration>,
    /// Seconds between samples (whole seconds).
    #[arg(long, default_value = "1s", value_parser = parse_duration)]
    pub interval: Duration,
    /// The process to look at (database server, application): CPU affinity, NUMA memory.
    #[arg(long, conflicts_with = "process")]
    pub pid: Option<u32>,
    /// Like --pid, by name (the oldest process of that name; numastat sums them all).
    #[arg(long, value_name = "NAME")]
    pub process: Option<String>,
    /// How long perf records: in the middle of the capture, or from the start when a
    /// benchmark runs; 0 turns perf off.
    #[arg(long, default_value = "60s", value_parser = parse_duration)]
    pub profile_for: Duration,
    /// Collectors to leave out, by name (see --check), comma-separated.
    #[arg(long, value_delimiter = ',', value_name = "NAME,…")]
    pub skip: Vec<String>,
    /// Write into a folder that already holds files: earlier capture files are
    /// replaced, other files and bundle.yaml's declarations are kept.
    #[arg(long)]
    pub force: bool,
    /// Say which collectors can run here and what to install; capture nothing.
    #[arg(long, conflicts_with_all = ["output", "duration", "force"])]
    pub check: bool,
    /// The benchmark to run while capturing, after `--`; its standard output goes to
    /// benchmark.txt in the bundle.
    #[arg(last = true, value_name = "BENCH_CMD")]
    pub benchmark: Vec<String>,
}

pub fn run_command(args: Args) -> anyhow::Result<ExitCode> {
    for name in &args.skip {
        if !collectors().iter().any(|c| c.name == name) {
            let names: Vec<&str> = collectors().iter().map(|c| c.name).collect();
            anyhow::bail!(
                "--skip {name}: no such collector (collectors: {})",
                names.join(", ")
            );
        }
    }
    let target = match (args.pid, &args.process) {
        (Some(pid), _) => Some(TargetSpec::Pid(pid)),
        (None, Some(name)) => Some(TargetSpec::Name(name.clone())),
        (None, None) => None,
    };
    if args.check {
        emit(render_check(&check(target.is_some(), &args.skip)).as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(dir) = args.output else {
        anyhow::bail!("-o DIR is required");
    };
    let options = Options {
        dir,
        force: args.force,
        duration: args.duration,
        interval: args.interval,
        profile_for: args.profile_for,
        target,
        benchmark: args.benchmark,
        skip: args.skip,
        command_line: std::env::args()
            .map(|a| crate::capture::session::shell_words(&[a]))
            .collect::<Vec<_>>()
            .join(" "),
    };
    let interrupts = Arc::new(AtomicUsize::new(0));
    watch_signals(&interrupts)?;
    let mut progress = Bar::new();
    let outcome = run(&options, &mut progress, &interrupts)?;
    emit(summary(&outcome).as_bytes())?;
    Ok(exit_code(&outcome, interrupts.load(Ordering::Relaxed)))
}

/// Counts SIGINT, SIGTERM and SIGHUP instead of dying: the capture ends cleanly on the
/// first and hurries on the second.
fn watch_signals(count: &Arc<AtomicUsize>) -> anyhow::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    crate::capture::unblock_stop_signals();
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    let count = count.clone();
    std::thread::spawn(move || {
        for _ in signals.forever() {
            count.fetch_add(1, Ordering::Relaxed);
        }
    });
    Ok(())
}

fn exit_code(outcome: &Outcome, interrupts: usize) -> ExitCode {
    if interrupts > 0 || outcome.record.state == CaptureState::Interrupted {
        return ExitCode::from(INTERRUPTED);
    }
    let benchmark_failed = outcome
        .record
        .benchmark
        .as_ref()
        .and_then(|b| b.problem.as_deref())
        .is_some_and(|p| p.starts_with("failed") || p.starts_with("cannot start"));
    if benchmark_failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// What was captured, what was not and why, and what to run next.
fn summary(outcome: &Outcome) -> String {
    let record = &outcome.record;
    let dir = outcome.dir.display();
    let visible = outcome.files.iter().filter(|f| !f.starts_with('.')).count();
    let state = match record.state {
        CaptureState::Complete => "complete",
        CaptureState::Interrupted => "interrupted",
        CaptureState::InProgress => "in progress",
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Bundle {dir}: {state} ({}), {visible} files",
        record.end_reason.as_deref().unwrap_or("")
    );
    let ok: Vec<&str> = record
        .collectors
        .iter()
        .filter(|c| c.status == CollectorStatus::Ok)
        .map(|c| c.name.as_str())
        .collect();
    let _ = writeln!(out, "  captured: {}", ok.join(", "));
    for c in &record.collectors {
        let label = match c.status {
            CollectorStatus::Ok if c.reason.is_some() => "note",
            CollectorStatus::Ok | CollectorStatus::NotApplicable | CollectorStatus::Skipped => {
                continue;
            }
            CollectorStatus::Pending => "pending",
            CollectorStatus::Missing => "missing",
            CollectorStatus::NeedsRoot => "needs root",
            CollectorStatus::NotPermitted => "not permitted",
            CollectorStatus::Failed => "failed",
        };
        let _ = writeln!(
            out,
            "  {label}: {} — {}",
            c.name,
            c.reason.as_deref().unwrap_or("")
        );
    }
    if let Some(bench) = &record.benchmark {
        let exit = bench
            .exit_code
            .map_or("no exit status".to_string(), |c| format!("exit status {c}"));
        let _ = writeln!(
            out,
            "  benchmark: {} ({exit}) → {}",
            bench.command, bench.file
        );
        if let Some(problem) = &bench.problem {
            let _ = writeln!(out, "    {problem}");
        }
    }
    let _ = writeln!(
        out,
        "Details are in {dir}/bundle.yaml. Next: perfsage diagnose {dir}"
    );
    out
}

fn render_check(report: &CheckReport) -> String {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(table_width())
        .set_header(["Collector", "When", "Status", "Captures", "Here"]);
    for row in &report.rows {
        table.add_row([
            row.name,
            &row.when,
            row.status.label(),
            &format!("{}\n({})", row.what, row.command),
            &row.detail,
        ]);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "perfsage capture --check: {} of {} collectors can run here (running as {}).",
        report.ready_count(),
        report.rows.len(),
        if report.is_root {
            "root"
        } else {
            "a normal user"
        }
    );
    let _ = writeln!(out, "{table}");
    match (report.apt_command(), report.yum_command()) {
        (Some(apt), Some(yum)) => {
            let _ = writeln!(out, "To install what is missing:\n  {apt}\n  {yum}");
        }
        _ => {
            let _ = writeln!(out, "Nothing is missing.");
        }
    }
    if report.rows.iter().any(|r| r.status == Status::NeedsRoot) {
        let _ = writeln!(
            out,
            "Run the capture as root for the collectors marked \"needs root\"."
        );
    }
    out
}

/// `90`, `90s`, `5m`, `1h30m`, `500ms` → a duration.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("empty duration".into());
    }
    if let Ok(seconds) = text.parse::<u64>() {
        return Ok(Duration::from_secs(seconds));
    }
    let mut total = Duration::ZERO;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if digits == 0 {
            return Err(format!("{text:?}: expected a number, e.g. 90s, 5m, 1h30m"));
        }
        let number: u64 = rest[..digits]
            .parse()
            .map_err(|_| format!("{text:?}: number too large"))?;
        rest = &rest[digits..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let part = match &rest[..unit_len] {
            "ms" => Duration::from_millis(number),
            "s" => Duration::from_secs(number),
            "m" | "min" => Duration::from_secs(number * 60),
            "h" => Duration::from_secs(number * 3600),
            unit => {
                return Err(format!(
                    "{text:?}: unknown unit {unit:?} (use ms, s, m or h)"
                ));
            }
        };
        total += part;
        rest = &rest[unit_len..];
    }
    Ok(total)
}

/// The progress bar on stderr: time left when the length is known, else time elapsed.
/// Hidden when stderr is not a terminal.
struct Bar {
    bar: Option<ProgressBar>,
    planned: Option<Duration>,
}

impl Bar {
    fn new() -> Bar {
        Bar {
            bar: None,
            planned: None,
        }
    }
}

impl Progress for Bar {
    fn started(&mut self, planned: Option<Duration>) {
        if !std::io::stderr().is_terminal() {
            return;
        }
        self.planned = planned;
        let bar = match planned {
            Some(length) => {
                let bar = ProgressBar::new(length.as_millis() as u64);
                bar.set_style(
                    ProgressStyle::with_template("capturing [{bar:30}] {msg}")
                        .unwrap_or_else(|_| ProgressStyle::default_bar())
                        .progress_chars("=> "),
                );
                bar
            }
            None => {
                let bar = ProgressBar::new_spinner();
                bar.set_style(
                    ProgressStyle::with_template("capturing {spinner} {msg}")
                        .unwrap_or_else(|_| ProgressStyle::default_spinner()),
                );
                bar
            }
        };
        self.bar = Some(bar);
    }

    fn tick(&mut self, elapsed: Duration, running: &str) {
        let Some(bar) = &self.bar else { return };
        let clock = |d: Duration| {
            let s = d.as_millis().div_ceil(1000);
            format!("{}:{:02}", s / 60, s % 60)
        };
        match self.planned {
            Some(length) => {
                bar.set_position(elapsed.as_millis().min(length.as_millis()) as u64);
                let left = length.saturating_sub(elapsed);
                bar.set_message(format!("{} left · {running}", clock(left)));
            }
            None => {
                bar.tick();
                bar.set_message(format!(
                    "{} elapsed, until the benchmark ends · {running}",
                    clock(elapsed)
                ));
            }
        }
    }

    fn finishing(&mut self, what: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(what.to_string());
            bar.tick();
        }
    }

    fn done(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_in_the_usual_forms() {
        let case = |text: &str, seconds: u64| {
            assert_eq!(
                parse_duration(text),
                Ok(Duration::from_secs(seconds)),
                "{text}"
            );
        };
        case("90", 90);
        case("90s", 90);
        case("5m", 300);
        case("1h30m", 5400);
        case("2min", 120);
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert!(parse_duration("").is_err());
        assert!(parse_duration("5x").unwrap_err().contains("unknown unit"));
        assert!(parse_duration("m5").is_err());
    }
}
