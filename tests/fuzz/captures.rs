//! One target per parser family: every fixture of the family's tools, mutated, read
//! the way `diagnose` reads a capture (encoding check, detection, streaming parse).
//! A panic inside a parser is caught by perfsage and reported as an internal error:
//! here that report is the failure.

use crate::harness::{Budget, files, gzip, keep_failure, root, time_limit, timed_fairly};
use crate::mutate::{Rng, mutate};
use perfsage::parse::read_capture;
use perfsage::parse::sink::MAX_FACTS;
use perfsage::parse::{CaptureReport, CaptureStatus};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The fixture folders of each family (`src/parse/<family>/`).
const FAMILIES: &[(&str, &[&str])] = &[
    (
        "activity",
        &[
            "mpstat",
            "iostat",
            "sar",
            "sadf",
            "sadc",
            "vmstat",
            "nmon",
            "fio",
            "proc-samples",
            "pidstat",
            "top",
        ],
    ),
    (
        "bench",
        &[
            "sysbench",
            "benchmarksql",
            "benchmarksql-props",
            "scaling-table",
            "pgbench",
        ],
    ),
    ("dbconf", &["my-cnf", "postgresql-conf", "dm-ini"]),
    ("dblog", &["postgresql-log"]),
    (
        "dbtime",
        &[
            "pg-stat-activity",
            "pg-stat-database",
            "pg-stat-bgwriter",
            "pg-stat-wal",
            "pg-stat-statements",
            "pg-locks",
            "gsql-opengauss",
            "mysqladmin-extended-status",
            "mysql-global-status",
            "mysql-processlist",
            "innodb-status",
            "innodb-lock-waits",
            "mysql-perf-schema-waits",
            "disql-dm8",
        ],
    ),
    (
        "net",
        &[
            "ethtool",
            "ethtool-channels",
            "ethtool-driver",
            "ethtool-features",
            "ping",
            "proc-net-dev",
            "nstat",
            "netstat-s",
            "ss-summary",
            "ss-info",
        ],
    ),
    (
        "os",
        &[
            "dmesg",
            "interrupts",
            "mounts",
            "df",
            "settings-snapshot",
            "sysctl",
            "uname",
            "xfs-info",
            "psi",
            "uptime",
            "loadavg",
            "cgroup",
            "proc-vmstat",
        ],
    ),
    ("process", &["build-info", "gcc-version", "proc-status"]),
    (
        "profile",
        &[
            "perf-report",
            "perf-script",
            "perf-top",
            "perf-stat",
            "perf-annotate",
            "folded",
            "shell-history",
        ],
    ),
    (
        "topology",
        &[
            "cpuinfo",
            "dmidecode",
            "free",
            "lscpu",
            "meminfo",
            "numactl",
            "numastat",
        ],
    ),
];

fn seeds(folders: &[&str]) -> Vec<PathBuf> {
    let keep = |p: &Path| {
        let name = p.file_name().unwrap().to_string_lossy();
        !name.ends_with(".md") && !name.ends_with(".py")
    };
    folders
        .iter()
        .flat_map(|f| files(&root().join("fixtures").join(f), &keep))
        .collect()
}

/// What one read of `bytes` (named `name`) must satisfy; the problem if it does not.
pub fn check_capture(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), String> {
    let path = dir.join(name);
    std::fs::write(&path, bytes).map_err(|e| e.to_string())?;
    // A binary sa file is handed to sysstat's sadf, a program of its own: a corrupt
    // header makes it allocate up to the memory limit perfsage gives it before it
    // fails, which takes a second on a busy machine.
    let is_sa_file = matches!(bytes, [0x96, 0xd5, ..] | [0xd5, 0x96, ..]);
    let limit = if is_sa_file {
        time_limit(bytes.len()).max(Duration::from_secs(5))
    } else {
        time_limit(bytes.len())
    };
    let (results, took) = timed_fairly(limit, || read_capture(&path, name));
    if took > limit {
        return Err(format!("took {took:?} for {} bytes", bytes.len()));
    }
    for (report, facts) in &results {
        check_report(report)?;
        if facts.len() > MAX_FACTS {
            return Err(format!("{} facts from one file", facts.len()));
        }
    }
    Ok(())
}

fn check_report(report: &CaptureReport) -> Result<(), String> {
    if let CaptureStatus::Failed { message, .. } = &report.status
        && message.starts_with("internal error")
    {
        return Err(format!("parser panicked: {message}"));
    }
    if let Some(w) = report.warnings.iter().find(|w| w.line == 0) {
        return Err(format!("warning without a line: {}", w.message));
    }
    Ok(())
}

fn fuzz_family(family: &str) {
    let dir = tempfile::tempdir().unwrap();
    if let Ok(replay) = std::env::var("PERFSAGE_FUZZ_REPLAY") {
        let bytes = std::fs::read(&replay).unwrap();
        if let Err(problem) = check_capture(dir.path(), "replay.txt", &bytes) {
            panic!("{replay}: {problem}");
        }
        return;
    }
    let folders = FAMILIES.iter().find(|(f, _)| *f == family).unwrap().1;
    let seeds = seeds(folders);
    assert!(
        seeds.len() >= folders.len(),
        "{family}: only {} seed files",
        seeds.len()
    );
    let inputs: Vec<(String, Vec<u8>)> = seeds
        .iter()
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(p).unwrap(),
            )
        })
        .collect();
    let budget = Budget::new(40 * inputs.len() as u64);
    let mut done = 0u64;
    while budget.more(done) {
        let seed = budget.first_seed + done;
        let mut rng = Rng::new(seed);
        let (name, original) = &inputs[rng.below(inputs.len())];
        let (_, donor) = &inputs[rng.below(inputs.len())];
        let mut bytes = mutate(&mut rng, original, donor);
        if rng.below(20) == 0 {
            bytes = gzip(&bytes);
        }
        if let Err(problem) = check_capture(dir.path(), name, &bytes) {
            panic!("{}", keep_failure(family, seed, name, &bytes, &problem));
        }
        done += 1;
    }
    eprintln!("fuzz {family}: {done} cases from {} seeds", inputs.len());
}

#[test]
fn every_fixture_folder_belongs_to_a_family() {
    let families: Vec<&str> = FAMILIES
        .iter()
        .flat_map(|(_, f)| f.iter().copied())
        .collect();
    for entry in std::fs::read_dir(root().join("fixtures")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() && name != "bundles" && name != "reports" {
            assert!(
                families.contains(&name.as_str()),
                "fixtures/{name} is in no fuzz family"
            );
        }
    }
}

#[test]
fn activity() {
    fuzz_family("activity");
}

#[test]
fn bench() {
    fuzz_family("bench");
}

#[test]
fn dbconf() {
    fuzz_family("dbconf");
}

#[test]
fn dblog() {
    fuzz_family("dblog");
}

#[test]
fn dbtime() {
    fuzz_family("dbtime");
}

#[test]
fn net() {
    fuzz_family("net");
}

#[test]
fn os() {
    fuzz_family("os");
}

#[test]
fn process() {
    fuzz_family("process");
}

#[test]
fn profile() {
    fuzz_family("profile");
}

#[test]
fn topology() {
    fuzz_family("topology");
}
