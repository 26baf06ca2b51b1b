//! `mount` (util-linux) and `/proc/mounts`: which device holds which directory, with
//! which file system and options. Rules need it to find the data file system (xfs,
//! its options such as `noatime`) and to tie `xfs_info` output to a mount point.
//!
//! ```text
//! /dev/vda on / type ext4 (rw,relatime,discard,resv_strict,resuid=65534,resgid=65534)
//! /tmp/xfstest/xfs8k.img on /mnt/xfs8k type xfs (rw,noatime,inode64,logbufs=8,logbsize=32k,noquota)
//! ```
//!
//! `/proc/mounts` (and `/etc/mtab`) hold the same in six columns:
//!
//! ```text
//! /dev/nvme0n1p1 /data xfs rw,noatime,attr2,inode64,logbufs=8,logbsize=32k,noquota 0 0
//! ```
//!
//! Only mounts of a device or file (source starting with `/`) become facts; `proc`,
//! `tmpfs`, `cgroup` and other virtual file systems say nothing about storage. When a
//! device is mounted more than once (bind mounts), its first mount is kept.
//!
//! Facts, labelled by the last component of the source (`/dev/nvme0n1p1` →
//! `nvme0n1p1`, `/dev/mapper/vg-data` → `vg-data`): `fs.<dev>.mount_point`,
//! `fs.<dev>.type`, `fs.<dev>.options`.

use crate::parse::instance_label::device_label;
use crate::parse::sink::CUT_OFF_LINE;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use std::collections::HashSet;

pub struct Mounts;

/// One mount: source, mount point, type, options.
#[derive(Debug, PartialEq)]
struct Mount<'a> {
    source: &'a str,
    point: &'a str,
    fs_type: &'a str,
    options: &'a str,
}

/// `<source> on <point> type <type> (<options>)`, as `mount` prints it.
fn mount_line(line: &str) -> Option<Mount<'_>> {
    let (source, rest) = line.split_once(" on ")?;
    let (point, rest) = rest.split_once(" type ")?;
    let (fs_type, rest) = rest.split_once(" (")?;
    let options = rest.strip_suffix(')')?;
    let well_formed = !source.is_empty()
        && point.starts_with('/')
        && !fs_type.is_empty()
        && !fs_type.contains(' ')
        && (options.starts_with("rw") || options.starts_with("ro"));
    well_formed.then_some(Mount {
        source,
        point,
        fs_type,
        options,
    })
}

/// `<source> <point> <type> <options> <dump> <pass>`, as /proc/mounts holds it.
fn proc_mounts_line(line: &str) -> Option<Mount<'_>> {
    let mut words = line.split_whitespace();
    let source = words.next()?;
    let point = words.next()?;
    let fs_type = words.next()?;
    let options = words.next()?;
    let dump = words.next()?;
    let pass = words.next()?;
    let well_formed = words.next().is_none()
        && point.starts_with('/')
        && (options == "rw"
            || options == "ro"
            || options.starts_with("rw,")
            || options.starts_with("ro,"))
        && dump.bytes().all(|b| b.is_ascii_digit())
        && pass.bytes().all(|b| b.is_ascii_digit());
    well_formed.then_some(Mount {
        source,
        point,
        fs_type,
        options,
    })
}

fn any_mount_line(line: &str) -> Option<Mount<'_>> {
    mount_line(line).or_else(|| proc_mounts_line(line))
}

/// /proc/mounts escapes blanks in paths as octal (`\040`).
fn unescape(path: &str) -> String {
    path.replace("\\040", " ")
        .replace("\\011", "\t")
        .replace("\\012", "\n")
        .replace("\\134", "\\")
}

impl CaptureParser for Mounts {
    fn tool(&self) -> &'static str {
        "mounts"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut mounts = 0usize;
        let mut other = 0usize;
        for line in head.lines().take(200) {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if any_mount_line(line).is_some() {
                mounts += 1;
            } else {
                other += 1;
            }
        }
        (mounts >= 1 && other * 20 <= mounts).then_some(85)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut seen: HashSet<String> = HashSet::new();
        let mut mounts = 0;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            let n = line.number;
            if text.is_empty() {
                continue;
            }
            let Some(mount) = any_mount_line(text) else {
                let message = if line.cut_off {
                    CUT_OFF_LINE
                } else {
                    "not a mount line; ignored"
                };
                sink.warn(n, message);
                continue;
            };
            if line.cut_off {
                // /proc/mounts lines end in the pass number: a cut one may have lost
                // digits of it but nothing we keep; a `mount` line must end in `)`.
                sink.warn(n, "last line has no line end (truncated file?)");
            }
            mounts += 1;
            if !mount.source.starts_with('/') {
                continue;
            }
            let Some(label) = device_label(&unescape(mount.source)) else {
                continue;
            };
            if !seen.insert(label.clone()) {
                continue;
            }
            sink.text(format!("fs.{label}.mount_point"), unescape(mount.point), n);
            sink.text(format!("fs.{label}.type"), mount.fs_type, n);
            sink.text(format!("fs.{label}.options"), mount.options, n);
        }
        if mounts == 0 {
            return Err(ParseError::whole_file(
                "no mount lines (`<dev> on <dir> type <fs> (<options>)` or /proc/mounts) found",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_layouts() {
        let expected = Mount {
            source: "/dev/nvme0n1p1",
            point: "/data",
            fs_type: "xfs",
            options: "rw,noatime",
        };
        assert_eq!(
            mount_line("/dev/nvme0n1p1 on /data type xfs (rw,noatime)"),
            Some(expected)
        );
        assert_eq!(
            proc_mounts_line("/dev/nvme0n1p1 /data xfs rw,noatime 0 0")
                .unwrap()
                .point,
            "/data"
        );
        // fstab: options are not the kernel's rw/ro list.
        assert_eq!(proc_mounts_line("UUID=1234 /data xfs defaults 0 0"), None);
        assert_eq!(mount_line("shared_buffers = 128MB"), None);
    }

    #[test]
    fn unescapes_blanks() {
        assert_eq!(unescape("/mnt/my\\040disk"), "/mnt/my disk");
    }
}
