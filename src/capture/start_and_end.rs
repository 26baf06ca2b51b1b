//! The collectors read twice: counters that count since boot (pressure stall totals,
//! /proc/vmstat, the kernel's TCP counters, a cgroup's throttling) say what happened
//! during the capture only as the growth between a reading at the start and one at the
//! end. Each reading is a stamp line (seconds since the epoch, as `date +%s` prints
//! it) followed by the files' content, each after a `# <path>` line when there are
//! several, or by a command's output; both readings go into one file, the shape the
//! parsers read as a shell loop's snapshots (see `parse::os::snapshot_time`).

use super::availability::Environment;
use super::cgroup_paths::control_files;
use super::collectors::{Id, When, collectors};
use super::snapshots::run_captured;
use super::target_process::Target;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

/// The /proc/pressure files read (irq, on newer kernels, is left out: it has no
/// `some` line worth a verdict and is absent on most).
const PRESSURE_FILES: [&str; 3] = [
    "/proc/pressure/cpu",
    "/proc/pressure/memory",
    "/proc/pressure/io",
];

/// What one collector reads each time.
#[derive(Debug, Clone)]
enum Source {
    /// Files copied after a `# <path>` line each (the line left out for a single file).
    Files(Vec<PathBuf>),
    /// A command's output.
    Command(&'static str, &'static [&'static str]),
}

/// The first readings, taken as the capture starts; `finish` adds the second.
#[derive(Debug, Default)]
pub struct StartAndEnd {
    first: BTreeMap<Id, (Source, Result<Vec<u8>, String>)>,
}

impl StartAndEnd {
    /// Takes the first reading of every start-and-end collector that can run here.
    pub fn start(env: &Environment, target: Option<&Target>) -> StartAndEnd {
        let first = collectors()
            .iter()
            .filter(|c| c.when == When::StartAndEnd && env.availability(c).is_ready())
            .filter_map(|c| {
                let source = source(c.id, target)?;
                let reading = read(&source, env);
                Some((c.id, (source, reading)))
            })
            .collect();
        StartAndEnd { first }
    }

    /// Both readings of `id`, the second taken now; the error says why there is
    /// nothing to write.
    pub fn finish(&self, id: Id, env: &Environment) -> Result<Vec<u8>, String> {
        let Some((source, first)) = self.first.get(&id) else {
            return Err(match id {
                Id::Cgroup => "the process is in no cgroup with cpu or memory control files",
                _ => "nothing to read on this host",
            }
            .into());
        };
        let mut both = first.clone()?;
        both.extend(read(source, env)?);
        Ok(both)
    }
}

/// Where `id` reads from; `None` when there is nothing to read here.
fn source(id: Id, target: Option<&Target>) -> Option<Source> {
    let existing = |paths: Vec<PathBuf>| {
        let paths: Vec<PathBuf> = paths.into_iter().filter(|p| p.is_file()).collect();
        (!paths.is_empty()).then_some(Source::Files(paths))
    };
    match id {
        Id::Cgroup => existing(control_files(target?.pid)),
        Id::Psi => existing(PRESSURE_FILES.iter().map(PathBuf::from).collect()),
        Id::ProcVmstat => existing(vec![PathBuf::from("/proc/vmstat")]),
        // -a: counters since boot; -s: nstat's own history file is left alone; -z: zeros too.
        Id::Nstat => Some(Source::Command("nstat", &["-asz"])),
        Id::SocketSummary => Some(Source::Command("ss", &["-s"])),
        _ => None,
    }
}

/// One stamped reading.
fn read(source: &Source, env: &Environment) -> Result<Vec<u8>, String> {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut text = format!("{seconds}\n");
    match source {
        Source::Files(paths) => {
            let mut read_any = false;
            for path in paths {
                // A file that went away (a cgroup removed meanwhile) is left out.
                let Ok(content) = std::fs::read_to_string(path) else {
                    continue;
                };
                read_any = true;
                if paths.len() > 1 {
                    let _ = writeln!(text, "# {}", path.display());
                }
                text.push_str(&content);
                if !content.ends_with('\n') {
                    text.push('\n');
                }
            }
            if !read_any {
                return Err(format!("{} could not be read", paths[0].display()));
            }
        }
        Source::Command(program, args) => {
            let output = run_captured(env, program, args)?;
            text.push_str(&String::from_utf8_lossy(&output));
            if !text.ends_with('\n') {
                text.push('\n');
            }
        }
    }
    Ok(text.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamps(text: &str) -> usize {
        text.lines()
            .filter(|l| l.len() == 10 && l.bytes().all(|b| b.is_ascii_digit()))
            .count()
    }

    #[test]
    fn a_file_is_read_at_start_and_at_end_after_a_stamp_each() {
        let dir = tempfile::tempdir().unwrap();
        let counters = dir.path().join("vmstat");
        std::fs::write(&counters, "pgmajfault 10\n").unwrap();
        let env = Environment::probe(false, &[]);
        let source = Source::Files(vec![counters.clone()]);
        let mut twice = StartAndEnd::default();
        twice
            .first
            .insert(Id::ProcVmstat, (source.clone(), read(&source, &env)));
        std::fs::write(&counters, "pgmajfault 25\n").unwrap();
        let both = String::from_utf8(twice.finish(Id::ProcVmstat, &env).unwrap()).unwrap();
        assert_eq!(stamps(&both), 2, "{both}");
        assert!(!both.contains("# "), "one file needs no header: {both}");
        let lines: Vec<&str> = both.lines().collect();
        assert_eq!((lines[1], lines[3]), ("pgmajfault 10", "pgmajfault 25"));
    }

    #[test]
    fn several_files_are_named_and_a_missing_one_is_left_out() {
        let dir = tempfile::tempdir().unwrap();
        let cpu = dir.path().join("cpu");
        std::fs::write(&cpu, "some avg10=1.00 avg60=0.50 avg300=0.10 total=100").unwrap();
        let gone = dir.path().join("gone");
        let env = Environment::probe(false, &[]);
        let text = read(&Source::Files(vec![cpu.clone(), gone.clone()]), &env).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.contains(&format!("# {}\nsome avg10", cpu.display())),
            "{text}"
        );
        assert!(text.ends_with("total=100\n"));
        assert!(!text.contains(&gone.display().to_string()));
        let error = read(&Source::Files(vec![gone]), &env).unwrap_err();
        assert!(error.contains("could not be read"), "{error}");
    }

    #[test]
    fn a_collector_without_a_first_reading_says_why() {
        let env = Environment::probe(false, &[]);
        let none = StartAndEnd::default();
        assert!(
            none.finish(Id::Cgroup, &env)
                .unwrap_err()
                .contains("no cgroup")
        );
        assert!(none.finish(Id::Psi, &env).is_err());
    }
}
