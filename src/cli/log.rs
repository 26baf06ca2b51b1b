//! `perfsage log`: records in a bundle's bundle.yaml what was changed since the
//! previous run (the experiment log), so the engagement report can judge the change
//! against the step it carried out.

use super::report_args::write_file;
use crate::bundle::bundle_yaml::ChangeRecord;
use crate::bundle::change_log::with_change;
use crate::bundle::{META_FILE, display_name};
use crate::error::InputError;
use crate::files::yaml_file;
use crate::knowledge::KnowledgeBase;
use crate::text::utc_stamp::utc_stamp;
use std::path::PathBuf;
use std::process::ExitCode;

/// Record what was changed since the previous run in a bundle's bundle.yaml
/// (`change:`), for the engagement report to judge it.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  perfsage log run2/ --applied virtualization.raw_disk_passthrough --detail 'data on /dev/sda'\n  perfsage log run3/ --applied 'shared_buffers 128MB -> 1GB' --by zhang.wei\n  perfsage diagnose --chain run1/ run2/ run3/\n\nExit status: 0 written; 2 bad input (the bundle.yaml is left as it was)."
)]
pub struct Args {
    /// The bundle folder of the run the change led to.
    pub bundle: PathBuf,
    /// The rule whose recommendation was carried out (its id), or what was done in words.
    #[arg(long, value_name = "RULE_OR_TEXT")]
    pub applied: String,
    /// Details: the setting's old and new value, the device, the command.
    #[arg(long)]
    pub detail: Option<String>,
    /// Who made the change [default: $USER].
    #[arg(long)]
    pub by: Option<String>,
    /// When [default: today, UTC].
    #[arg(long)]
    pub date: Option<String>,
    /// Overwrite a change the bundle already declares.
    #[arg(long)]
    pub replace: bool,
}

pub fn run(args: Args, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let name = display_name(args.bundle.as_os_str());
    if !args.bundle.is_dir() {
        return Err(InputError::new(
            &name,
            "is not a bundle folder; the change is written into its bundle.yaml (unpack an archive first)",
        )
        .into());
    }
    let applied = args.applied.trim().to_string();
    if applied.is_empty() {
        anyhow::bail!("--applied is empty: give a rule id or say what was changed");
    }
    if looks_like_rule_id(&applied) {
        let kb = KnowledgeBase::load(rule_dirs)?;
        if !kb.rules.rules.iter().any(|r| r.meta.id == applied) {
            eprintln!(
                "warning: `{applied}` looks like a rule id but no loaded rule has it; it is recorded as written (see `perfsage rules list`)"
            );
        }
    }
    let change = ChangeRecord {
        applied,
        detail: args.detail,
        date: Some(
            args.date
                .unwrap_or_else(|| utc_stamp(std::time::SystemTime::now())[..10].to_string()),
        ),
        by: args
            .by
            .or_else(|| std::env::var("USER").ok().filter(|u| !u.is_empty())),
    };
    let path = args.bundle.join(META_FILE);
    let file = display_name(path.as_os_str());
    let existing = yaml_file::read(&path)
        .map_err(|message| InputError::new(&file, message))?
        .unwrap_or_default();
    let text = with_change(&existing, &change, args.replace)
        .map_err(|message| InputError::new(&file, message))?;
    write_file(&path, text.as_bytes())?;
    eprintln!("recorded the change in {file}");
    Ok(ExitCode::SUCCESS)
}

/// `layer.name` in lower snake case, as rule ids are written.
fn looks_like_rule_id(text: &str) -> bool {
    let mut parts = text.split('.');
    let word = |p: Option<&str>| {
        p.is_some_and(|p| {
            !p.is_empty()
                && p.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        })
    };
    word(parts.next()) && word(parts.next()) && parts.next().is_none()
}
