//! The options every report-writing command shares: format, where to write, language
//! and redaction; and writing the bytes there.

use crate::bundle::display_name;
use crate::error::InputError;
use crate::files::regular_file::{describe_io, special_kind};
use crate::report::Layout;
use crate::report::i18n::labels::Lang;
use clap::ValueEnum;
use std::io::Write;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    #[value(alias = "markdown")]
    Md,
    Html,
    Json,
    /// One JSON report per line, for many bundles (`diagnose --each`, `--from`).
    Jsonl,
}

impl Format {
    /// The format a file name asks for: `.md`, `.html`/`.htm`, `.json`, `.txt`.
    fn of_file(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match extension.as_str() {
            "md" | "markdown" => Format::Md,
            "html" | "htm" => Format::Html,
            "json" => Format::Json,
            "jsonl" | "ndjson" => Format::Jsonl,
            "txt" => Format::Table,
            _ => return None,
        })
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Table => "txt",
            Format::Md => "md",
            Format::Html => "html",
            Format::Json => "json",
            Format::Jsonl => "jsonl",
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    /// Report format [default: from the -o file's extension, else table].
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Write the report to FILE instead of standard output (`-` means standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Language of the report's text.
    #[arg(long, value_enum, default_value = "en")]
    pub lang: Lang,
    /// Replace host names, IP and MAC addresses with stable hashes, so the report can
    /// leave the customer's site.
    #[arg(long)]
    pub redact: bool,
    /// A secret mixed into the --redact hashes; without one an address can be found
    /// again by hashing every candidate. Use the same key to keep reports comparable.
    #[arg(long, value_name = "KEY", requires = "redact")]
    pub redact_key: Option<String>,
}

impl ReportArgs {
    /// The format asked for with --format, else the one the -o file's extension names,
    /// else a table. An extension perfsage cannot write (`-o report.pdf`) is an error
    /// rather than a table under a misleading name.
    pub fn format(&self) -> anyhow::Result<Format> {
        if let Some(format) = self.format {
            return Ok(format);
        }
        let Some(file) = self.file() else {
            return Ok(Format::Table);
        };
        match (Format::of_file(file), file.extension()) {
            (Some(format), _) => Ok(format),
            (None, None) => Ok(Format::Table),
            (None, Some(extension)) => anyhow::bail!(
                "{}: perfsage cannot write a .{} report; name the file .txt, .md, .html, .json or .jsonl, or choose with --format",
                file.display(),
                extension.to_string_lossy()
            ),
        }
    }

    /// The output file, unless the report goes to standard output.
    /// How a report document is laid out in `format`; none for JSON and JSONL, which
    /// write the models themselves. Tables fit the terminal, or 120 columns in a file.
    pub fn layout(&self, format: Format) -> Option<Layout> {
        match format {
            Format::Table => Some(Layout::Table {
                width: if self.file().is_some() {
                    120
                } else {
                    super::table_width()
                },
            }),
            Format::Md => Some(Layout::Markdown),
            Format::Html => Some(Layout::Html),
            Format::Json | Format::Jsonl => None,
        }
    }

    pub fn file(&self) -> Option<&Path> {
        self.output.as_deref().filter(|p| *p != Path::new("-"))
    }

    /// Writes the report to standard output or, replacing it whole, to the file.
    pub fn write(&self, file: Option<&Path>, bytes: &[u8]) -> anyhow::Result<()> {
        match file {
            None => super::emit(bytes),
            Some(path) => write_file(path, bytes),
        }
    }
}

/// Writes the report to `path`. An ordinary file (or a new one) is replaced through a
/// temporary file in the same folder, so a reader never sees half a report and a
/// failed run leaves the previous one in place; a link is written through to the file
/// it names; a character device (`/dev/null`, a terminal) or a pipe with a reader is
/// written to as it is. Other special files, and folders, are refused: replacing
/// `/dev/null` with a regular file, as root, would break the whole system.
pub(super) fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let name = display_name(path.as_os_str());
    let fail =
        |e: std::io::Error| InputError::new(&name, format!("cannot write: {}", describe_io(&e)));
    let refuse =
        |what: &str| InputError::new(&name, format!("{what}: refusing to write a report there"));
    let own = match std::fs::symlink_metadata(path) {
        Ok(own) => own,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return replace(path, bytes, &fail),
        Err(e) => return Err(fail(e).into()),
    };
    let target = if own.file_type().is_symlink() {
        match std::fs::metadata(path) {
            Ok(target) => target,
            // A link to a file not written yet: creating it through the link.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return write_in_place(path, bytes, true).map_err(|e| fail(e).into());
            }
            Err(e) => return Err(fail(e).into()),
        }
    } else {
        own
    };
    let kind = target.file_type();
    if target.is_dir() {
        return Err(refuse("a folder").into());
    }
    if kind.is_file() {
        let real = std::fs::canonicalize(path).map_err(fail)?;
        return replace(&real, bytes, &fail);
    }
    if kind.is_char_device() || kind.is_fifo() {
        return match write_in_place(path, bytes, false) {
            // A pipe closed by its reader (`-o /dev/stdout | head`) is not an error.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            other => other,
        }
        .map_err(|e| {
            if kind.is_fifo() && e.raw_os_error() == Some(libc::ENXIO) {
                refuse("a FIFO nothing reads from").into()
            } else {
                fail(e).into()
            }
        });
    }
    Err(refuse(special_kind(&kind).unwrap_or("not a regular file")).into())
}

/// Writes into what `path` names without replacing it. Opened without blocking, so a
/// FIFO with no reader is an error (ENXIO) instead of a hang; then written blocking.
fn write_in_place(path: &Path, bytes: &[u8], create: bool) -> std::io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(create)
        .truncate(create)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)?;
    set_blocking(&file)?;
    file.write_all(bytes)?;
    file.flush()
}

fn set_blocking(file: &std::fs::File) -> std::io::Result<()> {
    let flags = rustix::fs::fcntl_getfl(file)?;
    rustix::fs::fcntl_setfl(file, flags - rustix::fs::OFlags::NONBLOCK)?;
    Ok(())
}

/// Replaces the regular file at `path` (or creates it) through a temporary file.
fn replace(
    path: &Path,
    bytes: &[u8],
    fail: &dyn Fn(std::io::Error) -> InputError,
) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(fail)?;
    file.write_all(bytes).map_err(fail)?;
    // A temporary file is private; the report gets the permissions of the one it
    // replaces, or those of an ordinary new file.
    let permissions = match std::fs::metadata(path) {
        Ok(existing) => existing.permissions(),
        Err(_) => std::fs::Permissions::from_mode(0o644),
    };
    file.as_file().set_permissions(permissions).map_err(fail)?;
    file.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_follows_the_file_name_unless_given() {
        let args = |format: Option<Format>, output: Option<&str>| ReportArgs {
            format,
            output: output.map(PathBuf::from),
            lang: Lang::En,
            redact: false,
            redact_key: None,
        };
        assert_eq!(args(None, None).format().unwrap(), Format::Table);
        assert_eq!(args(None, Some("r.HTML")).format().unwrap(), Format::Html);
        assert_eq!(args(None, Some("r.md")).format().unwrap(), Format::Md);
        assert_eq!(args(None, Some("report")).format().unwrap(), Format::Table);
        assert_eq!(
            args(Some(Format::Json), Some("r.html")).format().unwrap(),
            Format::Json
        );
        let pdf = args(None, Some("r.pdf")).format().unwrap_err().to_string();
        assert!(
            pdf.contains("cannot write a .pdf report") && pdf.contains(".html"),
            "{pdf}"
        );
        assert_eq!(
            args(Some(Format::Md), Some("r.pdf")).format().unwrap(),
            Format::Md
        );
        assert_eq!(args(None, Some("-")).file(), None);
    }
}
