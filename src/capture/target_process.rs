//! The process a capture looks at (`--pid PID` or `--process NAME`): the database
//! server or application whose CPU affinity, threads and NUMA memory the bundle should
//! show. A name matches a process's command name (`comm`) or the file name of its
//! executable; of several matches (PostgreSQL's postmaster and its backends) the
//! oldest is taken, which is the parent the others were started from.

use procfs::process::{Process, all_processes};

/// What the user asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TargetSpec {
    Pid(u32),
    Name(String),
}

/// A running process, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub pid: u32,
    pub name: String,
    /// For `--process`: how many processes matched the name.
    pub matching: Option<usize>,
    /// For `--process`: the name given, which `numastat -p` matches on its own.
    pub pattern: Option<String>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TargetError {
    #[error("--pid {0}: no such process")]
    NoSuchPid(u32),
    #[error("--process {0}: no running process has that name")]
    NoSuchName(String),
}

pub fn resolve(spec: &TargetSpec) -> Result<Target, TargetError> {
    match spec {
        TargetSpec::Pid(pid) => {
            let process = i32::try_from(*pid)
                .ok()
                .and_then(|p| Process::new(p).ok())
                .filter(|p| p.is_alive())
                .ok_or(TargetError::NoSuchPid(*pid))?;
            Ok(Target {
                pid: *pid,
                name: command_name(&process).unwrap_or_else(|| pid.to_string()),
                matching: None,
                pattern: None,
            })
        }
        TargetSpec::Name(name) => {
            let mut matches: Vec<(u64, u32, String)> = Vec::new();
            let processes = all_processes().map_err(|_| TargetError::NoSuchName(name.clone()))?;
            for process in processes.flatten() {
                if !matches_name(&process, name) {
                    continue;
                }
                let Ok(stat) = process.stat() else { continue };
                let comm = command_name(&process).unwrap_or_else(|| name.clone());
                matches.push((stat.starttime, process.pid as u32, comm));
            }
            let count = matches.len();
            let (_, pid, comm) = matches
                .into_iter()
                .min()
                .ok_or_else(|| TargetError::NoSuchName(name.clone()))?;
            Ok(Target {
                pid,
                name: comm,
                matching: Some(count),
                pattern: Some(name.clone()),
            })
        }
    }
}

fn command_name(process: &Process) -> Option<String> {
    std::fs::read_to_string(format!("/proc/{}/comm", process.pid))
        .ok()
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
}

fn matches_name(process: &Process, name: &str) -> bool {
    if command_name(process).as_deref() == Some(name) {
        return true;
    }
    process
        .exe()
        .ok()
        .and_then(|exe| exe.file_name().map(|f| f.to_string_lossy() == name))
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_this_process_by_pid_and_by_name() {
        let me = std::process::id();
        let by_pid = resolve(&TargetSpec::Pid(me)).unwrap();
        assert_eq!(by_pid.pid, me);
        let by_name = resolve(&TargetSpec::Name(by_pid.name.clone())).unwrap();
        assert!(by_name.matching.unwrap() >= 1);
        assert_eq!(by_name.pattern.as_deref(), Some(by_pid.name.as_str()));
    }

    #[test]
    fn unknown_targets_are_errors() {
        assert_eq!(
            resolve(&TargetSpec::Pid(u32::MAX)),
            Err(TargetError::NoSuchPid(u32::MAX))
        );
        let name = "no-such-process-perfsage";
        assert_eq!(
            resolve(&TargetSpec::Name(name.into())),
            Err(TargetError::NoSuchName(name.into()))
        );
    }
}
