//! A bundle: one captured run, as a folder or a `.tar.gz`. Sub-folders are hosts;
//! files directly in the root belong to one host. `bundle.yaml` in the root gives
//! defaults for every host, one in a host folder overrides them.

pub mod archive;
pub mod bundle_yaml;
pub mod host_facts;

use crate::error::InputError;
use bundle_yaml::{BundleMeta, MetaFile};
use std::fs;
use std::path::{Path, PathBuf};

pub const META_FILE: &str = "bundle.yaml";

/// The captures of one host, not yet read.
#[derive(Debug)]
pub struct HostCaptures {
    /// Declared name, else the folder name; empty for root files without a declared
    /// name (the captures' own host name is used once read).
    pub name: String,
    pub meta: BundleMeta,
    /// bundle.yaml files that apply, from the bundle's to the host's own.
    pub meta_files: Vec<MetaFile>,
    /// (absolute path, path relative to the bundle root), in name order.
    pub files: Vec<(PathBuf, String)>,
}

#[derive(Debug)]
pub struct Bundle {
    /// The path as the user gave it.
    pub source: String,
    pub hosts: Vec<HostCaptures>,
    /// Keeps an extracted archive alive as long as the bundle.
    _extracted: Option<tempfile::TempDir>,
}

impl Bundle {
    pub fn open(path: &Path) -> Result<Bundle, InputError> {
        let source = path.display().to_string();
        let metadata = fs::metadata(path).map_err(|e| InputError::new(&source, describe_io(&e)))?;
        if metadata.is_dir() {
            return Self::from_dir(source, path, None);
        }
        if archive::looks_like_archive(path) {
            let (dir, root) = archive::extract(path).map_err(|e| InputError::new(&source, e))?;
            return Self::from_dir(source, &root, Some(dir));
        }
        Err(InputError::new(
            source,
            "not a bundle: expected a folder or a .tar.gz archive of captures",
        ))
    }

    fn from_dir(
        source: String,
        root: &Path,
        extracted: Option<tempfile::TempDir>,
    ) -> Result<Bundle, InputError> {
        let root_meta = read_meta(root, "")?;
        let mut root_files = Vec::new();
        let mut host_dirs = Vec::new();
        for (path, name) in
            sorted_entries(root).map_err(|e| InputError::new(&source, describe_io(&e)))?
        {
            if path.is_dir() {
                host_dirs.push((path, name));
            } else if name != META_FILE {
                root_files.push((path, name));
            }
        }
        let defaults = root_meta
            .as_ref()
            .map(|m| m.meta.clone())
            .unwrap_or_default();
        let mut hosts = Vec::new();
        if !root_files.is_empty() {
            hosts.push(HostCaptures {
                name: defaults.host.clone().unwrap_or_default(),
                meta: defaults.clone(),
                meta_files: root_meta.iter().cloned().collect(),
                files: root_files,
            });
        }
        for (dir, name) in host_dirs {
            let own = read_meta(&dir, &name)?;
            let meta = own.as_ref().map_or_else(
                || BundleMeta {
                    host: None,
                    ..defaults.clone()
                },
                |m| {
                    BundleMeta {
                        host: None,
                        ..defaults.clone()
                    }
                    .overlay(&m.meta)
                },
            );
            let mut files = Vec::new();
            collect_files(&dir, &name, &mut files)
                .map_err(|e| InputError::new(dir.display().to_string(), describe_io(&e)))?;
            if files.is_empty() {
                continue;
            }
            let meta_files = root_meta.iter().cloned().chain(own).collect();
            hosts.push(HostCaptures {
                name: meta.host.clone().unwrap_or(name),
                meta,
                meta_files,
                files,
            });
        }
        if hosts.is_empty() {
            return Err(InputError::new(source, "the bundle holds no capture files"));
        }
        Ok(Bundle {
            source,
            hosts,
            _extracted: extracted,
        })
    }
}

fn read_meta(dir: &Path, relative_dir: &str) -> Result<Option<MetaFile>, InputError> {
    let path = dir.join(META_FILE);
    let relative = join(relative_dir, META_FILE);
    match fs::read(&path) {
        Ok(bytes) => {
            let text = String::from_utf8(bytes)
                .map_err(|_| InputError::new(&relative, "not UTF-8 text"))?;
            MetaFile::parse(&relative, text).map(Some)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(InputError::new(relative, describe_io(&e))),
    }
}

/// Files under `dir` (recursively, hidden ones skipped), with bundle-relative names.
fn collect_files(
    dir: &Path,
    relative: &str,
    out: &mut Vec<(PathBuf, String)>,
) -> std::io::Result<()> {
    for (path, name) in sorted_entries(dir)? {
        let rel = join(relative, &name);
        if path.is_dir() {
            collect_files(&path, &rel, out)?;
        } else if name != META_FILE {
            out.push((path, rel));
        }
    }
    Ok(())
}

fn sorted_entries(dir: &Path) -> std::io::Result<Vec<(PathBuf, String)>> {
    let mut entries = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with('.') {
            entries.push((entry.path(), name));
        }
    }
    entries.sort_by(|a, b| a.1.cmp(&b.1));
    Ok(entries)
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

fn describe_io(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or folder".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}
