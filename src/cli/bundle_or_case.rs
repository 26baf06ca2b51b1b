//! What a path on the command line names: a case folder (its bundles, in order) or a
//! bundle (folder or .tar.gz).

use crate::bundle::{Bundle, ReadOptions};
use crate::cases::Case;
use std::path::Path;

/// How bundles are read, for every command that reads them.
#[derive(Debug, clap::Args)]
pub struct ReadArgs {
    /// Follow links that lead out of a bundle folder. Without it they are listed with
    /// the captures and not read: a bundle from elsewhere could point at /etc.
    #[arg(long)]
    pub follow_links: bool,
}

impl ReadArgs {
    pub fn options(&self) -> ReadOptions {
        ReadOptions {
            follow_links: self.follow_links,
        }
    }
}

/// The bundles to work on.
pub fn bundles(path: &Path, options: ReadOptions) -> anyhow::Result<Vec<Bundle>> {
    Ok(labelled_bundles(path, options)?
        .into_iter()
        .map(|(_, b)| b)
        .collect())
}

/// The bundles to work on, each with a short label: the case's bundle id, else the
/// folder or archive name.
pub fn labelled_bundles(
    path: &Path,
    options: ReadOptions,
) -> anyhow::Result<Vec<(String, Bundle)>> {
    if path.is_dir() && Case::is_case(path) {
        let case = Case::load(path)?;
        let mut bundles = Vec::new();
        for bundle in &case.bundles {
            let mut opened = Bundle::open_with(&case.bundle_path(bundle), options)?;
            opened.source = format!(
                "{} (case {}, bundle {})",
                case.bundle_path(bundle).display(),
                case.id,
                bundle.id
            );
            bundles.push((bundle.id.clone(), opened));
        }
        return Ok(bundles);
    }
    let mut bundle = Bundle::open_with(path, options)?;
    if let Some((case, id)) = case_of_bundle(path) {
        bundle.source = format!("{} (case {case}, bundle {id})", path.display());
        return Ok(vec![(id, bundle)]);
    }
    Ok(vec![(name_of(path), bundle)])
}

/// The case and bundle id of a bundle folder that a case lists (`cases/x/bundle`,
/// `cases/x/bundles/after`), so that it is labelled as when the case is named.
fn case_of_bundle(path: &Path) -> Option<(String, String)> {
    let target = path.canonicalize().ok()?;
    target
        .ancestors()
        .skip(1)
        .take(2)
        .filter(|dir| Case::is_case(dir))
        .find_map(|dir| {
            let case = Case::load(dir).ok()?;
            let bundle = case.bundles.iter().find(|b| {
                case.bundle_path(b)
                    .canonicalize()
                    .is_ok_and(|p| p == target)
            })?;
            Some((case.id.clone(), bundle.id.clone()))
        })
}

/// `captures/db1` → `db1`, `run-2.tar.gz` → `run-2`.
pub fn name_of(path: &Path) -> String {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    for suffix in [".tar.gz", ".tgz", ".json"] {
        if let Some(stem) = name.strip_suffix(suffix) {
            return stem.to_string();
        }
    }
    name
}
