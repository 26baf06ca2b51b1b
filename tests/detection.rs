//! Detection never confuses formats: every fixture is claimed by exactly the parser
//! for its tool, and output of tools perfsage does not read is claimed by none.

use crate::support::*;
use perfsage::capture::detect::{HEAD_BYTES, claimants};
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.file_name().unwrap() != "README.md"
            && path
                .extension()
                .is_none_or(|e| e != "md" || path.parent().unwrap().ends_with("scaling_table"))
        {
            out.push(path);
        }
    }
}

/// The tool a fixture was recorded with, from where it lives and what it is called.
fn expected_tool(path: &Path) -> Option<&'static str> {
    let name = path.file_name().unwrap().to_string_lossy();
    let dir = path
        .parent()
        .unwrap()
        .file_name()
        .unwrap()
        .to_string_lossy();
    for tool in ["mpstat", "iostat", "lscpu", "sysbench"] {
        if dir == tool || name.starts_with(tool) {
            return Some(tool);
        }
    }
    if dir == "scaling_table" {
        return Some("scaling-table");
    }
    None
}

#[test]
fn every_fixture_is_claimed_by_exactly_its_tool() {
    let mut all = Vec::new();
    files(&root().join("fixtures"), &mut all);
    files(&root().join("cases"), &mut all);
    let mut checked = 0;
    for path in all {
        if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "py")
        ) {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let head = String::from_utf8_lossy(&bytes[..bytes.len().min(HEAD_BYTES)]);
        let got = claimants(&head);
        match expected_tool(&path) {
            Some(tool) => assert_eq!(got, vec![tool], "{}", path.display()),
            None => assert!(got.is_empty(), "{} claimed by {got:?}", path.display()),
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} fixtures found");
}
