//! `perfsage cases new`: turns a finished engagement (a folder whose sub-folders are
//! its runs, in name order) into a case, so `cases verify` replays it from then on.
//! The bundles are copied (regular files and folders only), case.yaml records where
//! they came from, and expected.yaml is drafted from today's diagnosis of each run —
//! a draft for the consultant to review, marked as such at its top.

use super::case_file::CASE_FILE;
use super::expected::EXPECTED_FILE;
use crate::diagnosis::Diagnosis;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One run of the engagement: its label, its folder (or archive), its diagnosis.
pub struct NewCaseRun<'a> {
    pub label: &'a str,
    pub source: &'a Path,
    pub description: Option<&'a str>,
    pub diagnosis: &'a Diagnosis,
}

/// Writes the case into `case_dir` (which must not exist yet) and returns what was
/// left out of the copies (links, special files).
pub fn write(
    case_dir: &Path,
    id: &str,
    title: &str,
    from: &Path,
    runs: &[NewCaseRun],
) -> std::io::Result<Vec<String>> {
    std::fs::create_dir_all(case_dir.parent().unwrap_or(Path::new(".")))?;
    std::fs::create_dir(case_dir)?;
    let mut skipped = Vec::new();
    for run in runs {
        let target = case_dir.join("bundles").join(run.label);
        if run.source.is_dir() {
            copy_tree(run.source, &target, &mut skipped)?;
        } else {
            std::fs::create_dir_all(target.parent().unwrap_or(case_dir))?;
            let name = run.source.file_name().unwrap_or_default();
            std::fs::copy(run.source, target.with_file_name(name))?;
        }
    }
    std::fs::write(case_dir.join(CASE_FILE), case_yaml(id, title, from, runs))?;
    std::fs::write(case_dir.join(EXPECTED_FILE), expected_yaml(runs))?;
    Ok(skipped)
}

fn case_yaml(id: &str, title: &str, from: &Path, runs: &[NewCaseRun]) -> String {
    #[derive(Serialize)]
    struct Source {
        document: String,
    }
    #[derive(Serialize)]
    struct Bundle {
        id: String,
        path: String,
        description: String,
    }
    #[derive(Serialize)]
    struct CaseFile<'a> {
        id: &'a str,
        title: &'a str,
        source: Source,
        environment: String,
        reconstructed: &'a str,
        bundles: Vec<Bundle>,
    }
    let file = CaseFile {
        id,
        title,
        source: Source {
            document: format!("engagement recorded with perfsage in {}", from.display()),
        },
        environment: "Describe the hosts, the database and the benchmark here.".into(),
        reconstructed: "Nothing: every capture was recorded by running the tools.",
        bundles: runs
            .iter()
            .map(|r| Bundle {
                id: r.label.to_string(),
                path: match r.source.file_name() {
                    Some(name) if !r.source.is_dir() => {
                        format!("bundles/{}", name.to_string_lossy())
                    }
                    _ => format!("bundles/{}", r.label),
                },
                description: r
                    .description
                    .map(str::trim)
                    .filter(|d| !d.is_empty())
                    .unwrap_or("(describe this run's configuration)")
                    .to_string(),
            })
            .collect(),
    };
    format!(
        "# Written by `perfsage cases new`; fill in the environment and each run's\n# configuration.\n{}",
        serde_yaml::to_string(&file).unwrap_or_default()
    )
}

fn expected_yaml(runs: &[NewCaseRun]) -> String {
    #[derive(Serialize)]
    struct Host {
        bottleneck: String,
        steps: Vec<String>,
        findings: Vec<String>,
        quiet: Vec<String>,
    }
    #[derive(Serialize)]
    struct Expected {
        bundles: BTreeMap<String, BTreeMap<String, Host>>,
    }
    let bundles = runs
        .iter()
        .map(|run| {
            let hosts = run
                .diagnosis
                .hosts
                .iter()
                .map(|h| {
                    (
                        h.host.clone(),
                        Host {
                            bottleneck: h.bottleneck.resource.to_string(),
                            steps: h.steps.iter().map(|s| s.visit.step.clone()).collect(),
                            findings: h.findings.iter().map(|f| f.rule.clone()).collect(),
                            quiet: Vec::new(),
                        },
                    )
                })
                .collect();
            (run.label.to_string(), hosts)
        })
        .collect();
    format!(
        "# DRAFT written by `perfsage cases new` from perfsage {}'s diagnosis of each run.\n# Review it: keep what the engagement showed, list under `quiet` the rules that must\n# not fire, add key `facts`, and delete this comment.\n{}",
        env!("CARGO_PKG_VERSION"),
        serde_yaml::to_string(&Expected { bundles }).unwrap_or_default()
    )
}

/// Copies folders and regular files; links and special files are named in `skipped`.
fn copy_tree(from: &Path, to: &Path, skipped: &mut Vec<String>) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(from)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for path in entries {
        let kind = std::fs::symlink_metadata(&path)?.file_type();
        let target = to.join(path.file_name().unwrap_or_default());
        if kind.is_dir() {
            copy_tree(&path, &target, skipped)?;
        } else if kind.is_file() {
            std::fs::copy(&path, &target)?;
        } else {
            skipped.push(path.display().to_string());
        }
    }
    Ok(())
}
