//! `perfsage cases …`: replay the shipped cases, collect the gains their chains
//! measured, and make a new one from a finished engagement.

use super::bundle_or_case::name_of;
use super::emit;
use super::fleet_run::FleetArgs;
use crate::bundle::Bundle;
use crate::bundle::host_facts::read_bundle;
use crate::cases::new_case::{self, NewCaseRun};
use crate::cases::verify::verify_case;
use crate::cases::{Case, measured_gains};
use crate::diagnosis::diagnose;
use crate::error::InputError;
use crate::knowledge::{KnowledgeBase, measured};
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
    /// Print the gain each rule's step measured in the chains of the cases, as the
    /// knowledge base's rules/measured-gains.yaml holds them.
    #[command(
        after_help = "Examples:\n  perfsage cases gains > rules/measured-gains.yaml\n  perfsage cases gains --dir ../acme-cases"
    )]
    Gains {
        /// The folder holding the cases.
        #[arg(long, default_value = "cases")]
        dir: PathBuf,
    },
    /// Turn a finished engagement (a folder whose sub-folders are its runs, in name
    /// order) into a case: bundles copied, case.yaml written, expected.yaml drafted from
    /// today's diagnosis for review.
    #[command(
        after_help = "Examples:\n  perfsage cases new pg-buffers --from ./engagement\n  perfsage cases new pg-buffers --from ./engagement --title 'PostgreSQL shared_buffers' --dir ../acme-cases\n\nThen review cases/<id>/expected.yaml and run: perfsage cases verify <id>"
    )]
    New {
        /// The case id (a plain name: it becomes the case's folder).
        id: String,
        /// The engagement's folder; each sub-folder (or .tar.gz) is one run, in name order.
        #[arg(long, value_name = "FOLDER")]
        from: PathBuf,
        /// The folder holding the cases.
        #[arg(long, default_value = "cases")]
        dir: PathBuf,
        /// The case's title [default: the id].
        #[arg(long)]
        title: Option<String>,
    },
}

pub fn run(command: Command, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    match command {
        Command::Verify { dir, cases } => verify(&dir, &cases, rule_dirs),
        Command::Gains { dir } => {
            let kb = KnowledgeBase::load(rule_dirs)?;
            let gains = measured_gains::collect(&Case::discover(&dir)?, &kb)?;
            emit(measured::to_yaml(&gains).as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::New {
            id,
            from,
            dir,
            title,
        } => new_case(&id, &from, &dir, title.as_deref(), rule_dirs),
    }
}

fn new_case(
    id: &str,
    from: &Path,
    dir: &Path,
    title: Option<&str>,
    rule_dirs: &[PathBuf],
) -> anyhow::Result<ExitCode> {
    if id.is_empty() || id.starts_with('.') || id.contains(['/', '\\']) {
        anyhow::bail!("case id {id:?} must be a plain name: it becomes the case's folder");
    }
    let case_dir = dir.join(id);
    if case_dir.exists() {
        anyhow::bail!("{} exists already: choose another id", case_dir.display());
    }
    let fleet = FleetArgs {
        each: Some(from.to_path_buf()),
        from: None,
    };
    let paths = fleet.items(&[])?;
    let kb = KnowledgeBase::load(rule_dirs)?;
    let mut diagnosed = Vec::new();
    for path in &paths {
        let bundle = Bundle::open(path)?;
        let notes = bundle.hosts.iter().find_map(|h| h.meta.notes.clone());
        diagnosed.push((
            name_of(path),
            path,
            notes,
            diagnose(read_bundle(&bundle), &kb),
        ));
    }
    let runs: Vec<NewCaseRun> = diagnosed
        .iter()
        .map(|(label, path, notes, diagnosis)| NewCaseRun {
            label,
            source: path,
            description: notes.as_deref(),
            diagnosis,
        })
        .collect();
    let skipped = new_case::write(&case_dir, id, title.unwrap_or(id), from, &runs)
        .map_err(|e| InputError::new(case_dir.display().to_string(), e.to_string()))?;
    for path in skipped {
        eprintln!("not copied (a link or special file): {path}");
    }
    eprintln!(
        "wrote {} with {} runs; review its expected.yaml, then: perfsage cases verify --dir {} {id}",
        case_dir.display(),
        runs.len(),
        dir.display()
    );
    Ok(ExitCode::SUCCESS)
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
