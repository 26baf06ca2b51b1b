//! The CPU profile: `perf record -F 99 -g -a` for the profiling window, then, from its
//! data file, `perf report --stdio --no-children -F overhead,dso,sym` (the hot
//! functions by library, as the rules recommend; `-F` rather than `--sort` because perf
//! otherwise adds IPC columns after the symbol for some recordings) and `perf script`
//! (every sample with its stack,
//! gzip-compressed because it grows with CPUs × seconds), and `perf annotate --stdio`
//! of the three hottest user-space functions the report names (how their hot loops
//! do their atomics: the proof the lock rules look for). The data file stays in the
//! bundle as the hidden `.perf.data`, for `perf report -i` with other options later.
//! perf's build-id cache is not updated (`-N`), so nothing is written under ~/.debug.

use super::availability::Environment;
use super::bundle_dir::BundleDir;
use super::children::{self, Running};
use super::snapshots::Taken;
use flate2::Compression;
use flate2::write::GzEncoder;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{ChildStdout, Stdio};
use std::sync::Mutex;
use std::thread;
use std::time::Duration;

pub const DATA_FILE: &str = ".perf.data";
pub const REPORT_FILE: &str = "perf_report.txt";
pub const SCRIPT_FILE: &str = "perf_script.txt.gz";
pub const ANNOTATE_FILE: &str = "perf_annotate.txt";

/// How many user-space functions are annotated.
const ANNOTATED_FUNCTIONS: usize = 3;
/// The most of one function's annotation kept (a huge generated function is cut).
const ANNOTATION_LIMIT: u64 = 8 << 20;

/// perf's sampling rate: 99 Hz avoids lockstep with 100 Hz timers.
const FREQUENCY: &str = "99";

/// A running `perf record`.
pub struct Recording {
    running: Running,
}

pub fn start(env: &Environment, dir: &Mutex<BundleDir>) -> Result<Recording, String> {
    let perf = env.find("perf").ok_or("perf is not installed")?;
    let mut dir = dir.lock().unwrap_or_else(|e| e.into_inner());
    let data = dir.path(DATA_FILE);
    let args: Vec<String> = [
        "record",
        "-F",
        FREQUENCY,
        "-g",
        "-a",
        "-N",
        "-o",
        &data.display().to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut command = children::command(&perf, &args);
    command.stdout(Stdio::null());
    let running = Running::spawn(command).map_err(|e| format!("perf record: {e}"))?;
    dir.note_written(DATA_FILE);
    Ok(Recording { running })
}

impl Recording {
    /// Whether perf record has already ended (it failed to start sampling).
    pub fn has_ended(&mut self) -> bool {
        self.running.try_wait().is_some()
    }

    /// Stops recording (SIGINT: perf writes its data and exits); the error says why
    /// recording failed.
    pub fn stop(self) -> Result<(), String> {
        let (status, stderr) = self.running.stop(Duration::from_secs(30));
        let interrupted_cleanly = status.is_some_and(|s| {
            use std::os::unix::process::ExitStatusExt;
            s.success() || s.signal() == Some(2) || s.code() == Some(130)
        });
        if interrupted_cleanly {
            Ok(())
        } else {
            Err(children::failure(status, &stderr).unwrap_or_else(|| "perf record failed".into()))
        }
    }
}

/// Writes the report and the script from the data file. `cancelled` is polled: when it
/// turns true the running perf is stopped and what is missing is said.
pub fn post_process(
    env: &Environment,
    dir: &Mutex<BundleDir>,
    cancelled: &dyn Fn() -> bool,
) -> Taken {
    let Some(perf) = env.find("perf") else {
        return Taken {
            files: vec![DATA_FILE.into()],
            problem: Some("perf is not installed".into()),
        };
    };
    let data = dir
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .path(DATA_FILE)
        .display()
        .to_string();
    let mut files = vec![DATA_FILE.to_string()];
    let mut problems = Vec::new();
    let report_args = [
        "report",
        "-i",
        &data,
        "--stdio",
        "--no-children",
        "-F",
        "overhead,dso,sym",
    ];
    match to_file(&perf, &report_args, dir, REPORT_FILE, false, cancelled) {
        Ok(()) => {
            files.push(REPORT_FILE.into());
            let report = dir
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .path(REPORT_FILE);
            let report = std::fs::read_to_string(report).unwrap_or_default();
            match annotate(
                &perf,
                &data,
                &hottest_user_functions(&report),
                dir,
                cancelled,
            ) {
                Ok(()) => files.push(ANNOTATE_FILE.into()),
                Err(problem) => problems.push(format!("perf annotate: {problem}")),
            }
        }
        Err(problem) => problems.push(format!("perf report: {problem}")),
    }
    match to_file(
        &perf,
        &["script", "-i", &data],
        dir,
        SCRIPT_FILE,
        true,
        cancelled,
    ) {
        Ok(()) => files.push(SCRIPT_FILE.into()),
        Err(problem) => problems.push(format!("perf script: {problem}")),
    }
    Taken {
        files,
        problem: (!problems.is_empty()).then(|| problems.join("; ")),
    }
}

/// Runs perf with `args`, its output streamed (gzip-compressed when `gzip`) into `file`.
fn to_file(
    perf: &Path,
    args: &[&str],
    dir: &Mutex<BundleDir>,
    file: &str,
    gzip: bool,
    cancelled: &dyn Fn() -> bool,
) -> Result<(), String> {
    let out = dir
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .create(file)
        .map_err(|e| format!("writing {file}: {e}"))?;
    let copy = move |mut stdout: ChildStdout| -> io::Result<u64> {
        if gzip {
            let mut encoder = GzEncoder::new(out, Compression::fast());
            let n = io::copy(&mut stdout, &mut encoder)?;
            encoder.finish()?.flush()?;
            Ok(n)
        } else {
            let mut out = out;
            let n = io::copy(&mut stdout, &mut out)?;
            out.flush()?;
            Ok(n)
        }
    };
    let outcome = match run(perf, args, copy, cancelled) {
        Ok(0) => Err("printed nothing (no samples were recorded)".into()),
        Ok(_) => Ok(()),
        Err(problem) => Err(problem),
    };
    if outcome.is_err() {
        dir.lock().unwrap_or_else(|e| e.into_inner()).discard(file);
    }
    outcome
}

/// The user-space functions (`[.]`) of `perf report --stdio` output, hottest first,
/// without the unresolved addresses perf annotate cannot disassemble.
fn hottest_user_functions(report: &str) -> Vec<String> {
    let mut functions: Vec<String> = Vec::new();
    for line in report.lines() {
        let Some((left, symbol)) = line.split_once(" [.] ") else {
            continue;
        };
        let symbol = symbol.trim();
        let is_entry = left.trim_start().split(' ').next().is_some_and(|share| {
            share.ends_with('%') && share[..share.len() - 1].parse::<f64>().is_ok()
        });
        if is_entry
            && !symbol.is_empty()
            && !symbol.starts_with("0x")
            && !functions.iter().any(|f| f == symbol)
        {
            functions.push(symbol.to_string());
            if functions.len() == ANNOTATED_FUNCTIONS {
                break;
            }
        }
    }
    functions
}

/// Annotates each of `functions` into one file.
fn annotate(
    perf: &Path,
    data: &str,
    functions: &[String],
    dir: &Mutex<BundleDir>,
    cancelled: &dyn Fn() -> bool,
) -> Result<(), String> {
    if functions.is_empty() {
        return Err("no user-space function with a symbol in the profile (a stripped program shows only addresses)".into());
    }
    let mut annotations = Vec::new();
    let mut problems = Vec::new();
    for function in functions {
        let args = ["annotate", "-i", data, "--stdio", "-s", function];
        let read = |stdout: ChildStdout| -> io::Result<Vec<u8>> {
            let mut bytes = Vec::new();
            stdout.take(ANNOTATION_LIMIT).read_to_end(&mut bytes)?;
            Ok(bytes)
        };
        match run(perf, &args, read, cancelled) {
            Ok(bytes) if bytes.iter().all(u8::is_ascii_whitespace) => {
                problems.push(format!("{function}: printed nothing"));
            }
            Ok(bytes) => annotations.extend(bytes),
            Err(problem) => problems.push(format!("{function}: {problem}")),
        }
    }
    if annotations.is_empty() {
        return Err(problems.join("; "));
    }
    let mut dir = dir.lock().unwrap_or_else(|e| e.into_inner());
    let written = dir
        .create(ANNOTATE_FILE)
        .and_then(|mut f| f.write_all(&annotations));
    if let Err(e) = written {
        dir.discard(ANNOTATE_FILE);
        return Err(format!("writing {ANNOTATE_FILE}: {e}"));
    }
    Ok(())
}

/// Runs perf with `args`, handing its standard output to `consume` on a thread of its
/// own; a turn of `cancelled` stops perf. The error names perf's failure.
fn run<T: Send + 'static>(
    perf: &Path,
    args: &[&str],
    consume: impl FnOnce(ChildStdout) -> io::Result<T> + Send + 'static,
    cancelled: &dyn Fn() -> bool,
) -> Result<T, String> {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let mut command = children::command(perf, &args);
    command.stdout(Stdio::piped());
    let mut running = Running::spawn(command).map_err(|e| e.to_string())?;
    let stdout = running.child_mut().stdout.take().ok_or("no output pipe")?;
    let consumer = thread::spawn(move || consume(stdout));
    while running.try_wait().is_none() {
        if cancelled() {
            let _ = running.stop(Duration::from_secs(1));
            let _ = consumer.join();
            return Err("stopped by a second interrupt".into());
        }
        thread::sleep(Duration::from_millis(50));
    }
    let (status, stderr) = running.stop(Duration::from_secs(1));
    let consumed = consumer
        .join()
        .unwrap_or_else(|_| Err(io::Error::other("the output reader stopped")));
    if let Some(problem) = children::failure(status, &stderr) {
        return Err(problem);
    }
    consumed.map_err(|e| format!("reading its output: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hottest_resolved_user_space_functions_are_annotated() {
        let report = "\
# Overhead  Shared Object      Symbol
# ........  .................  ....................
#
    40.10%  [kernel.kallsyms]  [k] native_queued_spin_lock_slowpath
    20.00%  postgres           [.] 0x00000000004a1f20
    12.50%  postgres           [.] LWLockAcquire
            |
            ---LWLockAcquire [.] caller
     6.25%  libc.so.6          [.] __memmove_avx_unaligned_erms
     5.00%  postgres           [.] LWLockAcquire
     4.00%  postgres           [.] hash_search_with_hash_value
     3.00%  postgres           [.] ExecScan
";
        assert_eq!(
            hottest_user_functions(report),
            [
                "LWLockAcquire",
                "__memmove_avx_unaligned_erms",
                "hash_search_with_hash_value"
            ]
        );
        assert!(hottest_user_functions("#\n    9.00%  [kernel]  [k] x\n").is_empty());
    }
}
