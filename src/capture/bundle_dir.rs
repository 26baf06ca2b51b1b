//! The folder a capture writes, and the only place it writes: every file is created
//! through here, by a plain name inside the folder. A folder that already holds files
//! is refused unless `--force`, which replaces the files a capture writes and keeps the
//! rest (a consultant may put configuration files in first; they belong to the bundle),
//! and keeps what an existing bundle.yaml declares.

use super::collectors::all_files;
use crate::bundle::META_FILE;
use crate::files::regular_file::describe_io;
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum DirError {
    #[error(
        "{dir}: the folder is not empty ({count} entries, e.g. {example}); choose a new folder or add --force to write the capture into it (files of an earlier capture are replaced, other files are kept)"
    )]
    NotEmpty {
        dir: String,
        count: usize,
        example: String,
    },
    #[error("{dir}: exists and is not a folder")]
    NotAFolder { dir: String },
    #[error("{path}: {}", describe_io(.source))]
    Io { path: String, source: io::Error },
}

#[derive(Debug)]
pub struct BundleDir {
    root: PathBuf,
    /// Files this capture wrote, in the order written.
    written: Vec<String>,
    /// Files that were already there and are kept (with `--force`).
    kept: Vec<String>,
    /// The text of a bundle.yaml that was already there (with `--force`).
    existing_meta: Option<String>,
}

impl BundleDir {
    /// Creates `root` (and its parents) or, with `force`, reuses a non-empty one.
    pub fn prepare(root: &Path, force: bool) -> Result<BundleDir, DirError> {
        let shown = root.display().to_string();
        let io_error = |source: io::Error| DirError::Io {
            path: shown.clone(),
            source,
        };
        if root.exists() && !root.is_dir() {
            return Err(DirError::NotAFolder { dir: shown });
        }
        fs::create_dir_all(root).map_err(io_error)?;
        let mut existing: Vec<String> = fs::read_dir(root)
            .map_err(io_error)?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        existing.sort();
        if !existing.is_empty() && !force {
            return Err(DirError::NotEmpty {
                dir: shown,
                count: existing.len(),
                example: existing[0].clone(),
            });
        }
        let ours: Vec<&str> = all_files().collect();
        let mut kept = Vec::new();
        let mut existing_meta = None;
        for name in existing {
            let path = root.join(&name);
            if name == META_FILE && path.is_file() {
                existing_meta = Some(fs::read_to_string(&path).map_err(|source| DirError::Io {
                    path: path.display().to_string(),
                    source,
                })?);
            } else if ours.contains(&name.as_str()) && path.is_file() {
                fs::remove_file(&path).map_err(|source| DirError::Io {
                    path: path.display().to_string(),
                    source,
                })?;
            } else {
                kept.push(name);
            }
        }
        Ok(BundleDir {
            root: root.to_path_buf(),
            written: Vec::new(),
            kept,
            existing_meta,
        })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The path of `name` inside the bundle. Names are plain file names, never paths.
    pub fn path(&self, name: &str) -> PathBuf {
        assert!(
            !name.is_empty() && !name.contains('/') && name != "." && name != "..",
            "bundle files are plain names: {name}"
        );
        self.root.join(name)
    }

    /// Creates (or truncates) `name` and records it as written.
    pub fn create(&mut self, name: &str) -> io::Result<File> {
        let file = File::create(self.path(name))?;
        self.note_written(name);
        Ok(file)
    }

    /// Records a file a child process wrote by itself (perf's data file).
    pub fn note_written(&mut self, name: &str) {
        if !self.written.iter().any(|w| w == name) {
            self.written.push(name.to_string());
        }
    }

    /// Removes a file that turned out empty or useless.
    pub fn discard(&mut self, name: &str) {
        // Already gone is as good as removed.
        let _ = fs::remove_file(self.path(name));
        self.written.retain(|w| w != name);
    }

    /// Renames `name` to a hidden `.name`: kept for the consultant, skipped when the
    /// bundle is read.
    pub fn hide(&mut self, name: &str) -> io::Result<String> {
        let hidden = format!(".{name}");
        fs::rename(self.path(name), self.path(&hidden))?;
        self.written.retain(|w| w != name);
        self.written.push(hidden.clone());
        Ok(hidden)
    }

    pub fn written(&self) -> &[String] {
        &self.written
    }

    pub fn kept(&self) -> &[String] {
        &self.kept
    }

    /// The bundle.yaml found in the folder, if any (its declarations are kept).
    pub fn existing_meta(&self) -> Option<&str> {
        self.existing_meta.as_deref()
    }

    /// Whether `name` holds at least one byte.
    pub fn has_content(&self, name: &str) -> bool {
        fs::metadata(self.path(name))
            .map(|m| m.len() > 0)
            .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_non_empty_folder_is_refused_without_force() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("notes.txt"), "mine").unwrap();
        let err = BundleDir::prepare(dir.path(), false).unwrap_err();
        let message = err.to_string();
        assert!(
            message.contains("not empty") && message.contains("--force"),
            "{message}"
        );
        assert!(message.contains("notes.txt"), "{message}");
    }

    #[test]
    fn force_replaces_capture_files_and_keeps_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("notes.txt"), "mine").unwrap();
        fs::write(dir.path().join("mpstat.txt"), "old").unwrap();
        fs::write(dir.path().join("bundle.yaml"), "role: db\n").unwrap();
        let bundle = BundleDir::prepare(dir.path(), true).unwrap();
        assert!(!dir.path().join("mpstat.txt").exists());
        assert!(dir.path().join("notes.txt").exists());
        assert_eq!(bundle.kept(), ["notes.txt"]);
        assert_eq!(bundle.existing_meta(), Some("role: db\n"));
    }

    #[test]
    fn creates_missing_folders_and_refuses_files() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("a/b");
        let mut bundle = BundleDir::prepare(&nested, false).unwrap();
        bundle.create("x.txt").unwrap();
        assert_eq!(bundle.written(), ["x.txt"]);
        let hidden = bundle.hide("x.txt").unwrap();
        assert_eq!(hidden, ".x.txt");
        assert!(nested.join(".x.txt").exists());
        let file = dir.path().join("plain");
        fs::write(&file, "").unwrap();
        assert!(matches!(
            BundleDir::prepare(&file, true),
            Err(DirError::NotAFolder { .. })
        ));
    }
}
