//! Binary sysstat data files (`/var/log/sa/saDD`, written by `sadc`): their layout
//! changes between sysstat releases and only sysstat's own reader knows every one, so
//! perfsage never decodes them itself. When `sadf` is installed the file is run
//! through `sadf -j FILE -- -A` and its JSON export streamed into the sadf parser;
//! the facts are those of the sadf JSON form, and the lines they cite are lines of
//! that export (a warning says so). Without sadf, or when the file was written by a
//! sysstat whose format the installed sadf cannot read, the error says which sysstat
//! wrote it and what to install or run.
//!
//! A file is recognised by sysstat's magic number at its start (0xd596, in either byte
//! order), followed by the format number and the writer's version (major, patch
//! level, sub level).

use super::read::{CaptureReport, CaptureResult, CaptureStatus, parse};
use super::sink::Warning;
use crate::program_path::find_on_path;
use crate::text::encoding::TextEncoding;
use rustix::process::{Pid, Resource, Rlimit, prlimit};
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long sadf may take over one file (a day of one-second samples of every
/// activity takes well under a minute); then it is stopped.
const SADF_LIMIT: Duration = Duration::from_secs(300);
/// How much of sadf's error output is kept to explain a failure.
const STDERR_LIMIT: u64 = 4096;
/// The address space sadf may use. It needs a few MiB for a real file, but a corrupt
/// header (a CPU or item count in the billions) makes it allocate gigabytes; with
/// this limit it fails at once instead.
const SADF_MEMORY: u64 = 256 << 20;

/// Whether `head` starts like a sysstat data file.
pub fn is_sa_file(head: &[u8]) -> bool {
    matches!(head, [0x96, 0xd5, ..] | [0xd5, 0x96, ..]) && head.len() >= 8
}

/// `sysstat 12.6.1`: the version that wrote the file, from its header.
fn writer_version(head: &[u8]) -> Option<String> {
    let [major, patch, sub] = head.get(4..7)?.try_into().ok()?;
    Some(format!("sysstat {major}.{patch}.{sub}"))
}

/// Reads the binary sa file at `path` through the `sadf` on `$PATH`.
pub fn read(path: &Path, name: &str, head: &[u8]) -> CaptureResult {
    read_with(path, name, head, find_on_path("sadf"))
}

fn failed(name: &str, message: String) -> CaptureResult {
    (
        CaptureReport::new(
            name,
            CaptureStatus::Failed {
                line: None,
                message,
            },
        ),
        Vec::new(),
    )
}

/// Reads the file with the `sadf` at `sadf` (`None`: not installed).
fn read_with(path: &Path, name: &str, head: &[u8], sadf: Option<PathBuf>) -> CaptureResult {
    let writer = writer_version(head).unwrap_or_else(|| "an unknown sysstat".into());
    let Some(sadf) = sadf else {
        return failed(
            name,
            format!(
                "a binary sysstat data file (written by {writer}): perfsage reads it through \
                 sadf, which is not installed here (apt-get install sysstat / yum install \
                 sysstat), or export it where sysstat is: sadf -j {name} -- -A > {name}.json"
            ),
        );
    };
    let spawned = Command::new(&sadf)
        .arg("-j")
        .arg(path)
        .args(["--", "-A"])
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => return failed(name, format!("{}: {e}", sadf.display())),
    };
    // Set right after exec, before sadf has read the file's header. Where the kernel
    // refuses (no prlimit), sadf runs unlimited, stopped by the time limit alone.
    let _ = Pid::from_raw(child.id() as i32).map(|pid| {
        prlimit(
            Some(pid),
            Resource::As,
            Rlimit {
                current: Some(SADF_MEMORY),
                maximum: Some(SADF_MEMORY),
            },
        )
    });
    let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
        return failed(name, "sadf: no output pipes".into());
    };
    let errors = thread::spawn(move || {
        let mut text = String::new();
        // What could be read is what there is to explain the failure.
        let _ = stderr.take(STDERR_LIMIT).read_to_string(&mut text);
        text
    });
    let child = Arc::new(Mutex::new(child));
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = stop_after(SADF_LIMIT, Arc::clone(&child), Arc::clone(&done));

    let mut stdout = BufReader::new(stdout);
    let mut json_head = Vec::new();
    let head_read = (&mut stdout)
        .take(super::detect::HEAD_BYTES as u64)
        .read_to_end(&mut json_head);
    let head_text = String::from_utf8_lossy(&json_head).into_owned();
    let stream = Box::new(std::io::Cursor::new(json_head).chain(stdout));
    let (mut report, facts) = match head_read {
        Ok(n) if n > 0 => parse(name, TextEncoding::Utf8, &head_text, stream, 1, None, None),
        _ => (CaptureReport::new(name, CaptureStatus::Parsed), Vec::new()),
    };

    done.store(true, Ordering::Relaxed);
    let timed_out = watchdog.join().unwrap_or(false);
    let status = lock(&child).wait();
    let errors = errors.join().unwrap_or_default();
    let sadf_failed = !status.as_ref().is_ok_and(|s| s.success());
    if timed_out {
        return failed(
            name,
            format!(
                "sadf did not finish within {} s and was stopped",
                SADF_LIMIT.as_secs()
            ),
        );
    }
    if sadf_failed || facts.is_empty() {
        let said: Vec<&str> = errors
            .lines()
            .map(str::trim)
            .filter(|l| {
                !l.is_empty() && !l.starts_with("Try to convert") && !l.starts_with("You should")
            })
            .collect();
        let reason = if said.is_empty() {
            "it printed nothing to read".to_string()
        } else {
            said.join("; ")
        };
        return failed(
            name,
            format!(
                "a binary sysstat data file written by {writer}; the installed sadf ({}) \
                 could not read it: {reason}",
                installed_version(&sadf)
            ),
        );
    }
    report.warnings.insert(
        0,
        Warning {
            line: 1,
            message: format!(
                "a binary sysstat data file (written by {writer}), read through `sadf -j {name} -- -A` ({}); the lines cited are lines of that JSON export",
                installed_version(&sadf)
            ),
        },
    );
    (report, facts)
}

/// Kills the child when `limit` passes before `done`; says whether it did.
fn stop_after(
    limit: Duration,
    child: Arc<Mutex<Child>>,
    done: Arc<AtomicBool>,
) -> thread::JoinHandle<bool> {
    let started = Instant::now();
    thread::spawn(move || {
        while !done.load(Ordering::Relaxed) {
            if started.elapsed() >= limit {
                // Already exited is as good as killed.
                let _ = lock(&child).kill();
                return true;
            }
            thread::sleep(Duration::from_millis(50));
        }
        false
    })
}

fn lock(child: &Mutex<Child>) -> std::sync::MutexGuard<'_, Child> {
    child.lock().unwrap_or_else(|e| e.into_inner())
}

/// `sysstat 12.6.1`, from `sadf -V`.
fn installed_version(sadf: &Path) -> String {
    Command::new(sadf)
        .arg("-V")
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()
        .and_then(|out| {
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            let line = text.lines().next()?.trim().to_string();
            Some(line.replace("version ", ""))
        })
        .unwrap_or_else(|| "version unknown".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_says_it_is_a_sysstat_file_and_which_version_wrote_it() {
        let head = [0x96, 0xd5, 0x75, 0x21, 12, 6, 1, 0, 0x50];
        assert!(is_sa_file(&head));
        assert_eq!(writer_version(&head).as_deref(), Some("sysstat 12.6.1"));
        assert!(is_sa_file(&[0xd5, 0x96, 0x21, 0x75, 11, 5, 7, 0]));
        assert!(!is_sa_file(b"Linux 6.1"));
        assert!(!is_sa_file(&[0x96, 0xd5]));
    }

    #[test]
    fn without_sadf_the_error_says_what_to_install() {
        let head = [0x96, 0xd5, 0x75, 0x21, 12, 6, 1, 0];
        let (report, facts) = read_with(Path::new("/nonexistent/sa04"), "sa04", &head, None);
        assert!(facts.is_empty());
        let problem = report.problem().unwrap();
        assert!(problem.contains("sysstat 12.6.1"), "{problem}");
        assert!(problem.contains("apt-get install sysstat"), "{problem}");
    }
}
