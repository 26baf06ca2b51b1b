//! `perfsage cases …`: replay the shipped cases.

use super::emit;
use crate::cases::Case;
use crate::cases::verify::verify_case;
use crate::knowledge::KnowledgeBase;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Diagnose every bundle of every case and compare with its expected.yaml; exit 1 on any difference.
    #[command(
        after_help = "Examples:\n  perfsage cases verify\n  perfsage cases verify --dir cases greatdb-vm-cluster"
    )]
    Verify {
        /// The folder holding the cases.
        #[arg(long, default_value = "cases")]
        dir: PathBuf,
        /// Only these case ids.
        cases: Vec<String>,
    },
}

pub fn run(command: Command, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    match command {
        Command::Verify { dir, cases } => verify(&dir, &cases, rule_dirs),
    }
}

fn verify(dir: &Path, only: &[String], rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    if !dir.is_dir() {
        let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        anyhow::bail!(
            "no cases folder at {}: run from the perfsage repository, or give --dir FOLDER",
            crate::bundle::display_name(absolute.as_os_str())
        );
    }
    let kb = KnowledgeBase::load(rule_dirs)?;
    let all = Case::discover(dir)?;
    if all.is_empty() {
        anyhow::bail!(
            "{}: no case in this folder (a case is a sub-folder holding case.yaml)",
            crate::bundle::display_name(dir.as_os_str())
        );
    }
    for wanted in only {
        if !all.iter().any(|c| &c.id == wanted) {
            anyhow::bail!("{}: no case {wanted:?}", dir.display());
        }
    }
    let mut out = String::new();
    let (mut passed, mut failed) = (0, 0);
    for case in all
        .iter()
        .filter(|c| only.is_empty() || only.contains(&c.id))
    {
        for check in verify_case(case, &kb)? {
            if check.differences.is_empty() {
                passed += 1;
                writeln!(out, "ok    {}/{}", check.case, check.bundle)?;
            } else {
                failed += 1;
                writeln!(out, "FAIL  {}/{}", check.case, check.bundle)?;
                for difference in &check.differences {
                    writeln!(out, "        {difference}")?;
                }
            }
        }
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    emit(out.as_bytes())?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
