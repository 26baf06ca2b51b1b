//! The CPU profile: `perf record -F 99 -g -a` for the profiling window, then, from its
//! data file, `perf report --stdio --no-children -F overhead,dso,sym` (the hot
//! functions by library, as the rules recommend; `-F` rather than `--sort` because perf
//! otherwise adds IPC columns after the symbol for some recordings) and `perf script`
//! (every sample with its stack,
//! gzip-compressed because it grows with CPUs × seconds). The data file stays in the
//! bundle as the hidden `.perf.data`, for `perf report -i` with other options later.
//! perf's build-id cache is not updated (`-N`), so nothing is written under ~/.debug.

use super::availability::Environment;
use super::bundle_dir::BundleDir;
use super::children::{self, Running};
use super::snapshots::Taken;
use flate2::Compression;
use flate2::write::GzEncoder;
use std::io::{self, Write};
use std::process::Stdio;
use std::sync::Mutex;
use std::thread;
use std::time::Duration;

pub const DATA_FILE: &str = ".perf.data";
pub const REPORT_FILE: &str = "perf_report.txt";
pub const SCRIPT_FILE: &str = "perf_script.txt.gz";

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
        Ok(()) => files.push(REPORT_FILE.into()),
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
    perf: &std::path::Path,
    args: &[&str],
    dir: &Mutex<BundleDir>,
    file: &str,
    gzip: bool,
    cancelled: &dyn Fn() -> bool,
) -> Result<(), String> {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let out = dir
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .create(file)
        .map_err(|e| format!("writing {file}: {e}"))?;
    let mut command = children::command(perf, &args);
    command.stdout(Stdio::piped());
    let discard = |problem: String| {
        dir.lock().unwrap_or_else(|e| e.into_inner()).discard(file);
        Err(problem)
    };
    let mut running = match Running::spawn(command) {
        Ok(running) => running,
        Err(e) => return discard(e.to_string()),
    };
    let Some(mut stdout) = running.child_mut().stdout.take() else {
        return discard("no output pipe".into());
    };
    let copier = thread::spawn(move || -> io::Result<u64> {
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
    });
    while running.try_wait().is_none() {
        if cancelled() {
            let _ = running.stop(Duration::from_secs(1));
            let _ = copier.join();
            return discard("stopped by a second interrupt".into());
        }
        thread::sleep(Duration::from_millis(50));
    }
    let (status, stderr) = running.stop(Duration::from_secs(1));
    let copied = copier.join().unwrap_or(Ok(0));
    if let Some(problem) = children::failure(status, &stderr) {
        return discard(problem);
    }
    match copied {
        Ok(0) => discard("printed nothing (no samples were recorded)".into()),
        Ok(_) => Ok(()),
        Err(e) => discard(format!("writing {file}: {e}")),
    }
}
