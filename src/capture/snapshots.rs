//! The collectors that run once: a command's output or a /proc file, written into the
//! bundle only when it succeeded and printed something, so every file is a real
//! capture. A failure becomes the collector's reason in bundle.yaml (the exit status
//! and the tool's last error line), never a half-written file.

use super::availability::Environment;
use super::bundle_dir::BundleDir;
use super::children::{self, Running, last_line};
use super::collectors::{Collector, Id};
use super::settings::write_snapshot;
use super::start_and_end::StartAndEnd;
use super::target_process::Target;
use std::io::{Read, Write};
use std::path::Path;
use std::process::Stdio;
use std::sync::Mutex;
use std::thread;
use std::time::Duration;

/// How long a one-shot command may take before it is stopped.
const COMMAND_LIMIT: Duration = Duration::from_secs(60);

/// What a snapshot collector needs.
pub struct SnapshotContext<'a> {
    pub dir: &'a Mutex<BundleDir>,
    pub env: &'a Environment,
    pub target: Option<&'a Target>,
    /// The first readings of the collectors read at the start and at the end.
    pub start_and_end: &'a StartAndEnd,
}

/// The result of one collector: files written, and what went wrong or was left out.
#[derive(Debug, Default)]
pub struct Taken {
    pub files: Vec<String>,
    pub problem: Option<String>,
}

impl Taken {
    fn file(name: &str) -> Taken {
        Taken {
            files: vec![name.to_string()],
            problem: None,
        }
    }

    fn failed(problem: impl Into<String>) -> Taken {
        Taken {
            files: Vec::new(),
            problem: Some(problem.into()),
        }
    }
}

/// Runs one snapshot collector.
pub fn take(collector: &Collector, context: &SnapshotContext) -> Taken {
    let file = collector.files[0];
    let pid = context.target.map(|t| t.pid.to_string());
    match collector.id {
        Id::Lscpu => command(context, "lscpu", &[], file),
        Id::Numactl => command(context, "numactl", &["-H"], file),
        Id::Dmidecode => command(context, "dmidecode", &["-t", "memory"], file),
        Id::Uname => command(context, "uname", &["-a"], file),
        Id::Df => both_df_tables(context, file),
        Id::Numastat => command(context, "numastat", &[], file),
        Id::Dmesg => kernel_log(context, file),
        Id::NumastatProcess => {
            let target = context
                .target
                .expect("needs_process collectors have a target");
            let which = target
                .pattern
                .clone()
                .unwrap_or_else(|| target.pid.to_string());
            command(context, "numastat", &["-p", &which], file)
        }
        Id::Cpuinfo => copy(context, Path::new("/proc/cpuinfo"), file),
        Id::Meminfo => copy(context, Path::new("/proc/meminfo"), file),
        Id::Interrupts => copy(context, Path::new("/proc/interrupts"), file),
        Id::ProcStatus => {
            let pid = pid.expect("needs_process collectors have a target");
            copy(context, &Path::new("/proc").join(pid).join("status"), file)
        }
        Id::Settings => {
            let mut bytes = Vec::new();
            match write_snapshot(&mut bytes) {
                Ok(()) => write(context, file, &bytes),
                Err(e) => Taken::failed(format!("reading settings: {e}")),
            }
        }
        Id::Ethtool => ethtool(context, file),
        Id::Cgroup | Id::Psi | Id::ProcVmstat | Id::Nstat | Id::SocketSummary => {
            match context.start_and_end.finish(collector.id, context.env) {
                Ok(bytes) => write(context, file, &bytes),
                Err(problem) => Taken::failed(problem),
            }
        }
        // With no connection open ss prints its header alone: a count of 0.
        Id::TcpSockets => command(context, "ss", &["-tin"], file),
        Id::Mpstat
        | Id::Iostat
        | Id::Vmstat
        | Id::Sar
        | Id::Pidstat
        | Id::ProcSamples
        | Id::Perf
        | Id::PerfStat => {
            unreachable!("samplers are not snapshots")
        }
    }
}

/// Runs `program args` and writes what it printed to `file`.
fn command(context: &SnapshotContext, program: &str, args: &[&str], file: &str) -> Taken {
    match run_captured(context.env, program, args) {
        Ok(output) => write(context, file, &output),
        Err(problem) => Taken::failed(problem),
    }
}

/// The kernel log with times that name their zone, so that its errors can be placed
/// inside or outside the capture window; util-linux before 2.25 (CentOS 7) lacks
/// `--time-format` and gives the plain log. Unreadable for other users where
/// kernel.dmesg_restrict is 1: the failure says so.
fn kernel_log(context: &SnapshotContext, file: &str) -> Taken {
    match run_captured(context.env, "dmesg", &["--time-format", "iso"]) {
        Ok(output) => write(context, file, &output),
        Err(_) => command(context, "dmesg", &[], file),
    }
}

/// `df -h` and `df -i` in one file: the parser reads each table under its header.
fn both_df_tables(context: &SnapshotContext, file: &str) -> Taken {
    let mut both = Vec::new();
    for args in [["-h"], ["-i"]] {
        match run_captured(context.env, "df", &args) {
            Ok(output) => both.extend_from_slice(&output),
            Err(problem) => return Taken::failed(problem),
        }
    }
    write(context, file, &both)
}

/// A /proc file, copied as it is.
fn copy(context: &SnapshotContext, source: &Path, file: &str) -> Taken {
    match std::fs::read(source) {
        Ok(bytes) => write(context, file, &bytes),
        Err(e) => Taken::failed(format!("{}: {e}", source.display())),
    }
}

fn write(context: &SnapshotContext, file: &str, bytes: &[u8]) -> Taken {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Taken::failed("printed nothing");
    }
    let mut dir = context.dir.lock().unwrap_or_else(|e| e.into_inner());
    match dir.create(file).and_then(|mut f| f.write_all(bytes)) {
        Ok(()) => Taken::file(file),
        Err(e) => {
            dir.discard(file);
            Taken::failed(format!("writing {file}: {e}"))
        }
    }
}

/// Runs a short command and returns its standard output; an error names the exit
/// status and the last line of its error output.
pub fn run_captured(env: &Environment, program: &str, args: &[&str]) -> Result<Vec<u8>, String> {
    let path = env
        .find(program)
        .ok_or_else(|| format!("{program} is not installed"))?;
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let mut command = children::command(&path, &args);
    command.stdout(Stdio::piped());
    let mut running = Running::spawn(command).map_err(|e| format!("{program}: {e}"))?;
    let stdout = running.child_mut().stdout.take();
    let reader = thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut out) = stdout {
            // A read error leaves what was read so far, which is all there is.
            let _ = out.read_to_end(&mut bytes);
        }
        bytes
    });
    let (status, stderr, stopped) = running.finish(COMMAND_LIMIT);
    let output = reader.join().unwrap_or_default();
    if stopped {
        return Err(format!(
            "did not finish within {} s and was stopped",
            COMMAND_LIMIT.as_secs()
        ));
    }
    if let Some(problem) = children::failure(status, &stderr) {
        return Err(problem);
    }
    if output.iter().all(u8::is_ascii_whitespace) {
        return Err(match last_line(&stderr) {
            Some(line) => format!("printed nothing: {line}"),
            None => "printed nothing".into(),
        });
    }
    Ok(output)
}

/// Physical network interfaces: those backed by a device (not lo, bridges, veth, ifb).
pub fn physical_interfaces() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir("/sys/class/net")
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .filter(|e| e.path().join("device").exists())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// `ethtool`, `-i`, `-k` and `-l` for every physical interface, as one transcript with
/// a `$ command` line before each output so every section names its interface.
fn ethtool(context: &SnapshotContext, file: &str) -> Taken {
    let interfaces = physical_interfaces();
    if interfaces.is_empty() {
        return Taken::failed(
            "no physical network interface (none under /sys/class/net has a device)",
        );
    }
    let mut transcript: Vec<u8> = Vec::new();
    let mut problems = Vec::new();
    for interface in &interfaces {
        for option in [None, Some("-i"), Some("-k"), Some("-l")] {
            let args: Vec<&str> = option.into_iter().chain([interface.as_str()]).collect();
            let shown = format!("ethtool {}", args.join(" "));
            match run_captured(context.env, "ethtool", &args) {
                Ok(output) => {
                    let _ = writeln!(transcript, "$ {shown}");
                    transcript.extend_from_slice(&output);
                    if !output.ends_with(b"\n") {
                        transcript.push(b'\n');
                    }
                }
                Err(problem) => problems.push(format!("{shown}: {problem}")),
            }
        }
    }
    if transcript.is_empty() {
        return Taken::failed(problems.join("; "));
    }
    let mut taken = write(context, file, &transcript);
    if !problems.is_empty() {
        taken.problem = Some(problems.join("; "));
    }
    taken
}

/// The first line each program prints for its version option.
pub fn tool_version(env: &Environment, program: &str) -> Option<String> {
    let option = match program {
        "mpstat" | "iostat" | "sar" | "pidstat" | "vmstat" | "lscpu" | "numastat" | "ss"
        | "nstat" => "-V",
        "perf" | "dmidecode" | "ethtool" | "uname" => "--version",
        _ => return None,
    };
    let mut output = run_captured(env, program, &[option]).ok()?;
    output.truncate(4096);
    let text = String::from_utf8_lossy(&output);
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(str::to_string)
}
