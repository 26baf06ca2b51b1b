//! `df` (GNU coreutils): how full each file system is, in space (`df`, `df -h`, `df -k`,
//! `df -P`, `df -T`) and in inodes (`df -i`, `df -ih`). A file system that runs out of
//! either fails writes (ENOSPC) whatever the disk's speed: the capacity check of the
//! USE method for storage. Real output (`LC_ALL=C df -h`, a 64 MiB ext4 image holding
//! WAL-sized files):
//!
//! ```text
//! Filesystem               Size  Used Avail Use% Mounted on
//! /dev/vda                 252G   17G   75G  18% /
//! /dev/loop0                59M   55M  173K 100% /mnt/pgwal
//! ```
//!
//! The header names the columns, so one file may hold several tables (`df -h; df -i`)
//! and the size columns may be `Size` (human: K, M, G, T, P, E read as powers of 1024;
//! `df -H`'s powers of 1000 print the same header and are read the same way, about
//! 2 % to 15 % high), `1K-blocks`, `1024-blocks`, `1M-blocks`, `512-blocks` or
//! `Inodes`. `Use%` (`Capacity` with `-P`, `IUse%` for inodes) is df's own share:
//! used ÷ (used + available), the root reserve left out, so 100 % is full for every
//! user but root. Long device names that old df versions put on a line of their own
//! are joined to the next line. Rows whose share is `-` (pseudo file systems) and
//! sources that are not a device or file (tmpfs, overlay, proc) are skipped, as in
//! mounts.rs.
//!
//! Facts, labelled like mounts.rs by the device's last path component:
//! `fs.<dev>.mount_point`, `fs.<dev>.type` (with -T), `fs.<dev>.used_pct`,
//! `fs.<dev>.size_kib`, `fs.<dev>.avail_kib`, `fs.<dev>.inodes`,
//! `fs.<dev>.inodes_used_pct`, `fs.<dev>.inodes_free`.

use crate::facts::{Unit, Value};
use crate::parse::instance_label::device_label;
use crate::parse::sink::CUT_OFF_LINE;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct Df;

/// What one table's numbers count.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Counts {
    /// Blocks of this many KiB (0: human-readable sizes).
    Space {
        block_kib: f64,
    },
    Inodes,
}

/// The columns of one table, from its header.
#[derive(Clone, Copy, Debug)]
struct Table {
    counts: Counts,
    /// Whether a `Type` column follows the file system.
    typed: bool,
}

/// A header line: `Filesystem [Type] <size> <used> <avail> <share> Mounted on`.
fn header(line: &str) -> Option<Table> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"Filesystem") || !line.trim_end().ends_with("Mounted on") {
        return None;
    }
    let typed = words.get(1) == Some(&"Type");
    let size = *words.get(if typed { 2 } else { 1 })?;
    let counts = match size {
        "Size" => Counts::Space { block_kib: 0.0 },
        "Inodes" => Counts::Inodes,
        "1K-blocks" | "1024-blocks" => Counts::Space { block_kib: 1.0 },
        "1M-blocks" => Counts::Space { block_kib: 1024.0 },
        "512-blocks" => Counts::Space { block_kib: 0.5 },
        _ => return None,
    };
    Some(Table { counts, typed })
}

/// One data row, split: source, type, size, used, available, share, mount point.
struct Row<'a> {
    source: &'a str,
    fs_type: Option<&'a str>,
    size: &'a str,
    avail: &'a str,
    share: &'a str,
    mount_point: String,
}

fn row<'a>(line: &'a str, table: Table) -> Option<Row<'a>> {
    let mut words = line.split_whitespace();
    let source = words.next()?;
    let fs_type = if table.typed {
        Some(words.next()?)
    } else {
        None
    };
    let size = words.next()?;
    let _used = words.next()?;
    let avail = words.next()?;
    let share = words.next()?;
    let mount_point = words.collect::<Vec<_>>().join(" ");
    let well_formed = mount_point.starts_with('/') && (share == "-" || share.ends_with('%'));
    well_formed.then_some(Row {
        source,
        fs_type,
        size,
        avail,
        share,
        mount_point,
    })
}

/// `59M`, `4.0K`, `0`, `1.2T` (powers of 1024) in KiB; plain numbers are bytes.
fn human_kib(text: &str) -> Option<f64> {
    let (number, scale) = match text.as_bytes().last()? {
        b'K' => (&text[..text.len() - 1], 1.0),
        b'M' => (&text[..text.len() - 1], 1024.0),
        b'G' => (&text[..text.len() - 1], 1024.0 * 1024.0),
        b'T' => (&text[..text.len() - 1], 1024.0_f64.powi(3)),
        b'P' => (&text[..text.len() - 1], 1024.0_f64.powi(4)),
        b'E' => (&text[..text.len() - 1], 1024.0_f64.powi(5)),
        _ => (text, 1.0 / 1024.0),
    };
    number.parse::<f64>().ok().map(|n| n * scale)
}

/// An inode count: plain, or `1.3M` / `977K` with `df -ih` (powers of 1024).
fn inode_count(text: &str) -> Option<f64> {
    match text.as_bytes().last()? {
        b'K' | b'M' | b'G' | b'T' => human_kib(text).map(|kib| kib * 1024.0),
        _ => text.parse::<f64>().ok(),
    }
}

fn space_kib(text: &str, block_kib: f64) -> Option<f64> {
    if block_kib == 0.0 {
        human_kib(text)
    } else {
        text.parse::<f64>().ok().map(|blocks| blocks * block_kib)
    }
}

impl CaptureParser for Df {
    fn tool(&self) -> &'static str {
        "df"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines().filter(|l| !l.trim().is_empty());
        let table = header(lines.next()?)?;
        lines.take(5).any(|l| row(l, table).is_some()).then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut table: Option<Table> = None;
        // A device name too long for its column, waiting for the rest of its row.
        let mut pending: Option<(String, u64)> = None;
        let mut rows = 0;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let n = line.number;
            if text.trim().is_empty() {
                continue;
            }
            if let Some(t) = header(&text) {
                table = Some(t);
                continue;
            }
            let Some(table) = table else {
                sink.warn(
                    n,
                    "a line before df's header (Filesystem … Mounted on); ignored",
                );
                continue;
            };
            let (joined, first) = match pending.take() {
                Some((name, at)) => (format!("{name} {}", text.trim()), at),
                None => (text.trim().to_string(), n),
            };
            if !joined.contains(' ') {
                pending = Some((joined, first));
                continue;
            }
            let Some(r) = row(&joined, table) else {
                let message = if line.cut_off {
                    CUT_OFF_LINE
                } else {
                    "not a df row; ignored"
                };
                sink.warn(n, message);
                continue;
            };
            rows += 1;
            if r.share == "-" || !r.source.starts_with('/') {
                continue;
            }
            let Some(label) = device_label(r.source) else {
                continue;
            };
            let Ok(share) = r.share.trim_end_matches('%').parse::<f64>() else {
                sink.warn(
                    n,
                    format!("share `{}` is not a percentage; row ignored", r.share),
                );
                continue;
            };
            let lines = (first, n);
            let key = |name: &str| format!("fs.{label}.{name}");
            sink.text(key("mount_point"), r.mount_point.clone(), n);
            if let Some(fs_type) = r.fs_type {
                sink.text(key("type"), fs_type, n);
            }
            match table.counts {
                Counts::Space { block_kib } => {
                    sink.put(key("used_pct"), Value::Number(share), Unit::Percent, lines);
                    for (name, text) in [("size_kib", r.size), ("avail_kib", r.avail)] {
                        match space_kib(text, block_kib) {
                            Some(kib) => sink.put(
                                key(name),
                                Value::Number(kib.round()),
                                Unit::Kibibytes,
                                lines,
                            ),
                            None => {
                                sink.warn(n, format!("size `{text}` is not a number; left out"))
                            }
                        }
                    }
                }
                Counts::Inodes => {
                    sink.put(
                        key("inodes_used_pct"),
                        Value::Number(share),
                        Unit::Percent,
                        lines,
                    );
                    for (name, text) in [("inodes", r.size), ("inodes_free", r.avail)] {
                        match inode_count(text) {
                            Some(count) => {
                                sink.put(key(name), Value::Number(count), Unit::Count, lines)
                            }
                            None => sink
                                .warn(n, format!("inode count `{text}` is not a number; left out")),
                        }
                    }
                }
            }
        }
        if let Some((name, at)) = pending {
            sink.warn(
                at,
                format!("`{name}` has no row after it (truncated file?); ignored"),
            );
        }
        if rows == 0 {
            return Err(ParseError::whole_file(
                "no df rows under a `Filesystem … Mounted on` header found",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_name_what_the_numbers_count() {
        let h = header("Filesystem               Size  Used Avail Use% Mounted on").unwrap();
        assert_eq!(h.counts, Counts::Space { block_kib: 0.0 });
        assert!(!h.typed);
        let p =
            header("Filesystem     1024-blocks     Used Available Capacity Mounted on").unwrap();
        assert_eq!(p.counts, Counts::Space { block_kib: 1.0 });
        let i = header("Filesystem              Type      Inodes  IUsed    IFree IUse% Mounted on")
            .unwrap();
        assert_eq!(i.counts, Counts::Inodes);
        assert!(i.typed);
        assert!(header("Filesystem is full").is_none());
    }

    #[test]
    fn human_sizes_are_powers_of_1024() {
        assert_eq!(human_kib("59M"), Some(59.0 * 1024.0));
        assert_eq!(human_kib("4.0K"), Some(4.0));
        assert_eq!(human_kib("0"), Some(0.0));
        assert_eq!(human_kib("1.5T"), Some(1.5 * 1024.0 * 1024.0 * 1024.0));
        assert_eq!(human_kib("abc"), None);
        assert_eq!(inode_count("1.3M"), Some(1.3 * 1024.0 * 1024.0));
        assert_eq!(inode_count("128"), Some(128.0));
    }

    #[test]
    fn mount_points_may_hold_blanks() {
        let table = Table {
            counts: Counts::Space { block_kib: 1.0 },
            typed: false,
        };
        let r = row("/dev/sdb1  1000  900  100  90% /mnt/my disk", table).unwrap();
        assert_eq!(r.mount_point, "/mnt/my disk");
        assert!(row("/dev/sdb1 1000 900 100 90%", table).is_none());
    }
}
