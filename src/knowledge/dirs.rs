//! Reads a rule directory given with `--rules` (or to `rules lint` / `rules test`):
//! every `*.rhai` rule below it (those in `lib/` are shared functions), its
//! `methodology.yaml`, its `thresholds.yaml` and every `*.test.yaml`, in
//! path order. Files are named in messages as the directory given joined with their
//! path inside it, so an editor can open them.

use super::threshold_overrides::THRESHOLDS_FILE;
use super::{METHODOLOGY_FILE, RuleLayer, TEST_SUFFIX};
use crate::error::InputError;
use crate::files::regular_file::read_small;
use crate::files::yaml_file;
use crate::rules::loader::RuleSource;
use crate::rules::prelude::is_lib_path;
use std::fs;
use std::path::{Path, PathBuf};

pub fn read_rule_dir(dir: &Path) -> Result<RuleLayer, InputError> {
    let name = dir.display().to_string();
    if !dir.is_dir() {
        return Err(InputError::new(
            name,
            "not a rule directory (no such folder)",
        ));
    }
    let mut files = Vec::new();
    collect(dir, &mut files).map_err(|e| InputError::new(&name, e.to_string()))?;
    files.sort();
    let mut layer = RuleLayer {
        dir: Some(dir.to_path_buf()),
        rules: Vec::new(),
        lib: Vec::new(),
        methodology: None,
        thresholds: None,
        tests: Vec::new(),
    };
    for path in files {
        let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let Some(file_name) = file_name else { continue };
        let is_rule = file_name.ends_with(".rhai");
        let is_test = file_name.ends_with(TEST_SUFFIX);
        let is_methodology = file_name == METHODOLOGY_FILE;
        let is_thresholds = file_name == THRESHOLDS_FILE;
        if !(is_rule || is_test || is_methodology || is_thresholds) {
            continue;
        }
        let shown = path.display().to_string().replace('\\', "/");
        let text = read_small(&path, yaml_file::MAX_BYTES)
            .and_then(|bytes| bytes.ok_or_else(|| "no such file or folder".to_string()))
            .and_then(|bytes| {
                String::from_utf8(bytes).map_err(|_| "cannot read it as UTF-8 text".to_string())
            })
            .map_err(|message| InputError::new(&shown, message))?;
        let relative = path
            .strip_prefix(dir)
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        let source = RuleSource { path: shown, text };
        if is_rule && is_lib_path(&relative) {
            layer.lib.push(source);
        } else if is_rule {
            layer.rules.push(source);
        } else if is_test {
            layer.tests.push(source);
        } else if is_thresholds {
            if let Some(first) = &layer.thresholds {
                return Err(InputError::new(
                    source.path,
                    format!(
                        "a rule directory has one {THRESHOLDS_FILE}; {} is another",
                        first.path
                    ),
                ));
            }
            layer.thresholds = Some(source);
        } else if let Some(first) = &layer.methodology {
            return Err(InputError::new(
                source.path,
                format!(
                    "a rule directory has one {METHODOLOGY_FILE}; {} is another",
                    first.path
                ),
            ));
        } else {
            layer.methodology = Some(source);
        }
    }
    if layer.files().next().is_none() {
        return Err(InputError::new(
            name,
            format!("no rules (*.rhai), {METHODOLOGY_FILE} or rule tests (*{TEST_SUFFIX}) in it"),
        ));
    }
    Ok(layer)
}

/// Files below `dir`, skipping hidden entries (`.git`).
fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}
