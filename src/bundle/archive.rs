//! Bundles arrive as `.tar.gz` as often as folders. The archive is unpacked, entry by
//! entry in the order it holds them, into a private temporary folder that is removed
//! on every exit (Ctrl-C included, see `cleanup`), and read like a folder; a single
//! top-level folder in the archive is the bundle root.
//!
//! Only folders and regular files are written. Nothing can leave the folder: entries
//! whose path climbs out (`../`, absolute) are skipped and named; links are never
//! created: a link to a file inside the archive becomes a second name of that file, any
//! other link is skipped and named, as are devices and FIFOs. Unpacking stops, saying
//! so, past `MAX_BYTES`, past `MAX_ENTRIES`, or when the data expands more than
//! `MAX_RATIO` times (12 GiB of zeros fit in 54 MB). An archive that ends without its
//! end-of-archive blocks, or whose data cannot be read further, keeps what was read
//! and says the archive ended early.

use super::Notice;
use super::cleanup::Cleaned;
use super::display_name::display_name;
use crate::files::regular_file::describe_io;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

/// Far more than any capture bundle holds.
pub const MAX_BYTES: u64 = 8 << 30;
pub const MAX_ENTRIES: usize = 50_000;
/// Captures compress 5 to 15 times (long repetitive ones perhaps 50); zeros 230 times
/// at gzip's fastest level, 1000 at its best. Checked once the unpacked data passes
/// `RATIO_CHECKED_FROM`.
pub const MAX_RATIO: u64 = 100;
const RATIO_CHECKED_FROM: u64 = 64 << 20;
const CHUNK: usize = 256 << 10;
/// The first bytes of every gzip stream.
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// An unpacked archive: its folder (removed when this is dropped), the bundle root in
/// it, and what was not unpacked, with paths relative to that root.
#[derive(Debug)]
pub struct Unpacked {
    pub folder: Cleaned,
    pub root: PathBuf,
    pub notices: Vec<Notice>,
}

/// Unpacks the gzip-compressed tar `stream` (already started: `magic` holds the bytes
/// read to recognise it). `name` is how notices name the archive.
pub fn unpack(magic: &[u8], stream: impl Read, name: &str) -> Result<Unpacked, String> {
    let dir = tempfile::Builder::new()
        .prefix("perfsage-bundle-")
        .tempdir()
        .map_err(|e| format!("cannot create a temporary folder: {}", describe_io(&e)))?;
    let folder = Cleaned::new(dir);
    let compressed = Tally::default();
    let unpacked = Tally::default();
    let mut unpacker = Unpacker {
        folder: &folder,
        compressed: compressed.clone(),
        unpacked: unpacked.clone(),
        notices: Vec::new(),
        links: BTreeMap::new(),
        files_written: 0,
    };
    let gzip = flate2::read::GzDecoder::new(Counting {
        inner: io::Cursor::new(magic.to_vec()).chain(stream),
        tally: compressed,
    });
    let mut archive = tar::Archive::new(Counting {
        inner: gzip,
        tally: unpacked.clone(),
    });
    // The tar reader stops at the end-of-archive marker without reading to the end of
    // the data, so having met the end of the data means the marker was missing.
    let ended = unpacker.entries(&mut archive).or_else(|| {
        unpacked
            .ended
            .get()
            .then(|| "it stops without an end-of-archive marker".to_string())
    });
    if let Some(why) = &ended {
        if unpacker.files_written == 0 {
            return Err(format!("not a readable .tar.gz bundle: {why}"));
        }
        unpacker.notices.push(Notice::failed(
            name.to_string(),
            None,
            format!("the archive ended early: {why}; what followed is missing"),
        ));
    }
    unpacker.resolve_links();
    let mut notices = unpacker.notices;
    let visible: Vec<PathBuf> = fs::read_dir(folder.path())
        .map_err(|e| describe_io(&e))?
        .flatten()
        .filter(|e| !e.file_name().as_encoded_bytes().starts_with(b"."))
        .map(|e| e.path())
        .collect();
    let root = match visible.as_slice() {
        [only] if only.is_dir() => {
            let prefix = format!("{}/", display_name(only.file_name().unwrap_or_default()));
            for notice in &mut notices {
                if let Some(inside) = notice.report.file.strip_prefix(&prefix) {
                    notice.report.file = inside.to_string();
                }
            }
            only.clone()
        }
        _ => folder.path().to_path_buf(),
    };
    Ok(Unpacked {
        folder,
        root,
        notices,
    })
}

struct Unpacker<'a> {
    folder: &'a Cleaned,
    compressed: Tally,
    unpacked: Tally,
    notices: Vec<Notice>,
    /// Link entries (their safe path → the archive path they point to), made once
    /// every file is unpacked.
    links: BTreeMap<PathBuf, PathBuf>,
    files_written: usize,
}

impl Unpacker<'_> {
    /// Unpacks every entry; why unpacking stopped before the end-of-archive marker, if
    /// it did.
    fn entries<R: Read>(&mut self, archive: &mut tar::Archive<R>) -> Option<String> {
        let entries = match archive.entries() {
            Ok(entries) => entries,
            Err(e) => return Some(describe_io(&e)),
        };
        for (index, entry) in entries.enumerate() {
            if index == MAX_ENTRIES {
                return Some(format!(
                    "it holds more than {MAX_ENTRIES} entries, more than a bundle does; the rest is not unpacked"
                ));
            }
            let mut entry = match entry {
                Ok(entry) => entry,
                Err(e) => return Some(describe_io(&e)),
            };
            if let Err(why) = self.entry(&mut entry) {
                return Some(why);
            }
        }
        None
    }

    /// Unpacks one entry; an error stops unpacking.
    fn entry<R: Read>(&mut self, entry: &mut tar::Entry<'_, R>) -> Result<(), String> {
        let raw = entry.path_bytes().into_owned();
        let shown = display_name(OsStr::from_bytes(&raw));
        let Some(relative) = normalise(Path::new(OsStr::from_bytes(&raw))) else {
            self.skip(
                shown,
                "its path leads out of the archive (`..` or absolute): not unpacked",
            );
            return Ok(());
        };
        let target = self.folder.path().join(&relative);
        let kind = entry.header().entry_type();
        if kind.is_dir() {
            let made = {
                let _held = self.folder.writing();
                fs::create_dir_all(&target)
            };
            if let Err(e) = made {
                self.skip(shown, &format!("cannot be unpacked: {}", describe_io(&e)));
            }
            return Ok(());
        }
        if kind.is_symlink() || kind.is_hard_link() {
            let pointed = entry
                .link_name_bytes()
                .map(|l| l.into_owned())
                .unwrap_or_default();
            let pointed = Path::new(OsStr::from_bytes(&pointed));
            // A symbolic link is relative to its folder, a hard link to the archive.
            let within = if kind.is_symlink() {
                relative.parent().unwrap_or(Path::new("")).join(pointed)
            } else {
                pointed.to_path_buf()
            };
            match normalise(&within) {
                Some(inside) => {
                    self.links.insert(relative, inside);
                }
                None => self.skip(
                    shown,
                    &format!(
                        "a link to {} outside the archive: not followed",
                        display_name(pointed.as_os_str())
                    ),
                ),
            }
            return Ok(());
        }
        if !(kind.is_file() || kind.is_contiguous()) {
            let what = if kind.is_fifo() {
                "a FIFO"
            } else if kind.is_character_special() {
                "a character device"
            } else if kind.is_block_special() {
                "a block device"
            } else {
                "an entry of a kind perfsage does not unpack"
            };
            self.skip(shown, &format!("{what}, not a regular file: not unpacked"));
            return Ok(());
        }
        let created = {
            let _held = self.folder.writing();
            target
                .parent()
                .map_or(Ok(()), fs::create_dir_all)
                .and_then(|()| File::create(&target))
        };
        let mut file = match created {
            Ok(file) => file,
            Err(e) => {
                self.skip(shown, &format!("cannot be unpacked: {}", describe_io(&e)));
                return Ok(());
            }
        };
        let copied = self.copy(entry, &mut file);
        if copied.is_err() {
            drop(file);
            let _held = self.folder.writing();
            let _ = fs::remove_file(&target);
        }
        copied.map_err(|why| format!("{shown}: {why}"))?;
        self.files_written += 1;
        Ok(())
    }

    /// Copies an entry's data chunk by chunk, checking the limits after each.
    fn copy(&mut self, entry: &mut impl Read, file: &mut File) -> Result<(), String> {
        let mut buffer = vec![0u8; CHUNK];
        loop {
            let n = match entry.read(&mut buffer) {
                Ok(0) => return Ok(()),
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(describe_io(&e)),
            };
            {
                let _held = self.folder.writing();
                file.write_all(&buffer[..n])
                    .map_err(|e| format!("cannot be unpacked: {}", describe_io(&e)))?;
            }
            let unpacked = self.unpacked.bytes.get();
            let compressed = self.compressed.bytes.get();
            if unpacked > MAX_BYTES {
                return Err(format!(
                    "the archive unpacks to more than {} GiB, more than a bundle holds; the rest is not unpacked",
                    MAX_BYTES >> 30
                ));
            }
            if unpacked > RATIO_CHECKED_FROM && unpacked > compressed.saturating_mul(MAX_RATIO) {
                return Err(format!(
                    "the data expands more than {MAX_RATIO} times ({} MiB from {} KiB), as no capture does; the rest is not unpacked",
                    unpacked >> 20,
                    compressed >> 10
                ));
            }
        }
    }

    /// Gives each link to a file inside the archive that file's content, under a second
    /// name; other links are named and skipped. A link to a link is followed.
    fn resolve_links(&mut self) {
        let links = std::mem::take(&mut self.links);
        for (link, pointed) in &links {
            let mut target = pointed.clone();
            for _ in 0..links.len() {
                match links.get(&target) {
                    Some(next) => target = next.clone(),
                    None => break,
                }
            }
            let source = self.folder.path().join(&target);
            let made = match fs::symlink_metadata(&source) {
                Ok(m) if m.is_file() => {
                    let destination = self.folder.path().join(link);
                    let _held = self.folder.writing();
                    destination
                        .parent()
                        .map_or(Ok(()), fs::create_dir_all)
                        .and_then(|()| fs::hard_link(&source, &destination))
                        .map_err(|e| format!("cannot be unpacked: {}", describe_io(&e)))
                }
                Ok(m) if m.is_dir() => Err(format!(
                    "a link to the folder {} inside the archive: its files are read there",
                    display_name(target.as_os_str())
                )),
                _ => Err(format!(
                    "a link to {}, which the archive does not hold",
                    display_name(target.as_os_str())
                )),
            };
            if let Err(why) = made {
                self.skip(display_name(link.as_os_str()), &why);
            }
        }
    }

    fn skip(&mut self, file: String, reason: &str) {
        self.notices.push(Notice::skipped(file, reason.to_string()));
    }
}

/// Resolves `.` and `..` lexically; `None` when the path is absolute, climbs above
/// its start, or names nothing.
fn normalise(path: &Path) -> Option<PathBuf> {
    let mut parts: Vec<&OsStr> = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => parts.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    (!parts.is_empty()).then(|| parts.iter().collect())
}

/// Bytes read through a `Counting` reader, and whether it met the end of its input;
/// shared so the unpacker can look while the tar reader owns the stream.
#[derive(Clone, Default)]
struct Tally {
    bytes: Rc<Cell<u64>>,
    ended: Rc<Cell<bool>>,
}

struct Counting<R> {
    inner: R,
    tally: Tally,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.tally.bytes.set(self.tally.bytes.get() + n as u64);
        if n == 0 && !buf.is_empty() {
            self.tally.ended.set(true);
        }
        Ok(n)
    }
}
