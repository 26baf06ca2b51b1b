//! Running the tools a capture starts. Every child gets its own process group, so a
//! Ctrl-C at the terminal reaches perfsage only and perfsage stops each child in order
//! (SIGINT first, which makes sysstat print its averages and perf write its data);
//! every child is told to die with perfsage, so a killed capture leaves nothing
//! running. Every child starts with every signal at its default action and none
//! blocked, whatever perfsage inherited (nohup, cron and background shells start it
//! with SIGINT ignored, and exec keeps an ignored signal ignored). Tools run in the C
//! locale with ISO time stamps and no colours, the form the parsers read on every host.

use std::io::{self, Read};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStderr, Command, ExitStatus, Stdio};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, kill_process_group};

/// How much of a child's error output is kept to explain a failure.
const STDERR_TAIL_BYTES: usize = 2048;

/// A command with the environment every capture tool runs in.
pub fn command(program: &Path, args: &[String]) -> Command {
    make_children_waitable();
    let mut command = Command::new(program);
    command
        .args(args)
        .env("LC_ALL", "C")
        .env("S_TIME_FORMAT", "ISO")
        .env("S_COLORS", "never")
        .stdin(Stdio::null())
        .process_group(0);
    prepare_child(&mut command);
    command
}

/// The benchmark command: the user's own program in the user's own environment
/// (locale included), in its own process group like every child.
pub fn benchmark_command(argv: &[String]) -> Command {
    make_children_waitable();
    let mut command = Command::new(&argv[0]);
    command
        .args(&argv[1..])
        .stdin(Stdio::null())
        .process_group(0);
    prepare_child(&mut command);
    command
}

/// Runs in the child between fork and exec: resets its signals and asks the kernel to
/// send it SIGTERM when the thread that started it ends, so no sampler outlives a
/// killed perfsage.
// Signal dispositions and pre-exec hooks have no safe std or rustix API.
#[allow(unsafe_code)]
fn prepare_child(command: &mut Command) {
    // SAFETY: the closure runs in the forked child before exec. It only makes
    // sigaction, sigprocmask and prctl system calls, which are async-signal-safe, and
    // touches no memory of the parent's other threads.
    unsafe {
        command.pre_exec(|| {
            reset_signals();
            rustix::process::set_parent_process_death_signal(Some(Signal::TERM))
                .map_err(io::Error::from)
        });
    }
}

/// Every signal back to its default action and none blocked. Handlers are reset by
/// exec anyway; what survives exec, and what this undoes, is an ignored signal and the
/// blocked mask. SIGKILL and SIGSTOP (and numbers the C library reserves) refuse the
/// change, which is harmless: they are at their default already.
///
/// Meant for the forked child only: in perfsage itself it would undo the handlers the
/// capture installs.
// Signal dispositions and pre-exec hooks have no safe std or rustix API.
#[allow(unsafe_code)]
fn reset_signals() {
    // SAFETY: `action` and `empty` are plain C structs, fully initialised by zeroing and
    // sigemptyset before use; the calls only change this process's signal state.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = libc::SIG_DFL;
        libc::sigemptyset(&mut action.sa_mask);
        // Linux numbers signals 1 to 64.
        for signal in 1..=64 {
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
    }
}

/// Puts SIGCHLD back to its default action if perfsage was started with it ignored:
/// the kernel then reaps every child at once and none could be waited for, so no exit
/// status and no graceful stop. Its default action ignores the signal too, without that
/// side effect.
// Signal dispositions and pre-exec hooks have no safe std or rustix API.
#[allow(unsafe_code)]
fn make_children_waitable() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: `current` is a plain C struct the first call fills in; the second call
        // only changes this process's action for SIGCHLD, which perfsage sets nowhere else.
        unsafe {
            let mut current: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGCHLD, std::ptr::null(), &mut current) == 0
                && current.sa_sigaction == libc::SIG_IGN
            {
                let mut default: libc::sigaction = std::mem::zeroed();
                default.sa_sigaction = libc::SIG_DFL;
                libc::sigaction(libc::SIGCHLD, &default, std::ptr::null_mut());
            }
        }
    });
}

/// Unblocks the signals that stop a capture (SIGINT, SIGTERM, SIGHUP) in the calling
/// thread and the threads it starts afterwards: a blocked mask is inherited too, and a
/// blocked Ctrl-C would never reach the capture's handler.
// Signal dispositions and pre-exec hooks have no safe std or rustix API.
#[allow(unsafe_code)]
pub fn unblock_stop_signals() {
    // SAFETY: `set` is a plain C struct initialised by sigemptyset before use; the call
    // only changes the calling thread's signal mask.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::sigaddset(&mut set, signal);
        }
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
    }
}

/// A started child whose error output is collected in the background.
pub struct Running {
    child: Child,
    stderr: Option<JoinHandle<String>>,
}

impl Running {
    /// Starts `command` (stdout already set up by the caller); stderr is collected.
    pub fn spawn(mut command: Command) -> io::Result<Running> {
        command.stderr(Stdio::piped());
        let mut child = command.spawn()?;
        let stderr = child.stderr.take().map(collect_tail);
        Ok(Running { child, stderr })
    }

    pub fn child_mut(&mut self) -> &mut Child {
        &mut self.child
    }

    /// The exit status if the child has ended.
    pub fn try_wait(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Sends `signal` to the child's process group (the child and anything it started).
    pub fn signal(&self, signal: Signal) {
        if let Some(pid) = Pid::from_raw(self.child.id() as i32) {
            // The group may already be gone; there is nothing to do then.
            let _ = kill_process_group(pid, signal);
        }
    }

    /// Stops the child: SIGINT, then SIGTERM after `grace`, then SIGKILL a second later.
    /// Returns its exit status and the tail of its error output.
    pub fn stop(mut self, grace: Duration) -> (Option<ExitStatus>, String) {
        let mut status = self.try_wait();
        if status.is_none() {
            self.signal(Signal::INT);
            status = self.wait_for(grace);
        }
        if status.is_none() {
            self.signal(Signal::TERM);
            status = self.wait_for(Duration::from_secs(1));
        }
        if status.is_none() {
            self.signal(Signal::KILL);
            status = self.child.wait().ok();
        }
        (status, self.stderr_tail())
    }

    /// Waits for the child to end by itself, up to `limit`; stops it after that.
    pub fn finish(mut self, limit: Duration) -> (Option<ExitStatus>, String, bool) {
        match self.wait_for(limit) {
            Some(status) => (Some(status), self.stderr_tail(), false),
            None => {
                let (status, tail) = self.stop(Duration::from_secs(2));
                (status, tail, true)
            }
        }
    }

    fn wait_for(&mut self, limit: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn stderr_tail(&mut self) -> String {
        self.stderr
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default()
    }
}

/// Reads a child's stderr to the end, keeping the last `STDERR_TAIL_BYTES`.
fn collect_tail(mut stderr: ChildStderr) -> JoinHandle<String> {
    thread::spawn(move || {
        let mut tail: Vec<u8> = Vec::new();
        let mut buffer = [0u8; 4096];
        while let Ok(n) = stderr.read(&mut buffer) {
            if n == 0 {
                break;
            }
            tail.extend_from_slice(&buffer[..n]);
            if tail.len() > 2 * STDERR_TAIL_BYTES {
                tail.drain(..tail.len() - STDERR_TAIL_BYTES);
            }
        }
        if tail.len() > STDERR_TAIL_BYTES {
            tail.drain(..tail.len() - STDERR_TAIL_BYTES);
        }
        String::from_utf8_lossy(&tail).trim().to_string()
    })
}

/// Why a child's run did not count as a success, in one line: its exit and the last
/// line of its error output.
pub fn failure(status: Option<ExitStatus>, stderr: &str) -> Option<String> {
    let exit = match status {
        Some(s) if s.success() => return None,
        Some(s) => match s.code() {
            Some(code) => format!("exit status {code}"),
            None => {
                use std::os::unix::process::ExitStatusExt;
                format!("killed by signal {}", s.signal().unwrap_or(0))
            }
        },
        None => "could not be waited for".to_string(),
    };
    Some(match last_line(stderr) {
        Some(line) => format!("{exit}: {line}"),
        None => exit,
    })
}

/// The last non-blank line of a tool's error output.
pub fn last_line(stderr: &str) -> Option<&str> {
    stderr.lines().map(str::trim).rfind(|l| !l.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut c = command(Path::new("/bin/sh"), &["-c".into(), script.into()]);
        c.stdout(Stdio::null());
        c
    }

    #[test]
    fn a_sleeping_child_is_stopped_with_sigint() {
        let started = Instant::now();
        let running = Running::spawn(sh("echo starting >&2; exec sleep 30")).unwrap();
        thread::sleep(Duration::from_millis(200));
        let (status, stderr) = running.stop(Duration::from_secs(5));
        assert!(started.elapsed() < Duration::from_secs(10));
        assert_eq!(stderr, "starting");
        assert!(failure(status, &stderr).unwrap().contains("signal 2"));
    }

    /// `nohup perfsage capture …` and background jobs of a script start perfsage with
    /// SIGINT ignored, some job runners with SIGCHLD ignored: children must still stop at
    /// SIGINT and be waited for. Runs the other tests of this module in a copy of this
    /// test binary started that way.
    #[test]
    #[allow(unsafe_code)] // a pre-exec hook, as in prepare_child
    fn children_behave_when_perfsage_starts_with_sigint_and_sigchld_ignored() {
        let mut copy = Command::new(std::env::current_exe().unwrap());
        copy.args([
            "--test-threads=1",
            "capture::children::tests::",
            "--skip",
            "children_behave_when",
        ]);
        // SAFETY: runs in the forked child before exec and only makes two sigaction
        // calls through signal(), which is async-signal-safe.
        unsafe {
            copy.pre_exec(|| {
                libc::signal(libc::SIGINT, libc::SIG_IGN);
                libc::signal(libc::SIGCHLD, libc::SIG_IGN);
                Ok(())
            });
        }
        let output = copy.output().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{stdout}");
        assert!(stdout.contains("3 passed"), "{stdout}");
    }

    #[test]
    fn a_child_ignoring_sigint_is_terminated() {
        let running = Running::spawn(sh("trap '' INT; sleep 30 & wait")).unwrap();
        thread::sleep(Duration::from_millis(200));
        let (status, _) = running.stop(Duration::from_millis(200));
        assert!(status.is_some_and(|s| !s.success()));
    }

    #[test]
    fn failures_name_the_exit_and_the_last_error_line() {
        let running =
            Running::spawn(sh("echo one >&2; echo 'no such device' >&2; exit 3")).unwrap();
        let (status, stderr, stopped) = running.finish(Duration::from_secs(10));
        assert!(!stopped);
        assert_eq!(
            failure(status, &stderr).as_deref(),
            Some("exit status 3: no such device")
        );
        let ok = Running::spawn(sh("true")).unwrap();
        let (status, stderr, _) = ok.finish(Duration::from_secs(10));
        assert_eq!(failure(status, &stderr), None);
    }
}
