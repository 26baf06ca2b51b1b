//! What a path on the command line names: a case folder (its bundles, in order) or a
//! bundle (folder or .tar.gz).

use crate::bundle::Bundle;
use crate::cases::Case;
use std::path::Path;

/// The bundles to work on.
pub fn bundles(path: &Path) -> anyhow::Result<Vec<Bundle>> {
    Ok(labelled_bundles(path)?
        .into_iter()
        .map(|(_, b)| b)
        .collect())
}

/// The bundles to work on, each with a short label: the case's bundle id, else the
/// folder or archive name.
pub fn labelled_bundles(path: &Path) -> anyhow::Result<Vec<(String, Bundle)>> {
    if path.is_dir() && Case::is_case(path) {
        let case = Case::load(path)?;
        let mut bundles = Vec::new();
        for bundle in &case.bundles {
            let mut opened = Bundle::open(&case.bundle_path(bundle))?;
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
    Ok(vec![(name_of(path), Bundle::open(path)?)])
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
