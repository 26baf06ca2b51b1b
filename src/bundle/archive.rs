//! Bundles arrive as `.tar.gz` as often as folders. The archive is unpacked into a
//! private temporary folder (entries escaping it are refused by the tar crate) and
//! read like a folder; a single top-level folder in the archive is the bundle root.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

pub fn looks_like_archive(path: &Path) -> bool {
    let mut magic = [0u8; 2];
    File::open(path)
        .and_then(|mut f| f.read_exact(&mut magic))
        .is_ok()
        && magic == [0x1f, 0x8b]
}

/// Unpacks the archive; returns the temporary folder and the bundle root inside it.
pub fn extract(path: &Path) -> Result<(tempfile::TempDir, PathBuf), String> {
    let file = File::open(path).map_err(|e| e.to_string())?;
    let dir = tempfile::Builder::new()
        .prefix("perfsage-bundle-")
        .tempdir()
        .map_err(|e| format!("cannot create a temporary folder: {e}"))?;
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    archive.set_preserve_permissions(false);
    archive
        .unpack(dir.path())
        .map_err(|e| format!("not a readable .tar.gz bundle: {e}"))?;
    let visible: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .map_err(|e| e.to_string())?
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .collect();
    let root = match visible.as_slice() {
        [only] if only.is_dir() => only.clone(),
        _ => dir.path().to_path_buf(),
    };
    Ok((dir, root))
}
