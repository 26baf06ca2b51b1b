//! A bundle: one captured run, as a folder or a `.tar.gz`. Sub-folders are hosts;
//! files directly in the root belong to one host. `bundle.yaml` in the root gives
//! defaults for every host, one in a host folder overrides them. What cannot be read
//! (a FIFO, a link leaving the bundle, an unreadable folder, a host's broken
//! bundle.yaml, an archive cut short) is listed with the captures as a notice, and the
//! rest of the bundle is still read.

pub mod archive;
pub mod bundle_yaml;
pub mod change_log;
mod cleanup;
mod display_name;
pub mod host_facts;
mod listing;
mod plausibility;
pub mod reading_progress;

pub use display_name::display_name;

use crate::error::InputError;
use crate::files::regular_file::{self, describe_io};
use crate::files::yaml_file;
use crate::parse::{CaptureReport, CaptureStatus};
use bundle_yaml::{BundleMeta, ChangeRecord, MetaFile};
use cleanup::Cleaned;
use listing::{Entry, Walker};
use std::fs::{self, File};
use std::io::{IsTerminal, Read};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

pub const META_FILE: &str = "bundle.yaml";

/// How a bundle is read.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReadOptions {
    /// Follow links that lead out of the bundle folder (`--follow-links`).
    pub follow_links: bool,
}

/// Something of the bundle that was not read, or a problem of the bundle itself, in
/// the form the captures are listed in (unrecognised or failed, with the reason).
#[derive(Debug, Clone)]
pub struct Notice {
    pub report: CaptureReport,
}

impl Notice {
    pub fn skipped(file: String, reason: String) -> Notice {
        Notice::new(file, CaptureStatus::Unrecognized { reason })
    }

    pub fn failed(file: String, line: Option<usize>, message: String) -> Notice {
        let line = line.map(|l| l as u64);
        Notice::new(file, CaptureStatus::Failed { line, message })
    }

    fn new(file: String, status: CaptureStatus) -> Notice {
        Notice {
            report: CaptureReport {
                file,
                section: None,
                tool: None,
                encoding: None,
                status,
                warnings: Vec::new(),
                facts: 0,
                stacks: None,
            },
        }
    }
}

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
    /// What was not read for this host (or the whole bundle), and why.
    pub notices: Vec<Notice>,
}

#[derive(Debug)]
pub struct Bundle {
    /// The path as the user gave it.
    pub source: String,
    pub hosts: Vec<HostCaptures>,
    /// What changed since the previous run: the root bundle.yaml's `change:`, else the
    /// first host's that declares one.
    pub change: Option<ChangeRecord>,
    /// Keeps an unpacked archive alive as long as the bundle.
    _unpacked: Option<Cleaned>,
}

impl Bundle {
    pub fn open(path: &Path) -> Result<Bundle, InputError> {
        Self::open_with(path, ReadOptions::default())
    }

    pub fn open_with(path: &Path, options: ReadOptions) -> Result<Bundle, InputError> {
        let source = display_name(path.as_os_str());
        let fail = |message: String| InputError::new(&source, message);
        let metadata = fs::metadata(path).map_err(|e| fail(describe_io(&e)))?;
        if metadata.is_dir() {
            return Self::from_dir(source.clone(), path, None, Vec::new(), options);
        }
        let mut input = open_archive_input(path, &metadata.file_type()).map_err(fail)?;
        let mut magic = Vec::with_capacity(2);
        (&mut input)
            .take(2)
            .read_to_end(&mut magic)
            .map_err(|e| fail(format!("cannot be read: {}", describe_io(&e))))?;
        if magic != archive::GZIP_MAGIC {
            return Err(fail(
                "not a bundle: expected a folder or a .tar.gz archive of captures".into(),
            ));
        }
        let name = path
            .file_name()
            .map_or_else(|| source.clone(), display_name);
        let unpacked = archive::unpack(&magic, input, &name).map_err(fail)?;
        Self::from_dir(
            source.clone(),
            &unpacked.root,
            Some(unpacked.folder),
            unpacked.notices,
            options,
        )
    }

    fn from_dir(
        source: String,
        root: &Path,
        unpacked: Option<Cleaned>,
        mut shared: Vec<Notice>,
        options: ReadOptions,
    ) -> Result<Bundle, InputError> {
        let mut walker = Walker::new(root, options.follow_links)
            .map_err(|e| InputError::new(&source, describe_io(&e)))?;
        let root_meta = read_meta(&mut walker, root, "")?;
        let mut root_files = Vec::new();
        let mut host_dirs = Vec::new();
        for entry in walker
            .entries(root, "")
            .map_err(|m| InputError::new(&source, m))?
        {
            match entry {
                Entry::Folder { path, name } => host_dirs.push((path, name)),
                Entry::File { name, .. } if name == META_FILE => {}
                Entry::File { path, name } => root_files.push((path, name)),
            }
        }
        let root_notices = walker.take_notices();
        let defaults = root_meta
            .as_ref()
            .map(|m| m.meta.clone())
            .unwrap_or_default();
        let mut hosts = Vec::new();
        if root_files.is_empty() {
            shared.extend(root_notices);
        } else {
            hosts.push(HostCaptures {
                name: defaults.host.clone().unwrap_or_default(),
                meta: defaults.clone(),
                meta_files: root_meta.iter().cloned().collect(),
                files: root_files,
                notices: root_notices,
            });
        }
        for (dir, name) in host_dirs {
            // Listed first: in a folder that cannot be read even bundle.yaml cannot be
            // looked for, and the folder is the one problem to name.
            if let Err(e) = fs::read_dir(&dir) {
                let reason = format!("cannot be read: {}", describe_io(&e));
                shared.push(Notice::skipped(format!("{name}/"), reason));
                continue;
            }
            let mut notices = Vec::new();
            let own = read_meta(&mut walker, &dir, &name).unwrap_or_else(|e| {
                let message = format!("{}; the host is read without it", e.message);
                notices.push(Notice::failed(e.file, e.line, message));
                None
            });
            let inherited = BundleMeta {
                host: None,
                ..defaults.clone()
            };
            let meta = match &own {
                Some(m) => inherited.overlay(&m.meta),
                None => inherited,
            };
            let mut files = Vec::new();
            if let Err(reason) = walker.files_under(&dir, &name, META_FILE, &mut files) {
                notices.push(Notice::skipped(
                    format!("{name}/"),
                    format!("cannot be read: {reason}"),
                ));
            }
            notices.extend(walker.take_notices());
            if files.is_empty() {
                shared.extend(notices);
                continue;
            }
            let meta_files = root_meta.iter().cloned().chain(own).collect();
            hosts.push(HostCaptures {
                name: meta.host.clone().unwrap_or(name),
                meta,
                meta_files,
                files,
                notices,
            });
        }
        if hosts.is_empty() {
            let why = shared
                .iter()
                .find_map(|n| n.report.problem())
                .map(|p| format!(" it can read ({p})"))
                .unwrap_or_default();
            return Err(InputError::new(
                source,
                format!("the bundle holds no capture files{why}"),
            ));
        }
        for host in &mut hosts {
            host.notices.splice(0..0, shared.iter().cloned());
        }
        let change = hosts.iter().find_map(|h| h.meta.change.clone());
        Ok(Bundle {
            source,
            hosts,
            change,
            _unpacked: unpacked,
        })
    }
}

/// The archive named on the command line, opened: a regular file without blocking,
/// or a pipe (`cat b.tar.gz | perfsage facts /dev/stdin`) as it comes. A terminal or
/// another special file is no archive.
fn open_archive_input(path: &Path, kind: &fs::FileType) -> Result<File, String> {
    if kind.is_file() {
        return regular_file::open(path).map_err(|e| describe_io(&e));
    }
    if !(kind.is_fifo() || kind.is_char_device()) {
        let what = regular_file::special_kind(kind).unwrap_or("not a regular file");
        return Err(format!("{what}: not a bundle"));
    }
    let file = File::open(path).map_err(|e| describe_io(&e))?;
    if file.is_terminal() {
        return Err(
            "a terminal, not a bundle: pipe the archive in (cat b.tar.gz | perfsage facts /dev/stdin)"
                .into(),
        );
    }
    Ok(file)
}

/// The bundle.yaml of `dir`, if it has one the walk admits (a regular file, not a link
/// leading out of the bundle).
fn read_meta(
    walker: &mut Walker,
    dir: &Path,
    relative_dir: &str,
) -> Result<Option<MetaFile>, InputError> {
    let relative = join(relative_dir, META_FILE);
    let Some(path) = walker.regular_file(&dir.join(META_FILE), &relative) else {
        return Ok(None);
    };
    match yaml_file::read(&path) {
        Ok(None) => Ok(None),
        Ok(Some(text)) => MetaFile::parse(&relative, text).map(Some),
        Err(message) => Err(InputError::new(relative, message)),
    }
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}
