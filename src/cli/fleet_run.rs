//! `perfsage diagnose` over a fleet: many bundles (several paths, every sub-folder of
//! `--each DIR`, or the paths listed in `--from FILE`) diagnosed in parallel, each
//! worker thread with the rule base compiled once. Reports stream out as JSON lines in
//! input order (`--format jsonl`), or are folded into one fleet summary (`md`, `html`).
//! A bundle that cannot be read becomes a line with its error and the run goes on;
//! the exit status is 2 at the end if any bundle failed.
//!
//! Memory is bounded by the bundles in flight: a worker may start bundle `i` only
//! while `i` is fewer than `WINDOW` ahead of the next one to be written.

use super::bundle_or_case::labelled_bundles;
use super::report_args::{Format, ReportArgs};
use crate::bundle::ReadOptions;
use crate::bundle::host_facts::read_bundle;
use crate::diagnosis::diagnose;
use crate::error::InputError;
use crate::knowledge::KnowledgeBase;
use crate::report::fleet::FleetSummary;
use crate::report::fleet::document::document;
use crate::report::redact::Redactor;
use crate::rules::finding::Severity;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

/// How far ahead of the next bundle to write the workers may run.
const WINDOW: usize = 64;

/// Where the bundles of a fleet come from, besides paths given one by one (`diagnose`
/// and `facts` share them).
#[derive(Debug, clap::Args)]
pub struct FleetArgs {
    /// Every sub-folder (and .tar.gz) of DIR is a bundle of its own.
    #[arg(long, value_name = "DIR")]
    pub each: Option<PathBuf>,
    /// The bundles listed in FILE, one path per line (`-`: standard input;
    /// blank lines and lines starting with `#` are skipped).
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
}

impl FleetArgs {
    /// Whether the command works on a fleet rather than one bundle or case.
    pub fn is_fleet(&self, paths: &[PathBuf], jsonl: bool) -> bool {
        self.each.is_some() || self.from.is_some() || paths.len() > 1 || jsonl
    }

    /// The bundles: `paths`, then `--each`'s sub-folders, then `--from`'s list.
    pub fn items(&self, paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
        let mut items = paths.to_vec();
        if let Some(dir) = &self.each {
            let name = dir.display().to_string();
            let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
                .map_err(|e| InputError::new(&name, e.to_string()))?
                .flatten()
                .map(|e| e.path())
                .filter(|p| {
                    let name = p.to_string_lossy();
                    p.is_dir() || name.ends_with(".tar.gz") || name.ends_with(".tgz")
                })
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(InputError::new(&name, "no sub-folder or .tar.gz to read").into());
            }
            items.extend(found);
        }
        if let Some(list) = &self.from {
            items.extend(read_list(list)?);
        }
        if items.is_empty() {
            anyhow::bail!("no bundle given");
        }
        Ok(items)
    }
}

/// What one bundle gave.
enum Outcome {
    /// Its JSON line (for jsonl), the summary lines (for md/html), and whether a finding
    /// reached --fail-on.
    Diagnosed {
        line: Vec<u8>,
        summary: FleetSummary,
        alarming: bool,
    },
    Failed {
        bundle: String,
        error: String,
    },
}

pub struct FleetRun<'a> {
    pub paths: Vec<PathBuf>,
    pub fleet: &'a FleetArgs,
    /// Bundles diagnosed at once (`-j`); every CPU when not given.
    pub jobs: Option<usize>,
    pub report: &'a ReportArgs,
    pub read: ReadOptions,
    pub fail_on: Option<Severity>,
    pub rule_dirs: &'a [PathBuf],
}

impl FleetRun<'_> {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let format = self.report.format()?;
        if format == Format::Json {
            anyhow::bail!(
                "many bundles give one JSON line each (--format jsonl) or one fleet summary (--format md, html or table), not {}",
                format.extension()
            );
        }
        // Fail early, once, on a rule base that does not load.
        KnowledgeBase::load(self.rule_dirs)?;
        let items = self.fleet.items(&self.paths)?;
        let jobs = self
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .clamp(1, 256);
        let bar = progress_bar(items.len() as u64);
        let mut summary = FleetSummary::default();
        let mut out: Box<dyn Write> = match self.report.file().filter(|_| format == Format::Jsonl) {
            Some(path) => Box::new(std::io::BufWriter::new(
                std::fs::File::create(path)
                    .map_err(|e| InputError::new(path.display().to_string(), e.to_string()))?,
            )),
            None if format == Format::Jsonl => Box::new(std::io::stdout().lock()),
            None => Box::new(std::io::sink()),
        };
        let (mut any_failed, mut alarming) = (false, false);
        let next = AtomicUsize::new(0);
        let written = (Mutex::new(0usize), Condvar::new());
        let (send, receive) = mpsc::channel::<(usize, Vec<Outcome>)>();
        std::thread::scope(|scope| -> anyhow::Result<()> {
            for _ in 0..jobs.min(items.len().max(1)) {
                let send = send.clone();
                let (next, written, items) = (&next, &written, &items);
                let this = &self;
                scope.spawn(move || {
                    let kb = KnowledgeBase::load(this.rule_dirs).map_err(|e| super::one_line(&e));
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= items.len() {
                            return;
                        }
                        let (lock, turn) = written;
                        let mut done = lock.lock().expect("not poisoned");
                        while i >= *done + WINDOW {
                            done = turn.wait(done).expect("not poisoned");
                        }
                        drop(done);
                        let outcomes = match &kb {
                            Ok(kb) => this.diagnose_item(&items[i], kb, format),
                            Err(error) => vec![Outcome::Failed {
                                bundle: items[i].display().to_string(),
                                error: error.clone(),
                            }],
                        };
                        if send.send((i, outcomes)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(send);
            let mut pending: BTreeMap<usize, Vec<Outcome>> = BTreeMap::new();
            let mut next_to_write = 0;
            for (i, outcomes) in receive {
                pending.insert(i, outcomes);
                while let Some(outcomes) = pending.remove(&next_to_write) {
                    for outcome in outcomes {
                        match outcome {
                            Outcome::Diagnosed {
                                line,
                                summary: part,
                                alarming: a,
                            } => {
                                alarming |= a;
                                out.write_all(&line)?;
                                summary.hosts.extend(part.hosts);
                            }
                            Outcome::Failed { bundle, error } => {
                                any_failed = true;
                                let line = serde_json::json!({ "bundle": bundle, "error": error });
                                if format == Format::Jsonl {
                                    writeln!(out, "{line}")?;
                                }
                                bar.suspend(|| eprintln!("perfsage: {error}"));
                                summary.failed(&bundle, &error);
                            }
                        }
                    }
                    out.flush()?;
                    next_to_write += 1;
                    bar.inc(1);
                    let (lock, turn) = &written;
                    *lock.lock().expect("not poisoned") = next_to_write;
                    turn.notify_all();
                }
            }
            Ok(())
        })?;
        bar.finish_and_clear();
        drop(out);
        if let Some(layout) = self.report.layout(format) {
            let bytes = layout.render(&document(&summary, self.report.lang));
            self.report.write(self.report.file(), &bytes)?;
        }
        Ok(if any_failed {
            ExitCode::from(2)
        } else if alarming {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        })
    }

    /// Diagnoses one path (a bundle, or a case and its bundles).
    fn diagnose_item(&self, path: &Path, kb: &KnowledgeBase, format: Format) -> Vec<Outcome> {
        let name = path.display().to_string();
        let bundles = match labelled_bundles(path, self.read) {
            Ok(bundles) => bundles,
            Err(e) => {
                return vec![Outcome::Failed {
                    bundle: name,
                    error: super::one_line(&e),
                }];
            }
        };
        bundles
            .into_iter()
            .map(|(_, bundle)| {
                let mut diagnosis = diagnose(read_bundle(&bundle), kb);
                if self.report.redact {
                    let mut redactor =
                        Redactor::new(self.report.redact_key.as_deref().unwrap_or(""));
                    redactor.learn_hosts(&diagnosis);
                    match redactor.apply(&diagnosis) {
                        Ok(redacted) => diagnosis = redacted,
                        Err(e) => {
                            return Outcome::Failed {
                                bundle: name.clone(),
                                error: super::one_line(&e),
                            };
                        }
                    }
                }
                let alarming = self.fail_on.is_some_and(|threshold| {
                    diagnosis
                        .hosts
                        .iter()
                        .flat_map(|h| h.findings.iter().chain(&h.off_path_findings))
                        .any(|f| f.severity >= threshold)
                });
                let mut line = Vec::new();
                let mut summary = FleetSummary::default();
                if format == Format::Jsonl {
                    if let Err(e) = serde_json::to_writer(&mut line, &diagnosis) {
                        return Outcome::Failed {
                            bundle: name.clone(),
                            error: e.to_string(),
                        };
                    }
                    line.push(b'\n');
                } else {
                    summary.add(&diagnosis.bundle, &diagnosis);
                }
                Outcome::Diagnosed {
                    line,
                    summary,
                    alarming,
                }
            })
            .collect()
    }
}

/// The paths of a list file (or standard input for `-`).
fn read_list(list: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let name = list.display().to_string();
    let mut paths = Vec::new();
    for (n, line) in open_lines(list)?.lines().enumerate() {
        let line = line.map_err(|e| InputError::new(format!("{name}:{}", n + 1), e.to_string()))?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        paths.push(PathBuf::from(line));
    }
    Ok(paths)
}

/// A file to read line by line, or standard input for `-`.
pub(super) fn open_lines(path: &Path) -> anyhow::Result<Box<dyn BufRead>> {
    if path == Path::new("-") {
        return Ok(Box::new(std::io::stdin().lock()));
    }
    let file = std::fs::File::open(path)
        .map_err(|e| InputError::new(path.display().to_string(), e.to_string()))?;
    Ok(Box::new(std::io::BufReader::new(file)))
}

/// A bar of bundles done, on standard error when it is a terminal.
fn progress_bar(total: u64) -> ProgressBar {
    let target = if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(total), target);
    bar.set_style(
        ProgressStyle::with_template("{spinner} diagnosing {pos}/{len} bundles [{bar:28}] {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}
