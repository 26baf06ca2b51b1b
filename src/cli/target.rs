//! What a path on the command line names: a case folder (its bundles, in order) or a
//! bundle (folder or .tar.gz).

use crate::bundle::Bundle;
use crate::cases::Case;
use std::path::Path;

/// The bundles to work on, with a label for each.
pub fn bundles(path: &Path) -> anyhow::Result<Vec<Bundle>> {
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
            bundles.push(opened);
        }
        return Ok(bundles);
    }
    Ok(vec![Bundle::open(path)?])
}
