//! Which collectors can run on this host, and if not, why: the program is missing (and
//! which package installs it), root is needed, perf is not permitted, there is no
//! target process, or the user skipped it. Both `--check` and the capture itself decide
//! from here, so they never disagree.

use super::collectors::{Collector, Id, SYSSTAT_SAMPLERS, collectors};
use crate::program_path::find_in;
use std::path::{Path, PathBuf};

/// Where programs are looked up besides `$PATH`: root's tools (dmidecode, ethtool) live
/// in sbin, which a normal user's PATH often lacks.
const EXTRA_DIRS: [&str; 2] = ["/usr/sbin", "/sbin"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Availability {
    Ready,
    /// The program is not installed.
    Missing {
        program: &'static str,
    },
    /// Only root gets anything from it.
    NeedsRoot,
    /// The program exists but may not run here (perf and perf_event_paranoid).
    NotPermitted(String),
    /// Nothing for it to do (no target process; sysstat present for the /proc sampler).
    NotApplicable(String),
    /// Left out with `--skip`.
    Skipped,
}

impl Availability {
    pub fn is_ready(&self) -> bool {
        *self == Availability::Ready
    }
}

/// What this host offers; probed once.
#[derive(Debug, Clone)]
pub struct Environment {
    pub is_root: bool,
    /// `kernel.perf_event_paranoid`, when readable.
    pub perf_paranoid: Option<i64>,
    pub has_process: bool,
    pub skipped: Vec<String>,
    search_path: Vec<PathBuf>,
}

impl Environment {
    /// Probes this host. `skipped` are collector names from `--skip`.
    pub fn probe(has_process: bool, skipped: &[String]) -> Environment {
        let mut search_path: Vec<PathBuf> = std::env::var_os("PATH")
            .map(|p| std::env::split_paths(&p).collect())
            .unwrap_or_default();
        for dir in EXTRA_DIRS {
            if !search_path.iter().any(|p| p == Path::new(dir)) {
                search_path.push(PathBuf::from(dir));
            }
        }
        Environment {
            is_root: rustix::process::geteuid().is_root(),
            perf_paranoid: std::fs::read_to_string("/proc/sys/kernel/perf_event_paranoid")
                .ok()
                .and_then(|v| v.trim().parse().ok()),
            has_process,
            skipped: skipped.to_vec(),
            search_path,
        }
    }

    /// The full path of `program`, if installed.
    pub fn find(&self, program: &str) -> Option<PathBuf> {
        find_in(&self.search_path, program)
    }

    pub fn availability(&self, collector: &Collector) -> Availability {
        if self.skipped.iter().any(|s| s == collector.name) {
            return Availability::Skipped;
        }
        if collector.needs_process && !self.has_process {
            return Availability::NotApplicable(
                "no target process: give --pid or --process".into(),
            );
        }
        if let Some(program) = collector.program
            && self.find(program).is_none()
        {
            return Availability::Missing { program };
        }
        if collector.needs_root && !self.is_root {
            return Availability::NeedsRoot;
        }
        match collector.id {
            Id::Perf | Id::PerfStat => self.perf_permission(),
            Id::ProcSamples => self.proc_samples_needed(),
            Id::Psi if !Path::new("/proc/pressure/cpu").exists() => Availability::NotApplicable(
                "this kernel has no /proc/pressure (built without CONFIG_PSI, or booted with psi=0)"
                    .into(),
            ),
            _ => Availability::Ready,
        }
    }

    /// perf samples or counts every CPU only for root or with `perf_event_paranoid` ≤ 0.
    fn perf_permission(&self) -> Availability {
        if self.is_root {
            return Availability::Ready;
        }
        match self.perf_paranoid {
            Some(level) if level <= 0 => Availability::Ready,
            Some(level) => Availability::NotPermitted(format!(
                "kernel.perf_event_paranoid is {level}: profiling every CPU needs root or \
                 `sysctl -w kernel.perf_event_paranoid=0`"
            )),
            None => Availability::NotPermitted(
                "/proc/sys/kernel/perf_event_paranoid cannot be read: perf events look disabled in this kernel".into(),
            ),
        }
    }

    /// The /proc sampler stands in for whichever of mpstat, iostat and sar cannot run.
    fn proc_samples_needed(&self) -> Availability {
        if self.sysstat_gaps().is_empty() {
            Availability::NotApplicable("mpstat, iostat and sar all run".into())
        } else {
            Availability::Ready
        }
    }

    /// The sysstat samplers that will not run (missing or skipped): the /proc sampler
    /// covers what they would have measured.
    pub fn sysstat_gaps(&self) -> Vec<Id> {
        SYSSTAT_SAMPLERS
            .iter()
            .copied()
            .filter(|id| {
                let collector = collectors()
                    .iter()
                    .find(|c| c.id == *id)
                    .expect("sysstat samplers are in the table");
                !self.availability(collector).is_ready()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::collectors::collector;

    fn environment(is_root: bool, paranoid: Option<i64>, path: Vec<PathBuf>) -> Environment {
        Environment {
            is_root,
            perf_paranoid: paranoid,
            has_process: false,
            skipped: Vec::new(),
            search_path: path,
        }
    }

    #[test]
    fn missing_programs_are_reported_with_their_name() {
        let empty = environment(true, Some(2), Vec::new());
        assert_eq!(
            empty.availability(collector(Id::Mpstat)),
            Availability::Missing { program: "mpstat" }
        );
        assert_eq!(
            empty.availability(collector(Id::Cpuinfo)),
            Availability::Ready
        );
        assert_eq!(empty.sysstat_gaps(), SYSSTAT_SAMPLERS.to_vec());
        assert_eq!(
            empty.availability(collector(Id::ProcSamples)),
            Availability::Ready
        );
    }

    #[test]
    fn perf_needs_root_or_a_low_paranoid_level() {
        let dir = tempfile::tempdir().unwrap();
        let perf = dir.path().join("perf");
        std::fs::write(&perf, "#!/bin/sh\n").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&perf, std::fs::Permissions::from_mode(0o755)).unwrap();
        let path = vec![dir.path().to_path_buf()];
        let user = environment(false, Some(2), path.clone());
        assert!(matches!(
            user.availability(collector(Id::Perf)),
            Availability::NotPermitted(reason) if reason.contains("perf_event_paranoid is 2")
        ));
        let relaxed = environment(false, Some(0), path.clone());
        assert!(relaxed.availability(collector(Id::Perf)).is_ready());
        let root = environment(true, Some(3), path);
        assert!(root.availability(collector(Id::Perf)).is_ready());
    }

    #[test]
    fn skipped_and_process_collectors() {
        let mut env = environment(false, None, Vec::new());
        env.skipped = vec!["cpuinfo".into()];
        assert_eq!(
            env.availability(collector(Id::Cpuinfo)),
            Availability::Skipped
        );
        assert!(matches!(
            env.availability(collector(Id::ProcStatus)),
            Availability::NotApplicable(_)
        ));
        env.has_process = true;
        assert!(env.availability(collector(Id::ProcStatus)).is_ready());
    }
}
