//! Listing a bundle folder without being led astray. A link to a folder inside the
//! bundle is not followed (its files are read where they are; two such loops in one
//! host folder made the old walk exponential); a link leaving the bundle is reported
//! rather than followed unless the user asks (`--follow-links`), and then every folder
//! is still entered once at most; FIFOs, devices and sockets are reported rather than
//! read. Hidden entries (`.perf.data`) are passed over as before.

use super::display_name::display_name;
use super::{Notice, join};
use crate::files::regular_file::{describe_io, live_kernel_filesystem, special_kind};
use std::collections::HashSet;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// A visible entry of a folder that can be read.
#[derive(Debug)]
pub enum Entry {
    File { path: PathBuf, name: String },
    Folder { path: PathBuf, name: String },
}

pub struct Walker {
    /// The bundle root, links resolved: what "inside the bundle" means.
    root: PathBuf,
    follow_links: bool,
    /// Folders entered, by device and inode.
    entered: HashSet<(u64, u64)>,
    /// Entries not read, and why, since the last `take_notices`.
    notices: Vec<Notice>,
}

impl Walker {
    pub fn new(root: &Path, follow_links: bool) -> std::io::Result<Walker> {
        let root = fs::canonicalize(root)?;
        let metadata = fs::metadata(&root)?;
        Ok(Walker {
            root,
            follow_links,
            entered: HashSet::from([(metadata.dev(), metadata.ino())]),
            notices: Vec::new(),
        })
    }

    /// What was not read since the last call.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    /// The readable entries of `dir` (bundle-relative name `relative`) in name order;
    /// the others become notices. The error says why the folder cannot be listed.
    pub fn entries(&mut self, dir: &Path, relative: &str) -> Result<Vec<Entry>, String> {
        let listing = fs::read_dir(dir).map_err(|e| describe_io(&e))?;
        let mut named = Vec::new();
        for entry in listing {
            let entry = entry.map_err(|e| describe_io(&e))?;
            let raw_name = entry.file_name();
            if raw_name.as_encoded_bytes().starts_with(b".") {
                continue;
            }
            named.push((display_name(&raw_name), entry.path()));
        }
        named.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        Ok(named
            .into_iter()
            .filter_map(|(name, path)| self.classify(path, join(relative, &name)))
            .collect())
    }

    /// Every file under the folder `dir`, recursively, with bundle-relative names.
    pub fn files_under(
        &mut self,
        dir: &Path,
        relative: &str,
        skip_name: &str,
        out: &mut Vec<(PathBuf, String)>,
    ) -> Result<(), String> {
        for entry in self.entries(dir, relative)? {
            match entry {
                Entry::File { path, name } => {
                    if name.rsplit('/').next() != Some(skip_name) {
                        out.push((path, name));
                    }
                }
                Entry::Folder { path, name } => {
                    if let Err(reason) = self.files_under(&path, &name, skip_name, out) {
                        self.note(format!("{name}/"), format!("cannot be read: {reason}"));
                    }
                }
            }
        }
        Ok(())
    }

    /// `path` if it is a file the walk would read; `None` (with a notice unless it
    /// does not exist) otherwise.
    pub fn regular_file(&mut self, path: &Path, name: &str) -> Option<PathBuf> {
        if fs::symlink_metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
            return None;
        }
        match self.classify(path.to_path_buf(), name.to_string())? {
            Entry::File { path, .. } => Some(path),
            Entry::Folder { name, .. } => {
                self.note(name, "a folder, not a file: not read".into());
                None
            }
        }
    }

    /// Decides what one entry is and whether it is read.
    fn classify(&mut self, path: PathBuf, name: String) -> Option<Entry> {
        let own = match fs::symlink_metadata(&path) {
            Ok(metadata) => metadata,
            Err(e) => {
                self.note(name, format!("cannot be read: {}", describe_io(&e)));
                return None;
            }
        };
        let metadata = if own.file_type().is_symlink() {
            self.through_link(&path, &name)?
        } else {
            own
        };
        if metadata.is_dir() {
            if !self.entered.insert((metadata.dev(), metadata.ino())) {
                self.note(
                    format!("{name}/"),
                    "the same folder as one read already: read once".to_string(),
                );
                return None;
            }
            return Some(Entry::Folder { path, name });
        }
        if metadata.is_file() {
            if let Some(filesystem) = live_kernel_filesystem(&path) {
                self.note(
                    name,
                    format!("a live kernel file ({filesystem}), not a capture: not read"),
                );
                return None;
            }
            return Some(Entry::File { path, name });
        }
        let kind = special_kind(&metadata.file_type()).unwrap_or("not a regular file");
        self.note(name, format!("{kind}, not a regular file: not read"));
        None
    }

    /// The metadata of what the link at `path` leads to, if it is to be followed.
    fn through_link(&mut self, path: &Path, name: &str) -> Option<fs::Metadata> {
        let shown = fs::read_link(path)
            .map(|t| display_name(t.as_os_str()))
            .unwrap_or_default();
        let target = match fs::canonicalize(path) {
            Ok(target) => target,
            Err(e) => {
                self.note(
                    name.to_string(),
                    format!("a link to {shown} that leads nowhere ({})", describe_io(&e)),
                );
                return None;
            }
        };
        let metadata = match fs::metadata(&target) {
            Ok(metadata) => metadata,
            Err(e) => {
                self.note(
                    name.to_string(),
                    format!("cannot be read: {}", describe_io(&e)),
                );
                return None;
            }
        };
        let inside = target.starts_with(&self.root);
        if inside && metadata.is_dir() {
            self.note(
                format!("{name}/"),
                format!("a link to the folder {shown} inside the bundle: its files are read there"),
            );
            return None;
        }
        if !inside && !self.follow_links {
            self.note(
                name.to_string(),
                format!(
                    "a link to {} outside the bundle: not followed (--follow-links reads it)",
                    display_name(target.as_os_str())
                ),
            );
            return None;
        }
        Some(metadata)
    }

    fn note(&mut self, file: String, reason: String) {
        self.notices.push(Notice::skipped(file, reason));
    }
}
