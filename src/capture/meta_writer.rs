//! Writes the bundle's `bundle.yaml`: the `capture` section (how the bundle was taken)
//! under whatever a consultant already declared there, with commented examples of the
//! declarations only a person can make. It is rewritten as the capture goes (first
//! `in_progress`, at the end `complete` or `interrupted`) through a temporary file and
//! a rename, so the bundle always holds a whole, valid bundle.yaml.

use super::bundle_dir::BundleDir;
use crate::bundle::META_FILE;
use crate::bundle::bundle_yaml::{CaptureRecord, MetaFile};
use crate::files::yaml_file::without_top_level_key;
use serde::Serialize;
use std::io::{self, Write};

const TEMPORARY: &str = ".bundle.yaml.tmp";

const TEMPLATE: &str = "\
# bundle.yaml: the `capture` section is written by `perfsage capture`.
# Declare here what the captures cannot say, for example:
# role: db                 # db | app | loadgen | hypervisor
# platform: physical       # physical | vm
# workload: sysbench oltp_read_write
# target: {metric: tps, value: 4000}
# notes: free text
";

#[derive(Serialize)]
struct Body<'a> {
    capture: &'a CaptureRecord,
}

/// The declarations of an existing bundle.yaml (its text without a `capture`
/// section), or the commented template when there is none.
pub fn declarations(existing: Option<&str>) -> String {
    match existing {
        None => TEMPLATE.to_string(),
        Some(text) => without_top_level_key(text, "capture"),
    }
}

/// Writes bundle.yaml: `declarations` followed by the capture section.
pub fn write(dir: &mut BundleDir, declarations: &str, record: &CaptureRecord) -> io::Result<()> {
    let text = render(declarations, record)?;
    // The rendered file must read back; a failure here is a bug, not bad input.
    if let Err(e) = MetaFile::parse(META_FILE, text.clone()) {
        return Err(io::Error::other(format!(
            "bundle.yaml would not read back: {e}"
        )));
    }
    let mut file = dir.create(TEMPORARY)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    std::fs::rename(dir.path(TEMPORARY), dir.path(META_FILE))?;
    dir.discard(TEMPORARY);
    dir.note_written(META_FILE);
    Ok(())
}

fn render(declarations: &str, record: &CaptureRecord) -> io::Result<String> {
    let capture = serde_yaml::to_string(&Body { capture: record })
        .map_err(|e| io::Error::other(e.to_string()))?;
    let mut text = declarations.to_string();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&capture);
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::bundle_yaml::{CaptureState, CollectorRecord, CollectorStatus};

    fn record() -> CaptureRecord {
        CaptureRecord {
            perfsage_version: "0.1.0".into(),
            command: "perfsage capture -o x".into(),
            hostname: "vm".into(),
            kernel: "6.1.0".into(),
            started: "2026-12-02T12:40:11Z".into(),
            state: CaptureState::Complete,
            interval_s: 1,
            collectors: vec![CollectorRecord {
                name: "dmidecode".into(),
                status: CollectorStatus::Failed,
                files: Vec::new(),
                reason: Some("exit status 1: /dev/mem: No such file or directory".into()),
            }],
            ..CaptureRecord::default()
        }
    }

    #[test]
    fn the_written_file_reads_back_with_its_declarations() {
        let declared =
            "host: db1\nrole: db\ncapture:\n  old: section\n  more: lines\nnotes: kept\n";
        let kept = declarations(Some(declared));
        assert_eq!(kept, "host: db1\nrole: db\nnotes: kept\n");
        let text = render(&kept, &record()).unwrap();
        let meta = MetaFile::parse(META_FILE, text).unwrap().meta;
        assert_eq!(meta.host.as_deref(), Some("db1"));
        assert_eq!(meta.notes.as_deref(), Some("kept"));
        let capture = meta.capture.unwrap();
        assert_eq!(capture, record());
    }

    #[test]
    fn a_new_bundle_gets_the_commented_template() {
        let text = render(&declarations(None), &record()).unwrap();
        assert!(text.starts_with("# bundle.yaml"), "{text}");
        assert!(text.contains("# role: db"), "{text}");
        let meta = MetaFile::parse(META_FILE, text).unwrap().meta;
        assert!(meta.role.is_none());
        assert_eq!(meta.capture.unwrap().state, CaptureState::Complete);
    }

    #[test]
    fn writes_through_a_temporary_file() {
        let folder = tempfile::tempdir().unwrap();
        let mut dir = BundleDir::prepare(&folder.path().join("b"), false).unwrap();
        write(&mut dir, &declarations(None), &record()).unwrap();
        assert_eq!(dir.written(), [META_FILE]);
        assert!(!dir.path(TEMPORARY).exists());
    }
}
