//! Opening what a bundle holds without hanging: only regular files are opened, and
//! without blocking, so a FIFO, a device or a socket named like a capture (or like
//! bundle.yaml) is reported instead of waited on, and a /proc file that blocks on read
//! (/proc/kmsg) fails at once instead of holding the diagnosis.

use std::fs::{self, File, FileType, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// What a file that is not a regular file or a folder is, for messages.
pub fn special_kind(file_type: &FileType) -> Option<&'static str> {
    if file_type.is_fifo() {
        Some("a FIFO")
    } else if file_type.is_char_device() {
        Some("a character device")
    } else if file_type.is_block_device() {
        Some("a block device")
    } else if file_type.is_socket() {
        Some("a socket")
    } else {
        None
    }
}

/// The live kernel filesystem `path` lies on, if it does: their "regular" files are
/// windows onto the running kernel, not captures, and some block on read (/proc/kmsg)
/// or change as they are read. Magic numbers from statfs(2).
pub fn live_kernel_filesystem(path: &Path) -> Option<&'static str> {
    const KNOWN: [(i64, &str); 4] = [
        (0x9fa0, "procfs"),
        (0x6265_6572, "sysfs"),
        (0x6462_6720, "debugfs"),
        (0x7472_6163, "tracefs"),
    ];
    let magic = rustix::fs::statfs(path).ok()?.f_type as i64;
    KNOWN
        .iter()
        .find(|(m, _)| *m == magic)
        .map(|(_, name)| *name)
}

/// Opens `path` for reading if it is a regular file (following links). Anything else
/// is refused before it is opened (opening a device can have effects of its own) and
/// checked again on the open file.
pub fn open(path: &Path) -> io::Result<File> {
    refuse_special(&fs::metadata(path)?.file_type())?;
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)?;
    refuse_special(&file.metadata()?.file_type())?;
    Ok(file)
}

fn refuse_special(file_type: &FileType) -> io::Result<()> {
    if file_type.is_dir() {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "a folder"));
    }
    match special_kind(file_type) {
        Some(kind) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{kind}, not a regular file"),
        )),
        None => Ok(()),
    }
}

/// The whole of a small regular file, refused when it is larger than `limit` bytes
/// (read up to one byte past the limit, so a file that lies about its size, or
/// /dev/zero behind a link, costs no more). `None` when it does not exist.
pub fn read_small(path: &Path, limit: usize) -> Result<Option<Vec<u8>>, String> {
    let file = match open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(describe_io(&e)),
    };
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot be read: {}", describe_io(&e)))?;
    if bytes.len() > limit {
        return Err(format!(
            "larger than {} MiB: not a file perfsage expects here",
            limit >> 20
        ));
    }
    Ok(Some(bytes))
}

/// An I/O error in the words of the one-line messages: no `(os error N)` codes, and
/// no path a wrapper added (tempfile names its temporary file, which the user never
/// named and which no longer exists).
pub fn describe_io(e: &io::Error) -> String {
    let wrapped = e
        .get_ref()
        .and_then(|inner| inner.source())
        .and_then(|source| source.downcast_ref::<io::Error>());
    if let Some(inner) = wrapped {
        return describe_io(inner);
    }
    match e.kind() {
        io::ErrorKind::NotFound => "no such file or folder".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => match e.raw_os_error() {
            // The C library's text without Rust's " (os error N)" suffix.
            Some(_) => {
                let text = e.to_string();
                match text.rfind(" (os error ") {
                    Some(i) => text[..i].to_string(),
                    None => text,
                }
            }
            None => e.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifos_and_devices_are_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("bundle.yaml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let error = open(&fifo).unwrap_err();
        assert_eq!(error.to_string(), "a FIFO, not a regular file");
        assert_eq!(
            read_small(&fifo, 1024).unwrap_err(),
            "a FIFO, not a regular file"
        );
        assert_eq!(
            open(Path::new("/dev/zero")).unwrap_err().to_string(),
            "a character device, not a regular file"
        );
        assert_eq!(read_small(&dir.path().join("absent"), 10), Ok(None));
    }

    #[test]
    fn small_files_are_capped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("case.yaml");
        std::fs::write(&path, vec![b'a'; 2 << 20]).unwrap();
        assert!(
            read_small(&path, 1 << 20)
                .unwrap_err()
                .contains("larger than 1 MiB")
        );
        assert_eq!(read_small(&path, 4 << 20).unwrap().unwrap().len(), 2 << 20);
    }
}
