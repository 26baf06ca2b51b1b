//! Detection never confuses formats: every fixture is claimed by exactly the parser
//! for its tool, and output of tools perfsage does not read is claimed by none.
//!
//! Which tool a fixture holds is known from where it lives: `fixtures/<tool>/` (a `_`
//! in the folder name stands for `-` in the tool name), or, inside a bundle, from the
//! file name's start (`mpstat.txt`, `sysbench_oltp_4t.txt`). A pasted transcript is
//! checked section by section: no section may be claimed twice.

use crate::support::*;
use perfsage::parse::detect::{HEAD_BYTES, claimants};
use perfsage::parse::parsers;
use perfsage::parse::transcript::{looks_like_transcript, split};
use perfsage::text::encoding::{ContentKind, Utf8Reader, classify};
use perfsage::tools::specs;
use std::io::Read;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            files(&path, out);
        } else if name != "README.md" && !name.ends_with(".yaml") && !name.ends_with(".py") {
            out.push(path);
        }
    }
}

/// A gzip file's content, as perfsage reads `perf_script.txt.gz`; other bytes as they are.
fn gunzipped(bytes: Vec<u8>) -> Vec<u8> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return bytes;
    }
    let mut text = Vec::new();
    flate2::read::MultiGzDecoder::new(&bytes[..])
        .read_to_end(&mut text)
        .unwrap();
    text
}

/// The head as detection sees it: GBK and UTF-16 captures are decoded first.
fn decoded_head(bytes: &[u8]) -> String {
    let head = &bytes[..bytes.len().min(HEAD_BYTES)];
    match classify(head, head.len() == bytes.len()) {
        ContentKind::Text(encoding) => {
            let mut text = String::new();
            Utf8Reader::new(head, encoding)
                .read_to_string(&mut text)
                .unwrap();
            text
        }
        _ => String::from_utf8_lossy(head).into_owned(),
    }
}

fn is_tool(name: &str) -> bool {
    parsers().iter().any(|p| p.tool() == name)
}

/// The tool a fixture was recorded with, or `None` for output perfsage does not read.
fn expected_tool(path: &Path) -> Option<String> {
    let in_bundle = path
        .components()
        .any(|c| c.as_os_str() == "bundles" || c.as_os_str() == "bundle");
    if in_bundle {
        // A file starts with its tool's name (`proc_vmstat.txt`: proc-vmstat,
        // `perf_script.txt.gz`); else perfsage capture named it for the tool whose
        // collector writes it (`ss_tcp.txt`: ss-info, `settings.txt`: the settings
        // snapshot).
        let file_name = path.file_name().unwrap().to_string_lossy();
        let name = file_name.replace('_', "-");
        let by_name = parsers()
            .iter()
            .map(|p| p.tool())
            .filter(|tool| name.starts_with(tool))
            .max_by_key(|tool| tool.len());
        let by_collector = || {
            specs()
                .iter()
                .find(|spec| {
                    spec.collectors
                        .iter()
                        .any(|c| c.files.contains(&file_name.as_ref()))
                })
                .map(|spec| spec.id)
        };
        return by_name.or_else(by_collector).map(str::to_string);
    }
    // The folder right under fixtures/ names the tool (fixtures/cgroup/bare/db/cpu.stat).
    let relative = path.strip_prefix(root().join("fixtures")).ok()?;
    let dir = relative
        .components()
        .next()?
        .as_os_str()
        .to_string_lossy()
        .replace('_', "-");
    (relative.components().count() > 1 && is_tool(&dir)).then_some(dir)
}

#[test]
fn every_fixture_is_claimed_by_exactly_its_tool() {
    let mut all = Vec::new();
    files(&root().join("fixtures"), &mut all);
    files(&root().join("cases"), &mut all);
    let mut claimed = 0;
    for path in &all {
        // Notes next to bundles describe them; they are not captures.
        if path.extension().is_some_and(|e| e == "md")
            && path.parent().unwrap().ends_with("bundles")
        {
            continue;
        }
        let bytes = gunzipped(std::fs::read(path).unwrap());
        let head = decoded_head(&bytes);
        // A pasted transcript is read section by section: each section must be
        // claimed by exactly one parser.
        if looks_like_transcript(&head) {
            let text = String::from_utf8_lossy(&bytes);
            for section in split(&text) {
                let body = &text[section.start..section.end];
                let got = claimants(body);
                assert!(
                    got.len() <= 1,
                    "{} line {}: claimed by {got:?}",
                    path.display(),
                    section.first_line
                );
                claimed += got.len();
            }
            continue;
        }
        let got = claimants(&head);
        // perfsage capture's `benchmark.txt` holds whichever benchmark ran.
        if path.ends_with("benchmark.txt") {
            assert!(got.len() <= 1, "{} claimed by {got:?}", path.display());
            claimed += got.len();
            continue;
        }
        match expected_tool(path) {
            Some(tool) => {
                assert_eq!(got, vec![tool.as_str()], "{}", path.display());
                claimed += 1;
            }
            None => assert!(got.is_empty(), "{} claimed by {got:?}", path.display()),
        }
    }
    assert!(claimed >= 30, "only {claimed} fixtures claimed");
}
