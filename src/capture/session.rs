//! One capture from start to end: the samplers (sysstat, vmstat, the /proc sampler,
//! perf) run in parallel for the whole capture while the one-shot collectors run at
//! the start, half-way (under load) and at the end; the benchmark, when given, runs
//! alongside and its end ends the capture. A Ctrl-C (or SIGTERM/SIGHUP) ends it early
//! and a second one skips the slow post-processing, but both still leave a whole
//! bundle: bundle.yaml is written first (`in_progress`) and again at the end, and every
//! file that no parser can read is hidden and explained there.

use super::availability::{Availability, Environment};
use super::bundle_dir::{BundleDir, DirError};
use super::children::{self, Running};
use super::collectors::{BENCHMARK_FILE, Id, When, collector, collectors};
use super::meta_writer;
use super::perf::{self, Recording};
use super::proc_sampler::{self, Kinds};
use super::snapshots::{self, SnapshotContext, Taken};
use super::start_and_end::StartAndEnd;
use super::target_process::{Target, TargetError, TargetSpec, resolve};
use crate::bundle::bundle_yaml::{
    BenchmarkRecord, CaptureRecord, CaptureState, CollectorRecord, CollectorStatus, ProcessRecord,
};
use crate::parse::{CaptureStatus, read_capture};
use crate::text::utc_stamp::utc_stamp;
use crate::tools::perf_stat::EVENTS as PERF_STAT_EVENTS;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, ScopedJoinHandle};
use std::time::{Duration, Instant, SystemTime};

/// The capture length without a benchmark and without `--duration`.
pub const DEFAULT_DURATION: Duration = Duration::from_secs(60);
/// When the length is open (a benchmark runs), the under-load snapshots are taken this
/// long after the start (half-way to a `--duration` limit if that is sooner), or at the
/// end if the benchmark ends first.
const OPEN_UNDER_LOAD_AT: Duration = Duration::from_secs(30);
/// How long a benchmark gets to end after SIGINT before it is terminated.
const BENCHMARK_GRACE: Duration = Duration::from_secs(10);
/// How long a sampler gets to print its averages after SIGINT.
const SAMPLER_GRACE: Duration = Duration::from_secs(3);
const TICK: Duration = Duration::from_millis(100);

/// What to capture; the command line fills it in.
#[derive(Debug, Clone)]
pub struct Options {
    pub dir: PathBuf,
    pub force: bool,
    /// `None`: 60 s, or as long as the benchmark runs when one is given.
    pub duration: Option<Duration>,
    pub interval: Duration,
    /// How long perf records, centred in a capture of known length (from the start
    /// when a benchmark runs); zero turns perf off.
    pub profile_for: Duration,
    pub target: Option<TargetSpec>,
    /// The benchmark command and its arguments; empty for none.
    pub benchmark: Vec<String>,
    /// Collector names to leave out.
    pub skip: Vec<String>,
    /// The perfsage command line, for the record.
    pub command_line: String,
}

/// How the capture reports progress; the command line draws it.
pub trait Progress {
    /// The capture has started; `planned` is its length when known.
    fn started(&mut self, planned: Option<Duration>);
    /// Called every tenth of a second with the time elapsed and what is running.
    fn tick(&mut self, elapsed: Duration, running: &str);
    /// The capture has stopped sampling and is writing what remains.
    fn finishing(&mut self, what: &str);
    fn done(&mut self);
}

#[derive(Debug, thiserror::Error)]
pub enum CaptureError {
    #[error(transparent)]
    Dir(#[from] DirError),
    #[error(transparent)]
    Target(#[from] TargetError),
    #[error("benchmark command {0:?}: not found (give a path or a program on PATH)")]
    BenchmarkNotFound(String),
    #[error(
        "--interval must be a whole number of seconds, at least 1 (sysstat samples by the second)"
    )]
    Interval,
    #[error("--duration {0} s is shorter than one interval ({1} s)")]
    TooShort(u64, u64),
    #[error("{0}: bundle.yaml cannot be written: {1}")]
    Meta(String, std::io::Error),
}

/// What a finished capture produced.
#[derive(Debug)]
pub struct Outcome {
    pub dir: PathBuf,
    pub record: CaptureRecord,
    /// Every file written, bundle.yaml included.
    pub files: Vec<String>,
}

/// A sampler started for the whole capture.
struct Sampler {
    id: Id,
    running: Running,
}

/// Runs one capture. `interrupts` counts the termination signals received so far.
pub fn run(
    options: &Options,
    progress: &mut dyn Progress,
    interrupts: &AtomicUsize,
) -> Result<Outcome, CaptureError> {
    let interval_s = options.interval.as_secs();
    if interval_s == 0 || options.interval.subsec_nanos() != 0 {
        return Err(CaptureError::Interval);
    }
    if let Some(duration) = options.duration
        && duration < options.interval
    {
        return Err(CaptureError::TooShort(duration.as_secs(), interval_s));
    }
    check_benchmark(&options.benchmark)?;
    let target = options.target.as_ref().map(resolve).transpose()?;
    let env = Environment::probe(target.is_some(), &options.skip);
    let dir = Mutex::new(BundleDir::prepare(&options.dir, options.force)?);
    let declarations = meta_writer::declarations(lock(&dir).existing_meta());
    let planned = match (options.duration, options.benchmark.is_empty()) {
        (Some(d), _) => Some(d),
        (None, true) => Some(DEFAULT_DURATION),
        (None, false) => None,
    };

    let mut record = initial_record(options, &env, target.as_ref(), planned);
    record.kept_files = lock(&dir).kept().to_vec();
    let save = |record: &CaptureRecord| {
        let mut dir = lock(&dir);
        let shown = dir.root().display().to_string();
        meta_writer::write(&mut dir, &declarations, record)
            .map_err(|e| CaptureError::Meta(shown, e))
    };
    save(&record)?;

    let started = Instant::now();
    // The first readings of the counters read twice, before the load (the second
    // are taken with the other snapshots at the end).
    let start_and_end = StartAndEnd::start(&env, target.as_ref());
    let context = SnapshotContext {
        dir: &dir,
        env: &env,
        target: target.as_ref(),
        start_and_end: &start_and_end,
    };
    let mut results: BTreeMap<Id, Taken> = BTreeMap::new();
    let mut end_reason = String::new();

    thread::scope(|scope| {
        // Samplers first, so the benchmark's start is inside the first interval.
        let mut samplers = start_samplers(&env, &dir, interval_s, target.as_ref(), &mut results);
        let proc_stop = Arc::new(AtomicBool::new(false));
        let proc_thread = start_proc_sampler(scope, &env, &dir, options.interval, &proc_stop);
        let benchmark_started = Instant::now();
        let mut benchmark = start_benchmark(&options.benchmark, &dir, &mut record);
        let versions = scope.spawn(|| tool_versions(&env));
        let at_start = scope.spawn(|| take_all(When::AtStart, &env, &context));
        progress.started(planned);

        // With a benchmark, --duration only limits the capture: how long the load lasts
        // is not known, so perf starts with it and the under-load snapshots come early.
        let expected = if options.benchmark.is_empty() {
            planned
        } else {
            None
        };
        let perf_window = profile_window(expected, options.profile_for);
        let perf_wanted =
            env.availability(collector(Id::Perf)).is_ready() && !options.profile_for.is_zero();
        let mut recording: Option<Recording> = None;
        let mut perf_outcome: Option<Result<(), String>> = None;
        let under_load_at = match (expected, planned) {
            (Some(length), _) => length / 2,
            (None, Some(limit)) => OPEN_UNDER_LOAD_AT.min(limit / 2),
            (None, None) => OPEN_UNDER_LOAD_AT,
        };
        let mut under_load: Option<ScopedJoinHandle<Vec<(Id, Taken)>>> = None;

        loop {
            let elapsed = started.elapsed();
            if interrupts.load(Ordering::Relaxed) > 0 {
                end_reason = "stopped by Ctrl-C or a termination signal".into();
                break;
            }
            if let Some((running, _)) = &mut benchmark
                && running.try_wait().is_some()
            {
                end_reason = "the benchmark ended".into();
                break;
            }
            if planned.is_some_and(|p| elapsed >= p) {
                end_reason = "the planned duration was reached".into();
                break;
            }
            if under_load.is_none() && elapsed >= under_load_at {
                under_load = Some(scope.spawn(|| take_all(When::UnderLoad, &env, &context)));
            }
            if perf_wanted && perf_outcome.is_none() {
                let due = match &mut recording {
                    None => elapsed >= perf_window.0,
                    Some(r) => elapsed >= perf_window.1 || r.has_ended(),
                };
                if due {
                    match recording.take() {
                        None => match perf::start(&env, &dir) {
                            Ok(r) => recording = Some(r),
                            Err(e) => perf_outcome = Some(Err(e)),
                        },
                        Some(r) => perf_outcome = Some(r.stop()),
                    }
                }
            }
            progress.tick(elapsed, &running_note(&samplers, &recording, &benchmark));
            thread::sleep(TICK);
        }
        let interrupted = || interrupts.load(Ordering::Relaxed) > 0;
        let hurried = || interrupts.load(Ordering::Relaxed) > 1;

        progress.finishing("stopping the collectors");
        if let Some((running, file)) = benchmark.take() {
            let bench = record
                .benchmark
                .get_or_insert_with(BenchmarkRecord::default);
            finish_benchmark(running, file, benchmark_started, interrupted(), bench);
        }
        if let Some(r) = recording.take() {
            perf_outcome = Some(r.stop());
        }
        for mut sampler in samplers.drain(..) {
            let ended_early = sampler.running.try_wait().is_some();
            let (status, stderr) = sampler.running.stop(SAMPLER_GRACE);
            let problem = ended_early.then(|| {
                children::failure(status, &stderr)
                    .unwrap_or_else(|| "ended before the capture did".into())
            });
            let file = collector(sampler.id).files[0];
            results.insert(sampler.id, checked(&dir, file, problem));
        }
        proc_stop.store(true, Ordering::Relaxed);
        if let Some(handle) = proc_thread {
            let taken = handle.join().unwrap_or_else(|_| Taken {
                files: Vec::new(),
                problem: Some("the /proc sampler stopped unexpectedly".into()),
            });
            results.insert(Id::ProcSamples, taken);
        }

        progress.finishing("taking the last snapshots");
        for (id, taken) in at_start.join().unwrap_or_default() {
            results.insert(id, taken);
        }
        let under_load = match under_load {
            Some(handle) => handle.join().unwrap_or_default(),
            None if !hurried() => take_all(When::UnderLoad, &env, &context),
            None => Vec::new(),
        };
        results.extend(under_load);
        if !hurried() {
            results.extend(take_all(When::AtEnd, &env, &context));
            results.extend(take_all(When::StartAndEnd, &env, &context));
        }
        match perf_outcome {
            Some(Ok(())) => {
                progress.finishing("writing the perf report and script");
                results.insert(Id::Perf, perf::post_process(&env, &dir, &hurried));
            }
            Some(Err(problem)) => {
                lock(&dir).discard(perf::DATA_FILE);
                results.insert(Id::Perf, failed(problem));
            }
            None if perf_wanted => {
                results.insert(
                    Id::Perf,
                    failed("the capture ended before perf's window began (--profile-for is centred in --duration)"),
                );
            }
            None => {}
        }
        record.tool_versions = versions.join().unwrap_or_default();
    });

    progress.finishing("checking that every file reads");
    let hurried = interrupts.load(Ordering::Relaxed) > 1;
    for entry in &mut record.collectors {
        let Some(id) = collectors()
            .iter()
            .find(|c| c.name == entry.name)
            .map(|c| c.id)
        else {
            continue;
        };
        if let Some(taken) = results.remove(&id) {
            apply(entry, taken);
        } else if entry.status == CollectorStatus::Pending {
            entry.status = CollectorStatus::Failed;
            entry.reason = Some(if hurried {
                "not taken: the capture was interrupted twice".into()
            } else {
                "not taken".into()
            });
        }
        verify_files(&dir, entry);
    }
    if let Some(bench) = &mut record.benchmark {
        note_unreadable_benchmark(&dir, bench);
    }
    record.ended = Some(utc_stamp(SystemTime::now()));
    record.end_reason = Some(end_reason.clone());
    record.state = if interrupts.load(Ordering::Relaxed) > 0 {
        CaptureState::Interrupted
    } else {
        CaptureState::Complete
    };
    save(&record)?;
    progress.done();
    let dir = dir.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(Outcome {
        dir: dir.root().to_path_buf(),
        files: dir.written().to_vec(),
        record,
    })
}

/// Stops the benchmark if it still runs and records how it ended.
fn finish_benchmark(
    mut running: Running,
    file: String,
    started: Instant,
    interrupted: bool,
    bench: &mut BenchmarkRecord,
) {
    let stopped_early = running.try_wait().is_none();
    let (status, stderr) = running.stop(BENCHMARK_GRACE);
    bench.file = file;
    bench.exit_code = status.and_then(|s| s.code());
    bench.seconds = Some(round_seconds(started.elapsed()));
    bench.stderr = (!stderr.is_empty()).then(|| stderr.clone());
    if stopped_early {
        bench.problem = Some(if interrupted {
            "stopped: the capture was interrupted".into()
        } else {
            "stopped: the --duration limit was reached before it ended".into()
        });
    } else if let Some(problem) = children::failure(status, &stderr) {
        bench.problem = Some(format!("failed: {problem}"));
    }
}

fn lock(dir: &Mutex<BundleDir>) -> std::sync::MutexGuard<'_, BundleDir> {
    dir.lock().unwrap_or_else(|e| e.into_inner())
}

fn failed(problem: impl Into<String>) -> Taken {
    Taken {
        files: Vec::new(),
        problem: Some(problem.into()),
    }
}

fn round_seconds(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 10.0).round() / 10.0
}

/// The benchmark's program must exist before anything is written.
fn check_benchmark(argv: &[String]) -> Result<(), CaptureError> {
    let Some(program) = argv.first() else {
        return Ok(());
    };
    let found = if program.contains('/') {
        std::path::Path::new(program).is_file()
    } else {
        crate::program_path::find_on_path(program).is_some()
    };
    if found {
        Ok(())
    } else {
        Err(CaptureError::BenchmarkNotFound(program.clone()))
    }
}

/// The record before anything ran: every collector pending or why it will not run.
fn initial_record(
    options: &Options,
    env: &Environment,
    target: Option<&Target>,
    planned: Option<Duration>,
) -> CaptureRecord {
    let read = |path: &str| {
        std::fs::read_to_string(path)
            .map(|s| s.trim().to_string())
            .unwrap_or_default()
    };
    let gaps: Vec<&str> = env
        .sysstat_gaps()
        .into_iter()
        .map(|id| collector(id).name)
        .collect();
    let collectors = collectors()
        .iter()
        .map(|c| {
            let (status, reason) = match env.availability(c) {
                Availability::Ready if c.id == Id::ProcSamples => (
                    CollectorStatus::Pending,
                    Some(format!("stands in for {}", gaps.join(", "))),
                ),
                Availability::Ready if c.id == Id::Perf && options.profile_for.is_zero() => {
                    (CollectorStatus::Skipped, Some("--profile-for 0".into()))
                }
                Availability::Ready => (CollectorStatus::Pending, None),
                Availability::Missing { program } => (
                    CollectorStatus::Missing,
                    Some(match c.package {
                        Some(p) => format!(
                            "{program} is not installed (apt-get install {} / yum install {})",
                            p.apt, p.yum
                        ),
                        None => format!("{program} is not installed"),
                    }),
                ),
                Availability::NeedsRoot => (
                    CollectorStatus::NeedsRoot,
                    Some("only root can read this; run the capture as root".into()),
                ),
                Availability::NotPermitted(reason) => (CollectorStatus::NotPermitted, Some(reason)),
                Availability::NotApplicable(reason) => {
                    (CollectorStatus::NotApplicable, Some(reason))
                }
                Availability::Skipped => (CollectorStatus::Skipped, Some("--skip".into())),
            };
            CollectorRecord {
                name: c.name.to_string(),
                status,
                files: Vec::new(),
                reason,
            }
        })
        .collect();
    CaptureRecord {
        perfsage_version: env!("CARGO_PKG_VERSION").to_string(),
        command: options.command_line.clone(),
        hostname: read("/proc/sys/kernel/hostname"),
        kernel: read("/proc/sys/kernel/osrelease"),
        started: utc_stamp(SystemTime::now()),
        ended: None,
        state: CaptureState::InProgress,
        end_reason: None,
        interval_s: options.interval.as_secs(),
        duration_s: planned.map(|d| d.as_secs_f64()),
        process: target.map(|t| ProcessRecord {
            pid: t.pid,
            name: t.name.clone(),
            matching: t.matching,
        }),
        benchmark: (!options.benchmark.is_empty()).then(|| BenchmarkRecord {
            command: shell_words(&options.benchmark),
            file: BENCHMARK_FILE.into(),
            ..BenchmarkRecord::default()
        }),
        tool_versions: BTreeMap::new(),
        collectors,
        kept_files: Vec::new(),
    }
}

/// The command as a shell would take it back: words with blanks or quotes are quoted.
pub fn shell_words(argv: &[String]) -> String {
    argv.iter()
        .map(|word| {
            let plain = !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
            if plain {
                word.clone()
            } else {
                format!("'{}'", word.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Starts mpstat, iostat, vmstat, sar, pidstat and perf stat (those that can run),
/// writing to their files. pidstat follows the target's threads when there is a
/// target, else every process that ran in an interval.
fn start_samplers(
    env: &Environment,
    dir: &Mutex<BundleDir>,
    interval_s: u64,
    target: Option<&Target>,
    results: &mut BTreeMap<Id, Taken>,
) -> Vec<Sampler> {
    let interval = interval_s.to_string();
    let pid = target.map(|t| t.pid.to_string());
    let mut samplers = Vec::new();
    for c in collectors().iter().filter(|c| c.when == When::Throughout) {
        let args: Vec<&str> = match c.id {
            Id::Mpstat => vec!["-P", "ALL", &interval],
            Id::Iostat => vec!["-x", "-t", &interval],
            Id::Vmstat => vec!["-w", "-t", &interval],
            Id::Sar => vec!["-n", "DEV,EDEV,TCP,ETCP", "-B", "-W", &interval],
            Id::Pidstat => match &pid {
                Some(pid) => vec!["-u", "-d", "-w", "-t", "-p", pid, &interval],
                None => vec!["-u", "-d", "-w", &interval],
            },
            Id::PerfStat => vec!["stat", "-a", "--log-fd", "1", "-e", PERF_STAT_EVENTS],
            _ => continue,
        };
        if !env.availability(c).is_ready() {
            continue;
        }
        let Some(program) = c.program.and_then(|p| env.find(p)) else {
            continue;
        };
        let file = c.files[0];
        let out = match lock(dir).create(file) {
            Ok(out) => out,
            Err(e) => {
                results.insert(c.id, failed(format!("writing {file}: {e}")));
                continue;
            }
        };
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let mut command = children::command(&program, &args);
        command.stdout(out);
        match Running::spawn(command) {
            Ok(running) => samplers.push(Sampler { id: c.id, running }),
            Err(e) => {
                lock(dir).discard(file);
                results.insert(c.id, failed(format!("cannot start: {e}")));
            }
        }
    }
    samplers
}

/// Starts the /proc sampler for what sysstat cannot measure here.
fn start_proc_sampler<'scope>(
    scope: &'scope thread::Scope<'scope, '_>,
    env: &Environment,
    dir: &'scope Mutex<BundleDir>,
    interval: Duration,
    stop: &Arc<AtomicBool>,
) -> Option<ScopedJoinHandle<'scope, Taken>> {
    if !env.availability(collector(Id::ProcSamples)).is_ready() {
        return None;
    }
    let gaps = env.sysstat_gaps();
    let kinds = Kinds {
        cpu: gaps.contains(&Id::Mpstat),
        disk: gaps.contains(&Id::Iostat),
        net: gaps.contains(&Id::Sar),
    };
    let file = collector(Id::ProcSamples).files[0];
    let stop = stop.clone();
    Some(scope.spawn(move || {
        let out = match lock(dir).create(file) {
            Ok(out) => out,
            Err(e) => return failed(format!("writing {file}: {e}")),
        };
        let mut out = std::io::BufWriter::new(out);
        match proc_sampler::run(kinds, interval, &stop, &mut out) {
            Ok(0) => {
                lock(dir).discard(file);
                failed("the capture ended before the first interval")
            }
            Ok(_) => Taken {
                files: vec![file.to_string()],
                problem: None,
            },
            Err(e) => failed(format!("writing {file}: {e}")),
        }
    }))
}

/// Starts the benchmark with its standard output going to the benchmark file, after a
/// `$` line that shows the command (so the file reads as a transcript). Its error
/// output is kept apart: written unbuffered, it would land out of order among the
/// buffered standard output and break the results a parser reads.
fn start_benchmark(
    argv: &[String],
    dir: &Mutex<BundleDir>,
    record: &mut CaptureRecord,
) -> Option<(Running, String)> {
    if argv.is_empty() {
        return None;
    }
    let fail = |record: &mut CaptureRecord, problem: String| {
        if let Some(bench) = &mut record.benchmark {
            bench.problem = Some(problem);
        }
    };
    let mut out = match lock(dir).create(BENCHMARK_FILE) {
        Ok(out) => out,
        Err(e) => {
            fail(record, format!("writing {BENCHMARK_FILE}: {e}"));
            return None;
        }
    };
    if let Err(e) = writeln!(out, "$ {}", shell_words(argv)) {
        fail(record, format!("writing {BENCHMARK_FILE}: {e}"));
        return None;
    }
    let mut command = children::benchmark_command(argv);
    command.stdout(out);
    match Running::spawn(command) {
        Ok(running) => Some((running, BENCHMARK_FILE.to_string())),
        Err(e) => {
            fail(record, format!("cannot start: {e}"));
            None
        }
    }
}

/// When perf records: `profile_for` centred in a capture of known length, else from
/// the start.
fn profile_window(planned: Option<Duration>, profile_for: Duration) -> (Duration, Duration) {
    match planned {
        Some(length) if profile_for < length => {
            let start = (length - profile_for) / 2;
            (start, start + profile_for)
        }
        Some(length) => (Duration::ZERO, length),
        None => (Duration::ZERO, profile_for),
    }
}

/// Runs every ready collector of `when`, one after another.
fn take_all(when: When, env: &Environment, context: &SnapshotContext) -> Vec<(Id, Taken)> {
    collectors()
        .iter()
        .filter(|c| c.when == when && env.availability(c).is_ready())
        .map(|c| (c.id, snapshots::take(c, context)))
        .collect()
}

/// The first version line of every program a ready collector runs.
fn tool_versions(env: &Environment) -> BTreeMap<String, String> {
    let mut versions = BTreeMap::new();
    for c in collectors()
        .iter()
        .filter(|c| env.availability(c).is_ready())
    {
        let Some(program) = c.program else { continue };
        if versions.contains_key(program) {
            continue;
        }
        if let Some(version) = snapshots::tool_version(env, program) {
            versions.insert(program.to_string(), version);
        }
    }
    versions
}

/// A sampler's file after it stopped: kept when it holds something.
fn checked(dir: &Mutex<BundleDir>, file: &str, problem: Option<String>) -> Taken {
    let mut dir = lock(dir);
    if dir.has_content(file) {
        Taken {
            files: vec![file.to_string()],
            problem,
        }
    } else {
        dir.discard(file);
        failed(problem.unwrap_or_else(|| "printed nothing".into()))
    }
}

fn apply(entry: &mut CollectorRecord, taken: Taken) {
    entry.status = if taken.files.iter().any(|f| !f.starts_with('.')) {
        CollectorStatus::Ok
    } else {
        CollectorStatus::Failed
    };
    entry.files = taken.files;
    entry.reason = match (entry.reason.take(), taken.problem) {
        (Some(before), Some(problem)) => Some(format!("{before}; {problem}")),
        (before, problem) => problem.or(before),
    };
}

/// Reads every file the collector wrote the way `perfsage diagnose` will; a file that
/// no parser recognises, or that its parser rejects, is hidden and the collector
/// marked failed with the reason, so the bundle holds only files perfsage reads.
fn verify_files(dir: &Mutex<BundleDir>, entry: &mut CollectorRecord) {
    let mut dir = lock(dir);
    let mut problems = Vec::new();
    for file in entry.files.iter_mut() {
        if file.starts_with('.') {
            continue;
        }
        let path = dir.path(file);
        let unreadable =
            read_capture(&path, file)
                .into_iter()
                .find_map(|(report, _)| match &report.status {
                    CaptureStatus::Parsed => None,
                    _ => report.problem(),
                });
        if let Some(problem) = unreadable {
            match dir.hide(file) {
                Ok(hidden) => {
                    problems.push(format!("{problem} (kept as {hidden})"));
                    *file = hidden;
                }
                Err(e) => problems.push(format!("{problem} (could not be hidden: {e})")),
            }
        }
    }
    if !problems.is_empty() {
        if !entry.files.iter().any(|f| !f.starts_with('.')) {
            entry.status = CollectorStatus::Failed;
        }
        let joined = problems.join("; ");
        entry.reason = Some(match entry.reason.take() {
            Some(before) => format!("{before}; {joined}"),
            None => joined,
        });
    }
}

/// The benchmark's output stays in the bundle whatever it is (it is the consultant's
/// evidence), but bundle.yaml says when perfsage cannot read it.
fn note_unreadable_benchmark(dir: &Mutex<BundleDir>, bench: &mut BenchmarkRecord) {
    let dir = lock(dir);
    if !dir.written().contains(&bench.file) {
        return;
    }
    let problem = read_capture(&dir.path(&bench.file), &bench.file)
        .into_iter()
        .find_map(|(report, _)| match &report.status {
            CaptureStatus::Parsed => None,
            _ => report.problem(),
        });
    if let Some(problem) = problem {
        let note = format!("perfsage cannot read its output: {problem}");
        bench.problem = Some(match bench.problem.take() {
            Some(before) => format!("{before}; {note}"),
            None => note,
        });
    }
}

/// What is running, for the progress line.
fn running_note(
    samplers: &[Sampler],
    recording: &Option<Recording>,
    benchmark: &Option<(Running, String)>,
) -> String {
    let mut names: Vec<&str> = samplers.iter().map(|s| collector(s.id).name).collect();
    if recording.is_some() {
        names.push("perf");
    }
    if benchmark.is_some() {
        names.push("benchmark");
    }
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perf_records_in_the_middle_of_a_known_capture() {
        let s = Duration::from_secs;
        assert_eq!(profile_window(Some(s(120)), s(60)), (s(30), s(90)));
        assert_eq!(profile_window(Some(s(30)), s(60)), (s(0), s(30)));
        assert_eq!(profile_window(None, s(60)), (s(0), s(60)));
    }

    #[test]
    fn commands_are_quoted_as_a_shell_reads_them() {
        let argv: Vec<String> = ["sh", "-c", "for t in 1 2; do echo it's $t; done"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            shell_words(&argv),
            r"sh -c 'for t in 1 2; do echo it'\''s $t; done'"
        );
        assert_eq!(shell_words(&["a=b".into(), "".into()]), "a=b ''");
    }
}
