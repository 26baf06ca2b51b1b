//! `xfs_info <mount point | device | image>` (xfsprogs): the geometry of an XFS file
//! system. The MogDB tuning guide formats the data file system with an 8 KB block to
//! match the database page; the data block size (`bsize=` on the `data` line) is what
//! a rule compares.
//!
//! ```text
//! meta-data=/dev/loop1             isize=512    agcount=4, agsize=32768 blks
//!          =                       sectsz=512   attr=2, projid32bit=1
//!          =                       crc=1        finobt=1, sparse=1, rmapbt=0
//!          =                       reflink=1    bigtime=1 inobtcount=1 nrext64=0
//! data     =                       bsize=8192   blocks=131072, imaxpct=25
//!          =                       sunit=0      swidth=0 blks
//! naming   =version 2              bsize=8192   ascii-ci=0, ftype=1
//! log      =internal log           bsize=8192   blocks=8192, version=2
//!          =                       sectsz=512   sunit=0 blks, lazy-count=1
//! realtime =none                   extsz=8192   blocks=0, rtextents=0
//! ```
//!
//! Older xfsprogs (4.x) print the same sections with fewer feature flags. Several
//! outputs may follow one another (`for m in /data /wal; do xfs_info $m; done`); each
//! `meta-data=` line starts one.
//!
//! Facts, labelled by the last component of the `meta-data=` device (`/dev/nvme0n1p1`
//! → `nvme0n1p1`, as `mount` output is): `fs.<dev>.type` = `xfs`,
//! `fs.<dev>.block_size_kib` (data block size).

use crate::facts::Unit;
use crate::parse::instance_label::device_label;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_u64;

pub struct XfsInfo;

/// The value of `name=` among the words of a line (`bsize=4096` → `4096`).
fn setting<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.split(|c: char| c.is_whitespace() || c == ',')
        .find_map(|word| word.strip_prefix(name)?.strip_prefix('='))
}

/// The device of a `meta-data=<device> …` line.
fn meta_data_device(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("meta-data=")?;
    rest.split_whitespace().next()
}

/// The section name of a line such as `data     =   bsize=4096 …`.
fn section(line: &str) -> Option<&str> {
    let (name, _) = line.split_once('=')?;
    let name = name.trim();
    (!name.is_empty()).then_some(name)
}

impl CaptureParser for XfsInfo {
    fn tool(&self) -> &'static str {
        "xfs-info"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines().map(str::trim).filter(|l| !l.is_empty());
        let first = lines.next()?;
        meta_data_device(first)?;
        lines
            .take(12)
            .any(|l| section(l) == Some("data") && setting(l, "bsize").is_some())
            .then_some(95)
    }

    fn starts_section(&self, line: &str) -> bool {
        meta_data_device(line).is_some()
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut device: Option<(String, u64)> = None;
        let mut found = 0;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let n = line.number;
            if let Some(path) = meta_data_device(&text) {
                if let Some((label, at)) = &device {
                    sink.warn(*at, format!("no data section for {label}"));
                }
                device = device_label(path).map(|label| (label, n));
                if device.is_none() {
                    sink.warn(n, "meta-data= names no device; output ignored");
                }
                continue;
            }
            if section(&text) != Some("data") {
                continue;
            }
            let Some((label, _)) = device.take() else {
                sink.warn(
                    n,
                    "data section without a meta-data= line before it; ignored",
                );
                continue;
            };
            let bytes = setting(&text, "bsize").and_then(|b| parse_u64(b.as_bytes()));
            match bytes {
                Some(bytes) if !line.cut_off && bytes > 0 => {
                    sink.text(format!("fs.{label}.type"), "xfs", n);
                    sink.number(
                        format!("fs.{label}.block_size_kib"),
                        bytes as f64 / 1024.0,
                        Unit::Kibibytes,
                        n,
                    );
                    found += 1;
                }
                _ if line.cut_off => sink.warn(n, "data line is cut off (truncated file); ignored"),
                _ => sink.warn(n, "data line has no bsize=<bytes>; ignored"),
            }
        }
        if let Some((label, at)) = device {
            sink.warn(
                at,
                format!("no data section for {label} (truncated output?)"),
            );
        }
        if found == 0 {
            return Err(ParseError::whole_file(
                "no xfs_info `meta-data=` and `data = bsize=` lines found",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_settings_and_sections() {
        let data = "data     =                       bsize=8192   blocks=131072, imaxpct=25";
        assert_eq!(section(data), Some("data"));
        assert_eq!(setting(data, "bsize"), Some("8192"));
        assert_eq!(setting(data, "imaxpct"), Some("25"));
        assert_eq!(
            section("         =                       sunit=0      swidth=0 blks"),
            None
        );
        assert_eq!(
            meta_data_device("meta-data=/dev/nvme0n1p1     isize=512"),
            Some("/dev/nvme0n1p1")
        );
    }
}
