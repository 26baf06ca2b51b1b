//! `perfsage capture --check`: which collectors can run on this host, which need root
//! or a target process, and the packages that install what is missing, for apt and
//! yum. It asks `availability`, the same place the capture asks.

use super::availability::{Availability, Environment};
use super::collectors::{Collector, Id, collectors};

/// One collector's line in the check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckRow {
    pub name: &'static str,
    pub what: &'static str,
    pub when: String,
    pub command: &'static str,
    pub status: Status,
    /// Why it will not run, or how it runs here.
    pub detail: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Ready,
    Missing,
    NeedsRoot,
    NotPermitted,
    NeedsProcess,
    NotNeeded,
    Skipped,
}

impl Status {
    pub fn label(self) -> &'static str {
        match self {
            Status::Ready => "ready",
            Status::Missing => "missing",
            Status::NeedsRoot => "needs root",
            Status::NotPermitted => "not permitted",
            Status::NeedsProcess => "needs --pid/--process",
            Status::NotNeeded => "not needed",
            Status::Skipped => "skipped",
        }
    }
}

#[derive(Debug, Clone)]
pub struct CheckReport {
    pub is_root: bool,
    pub rows: Vec<CheckRow>,
    /// Packages that install the missing programs, without repeats.
    pub apt_packages: Vec<&'static str>,
    pub yum_packages: Vec<&'static str>,
}

impl CheckReport {
    /// `apt-get install …` for what is missing, if anything is.
    pub fn apt_command(&self) -> Option<String> {
        (!self.apt_packages.is_empty())
            .then(|| format!("apt-get install -y {}", self.apt_packages.join(" ")))
    }

    pub fn yum_command(&self) -> Option<String> {
        (!self.yum_packages.is_empty())
            .then(|| format!("yum install -y {}", self.yum_packages.join(" ")))
    }

    pub fn ready_count(&self) -> usize {
        self.rows
            .iter()
            .filter(|r| r.status == Status::Ready)
            .count()
    }
}

/// Checks this host as a capture with these options would see it.
pub fn check(has_process: bool, skipped: &[String]) -> CheckReport {
    report(&Environment::probe(has_process, skipped))
}

pub fn report(env: &Environment) -> CheckReport {
    let mut apt_packages = Vec::new();
    let mut yum_packages = Vec::new();
    let rows = collectors()
        .iter()
        .map(|c| {
            let availability = env.availability(c);
            if let (Availability::Missing { .. }, Some(package)) = (&availability, c.package) {
                if !apt_packages.contains(&package.apt) {
                    apt_packages.push(package.apt);
                }
                if !yum_packages.contains(&package.yum) {
                    yum_packages.push(package.yum);
                }
            }
            row(c, availability, env)
        })
        .collect();
    CheckReport {
        is_root: env.is_root,
        rows,
        apt_packages,
        yum_packages,
    }
}

fn row(c: &Collector, availability: Availability, env: &Environment) -> CheckRow {
    let (status, detail) = match availability {
        Availability::Ready => (Status::Ready, ready_detail(c, env)),
        Availability::Missing { program } => (
            Status::Missing,
            match c.package {
                Some(p) => format!(
                    "{program} not found; package {} (apt) / {} (yum)",
                    p.apt, p.yum
                ),
                None => format!("{program} not found"),
            },
        ),
        Availability::NeedsRoot => (Status::NeedsRoot, "run the capture as root".into()),
        Availability::NotPermitted(reason) => (Status::NotPermitted, reason),
        Availability::NotApplicable(reason) if c.needs_process => (Status::NeedsProcess, reason),
        Availability::NotApplicable(reason) => (Status::NotNeeded, reason),
        Availability::Skipped => (Status::Skipped, "--skip".into()),
    };
    CheckRow {
        name: c.name,
        what: c.what,
        when: c.when.to_string(),
        command: c.command,
        status,
        detail,
    }
}

fn ready_detail(c: &Collector, env: &Environment) -> String {
    match c.id {
        Id::ProcSamples => {
            let gaps: Vec<&str> = env
                .sysstat_gaps()
                .into_iter()
                .map(|id| super::collectors::collector(id).name)
                .collect();
            format!("stands in for {}", gaps.join(", "))
        }
        _ => match c.program.and_then(|p| env.find(p)) {
            Some(path) => path.display().to_string(),
            None => "read by perfsage".into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_collector_has_a_row_and_missing_ones_name_packages() {
        let report = check(false, &["mpstat".to_string()]);
        assert_eq!(report.rows.len(), collectors().len());
        let mpstat = report.rows.iter().find(|r| r.name == "mpstat").unwrap();
        assert_eq!(mpstat.status, Status::Skipped);
        let status = report
            .rows
            .iter()
            .find(|r| r.name == "proc-status")
            .unwrap();
        assert_eq!(status.status, Status::NeedsProcess);
        let proc_samples = report
            .rows
            .iter()
            .find(|r| r.name == "proc-samples")
            .unwrap();
        assert_eq!(proc_samples.status, Status::Ready);
        assert!(
            proc_samples.detail.contains("mpstat"),
            "{}",
            proc_samples.detail
        );
        for row in &report.rows {
            if row.status == Status::Missing {
                assert!(report.apt_command().is_some() && report.yum_command().is_some());
            }
        }
    }
}
