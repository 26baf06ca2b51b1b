//! `case.yaml`: where a case comes from, what environment it describes, which of its
//! captures are reconstructed rather than recorded, and its bundles in the order the
//! engagement produced them.

use crate::bundle::display_name;
use crate::error::InputError;
use crate::files::regular_file::describe_io;
use crate::files::yaml_file::{self, from_yaml};
use serde::Deserialize;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

pub const CASE_FILE: &str = "case.yaml";

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseSource {
    /// File name under the shared `seeds/` folder; absent for an engagement recorded
    /// with perfsage rather than taken from a document.
    #[serde(default)]
    pub seed: Option<String>,
    pub document: String,
    #[serde(default)]
    pub url: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseBundle {
    pub id: String,
    /// Folder or archive, relative to the case folder.
    pub path: String,
    pub description: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub id: String,
    pub title: String,
    pub source: CaseSource,
    pub environment: String,
    /// What in the bundles was written from the document's figures rather than
    /// recorded by running the tools, and how.
    pub reconstructed: String,
    pub bundles: Vec<CaseBundle>,
    #[serde(skip)]
    pub dir: PathBuf,
}

impl Case {
    /// Whether `dir` is a case folder.
    pub fn is_case(dir: &Path) -> bool {
        dir.join(CASE_FILE).is_file()
    }

    pub fn load(dir: &Path) -> Result<Case, InputError> {
        let path = dir.join(CASE_FILE);
        let name = display_name(path.as_os_str());
        let text = yaml_file::read(&path)
            .and_then(|text| text.ok_or_else(|| "no such file or folder".to_string()))
            .map_err(|message| InputError::new(&name, message))?;
        let mut case: Case = from_yaml(&text).map_err(|e| InputError::yaml(&name, &e))?;
        if case.bundles.is_empty() {
            return Err(InputError::new(name, "a case needs at least one bundle"));
        }
        let mut seen = HashSet::new();
        for bundle in &case.bundles {
            let line = bundle_id_line(&text, &bundle.id);
            if let Some(problem) = bundle_id_problem(&bundle.id) {
                return Err(InputError::at_line(&name, line, problem));
            }
            if !seen.insert(bundle.id.as_str()) {
                return Err(InputError::at_line(
                    &name,
                    line,
                    format!(
                        "bundle id {:?} is given twice: each bundle's report is named after its id",
                        bundle.id
                    ),
                ));
            }
        }
        case.dir = dir.to_path_buf();
        Ok(case)
    }

    pub fn bundle_path(&self, bundle: &CaseBundle) -> PathBuf {
        self.dir.join(&bundle.path)
    }

    /// Every case folder directly under `root`, sorted by name.
    pub fn discover(root: &Path) -> Result<Vec<Case>, InputError> {
        let name = display_name(root.as_os_str());
        let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
            .map_err(|e| InputError::new(&name, describe_io(&e)))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| Case::is_case(p))
            .collect();
        dirs.sort();
        dirs.iter().map(|d| Case::load(d)).collect()
    }
}

/// Why `id` cannot name a bundle: ids become parts of report file names
/// (`report.<id>.html`), so they may not climb out of the folder or hide.
fn bundle_id_problem(id: &str) -> Option<String> {
    let bad = if id.is_empty() {
        "is empty"
    } else if id.contains(['/', '\\']) {
        "holds a path separator"
    } else if id.starts_with('.') {
        "starts with a dot"
    } else if id.chars().any(char::is_control) {
        "holds a control character"
    } else {
        return None;
    };
    Some(format!(
        "bundle id {id:?} {bad}: ids name report files, so they are plain names"
    ))
}

/// The line of `id: <id>` in the case file, for messages.
fn bundle_id_line(text: &str, id: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            let line = line.trim_start().trim_start_matches("- ").trim_start();
            line.strip_prefix("id:")
                .is_some_and(|rest| rest.trim().trim_matches(['"', '\'']) == id)
        })
        .map(|index| index + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundle_ids_are_plain_names() {
        for bad in [
            "",
            "x/../../victim/pwned",
            "..",
            ".hidden",
            "a\\b",
            "tab\there",
        ] {
            assert!(bundle_id_problem(bad).is_some(), "{bad:?}");
        }
        for good in ["before", "raw-disk_2", "绑核"] {
            assert_eq!(bundle_id_problem(good), None, "{good:?}");
        }
        let text = "bundles:\n  - id: before\n    path: a\n  - id: \"after\"\n";
        assert_eq!(bundle_id_line(text, "after"), Some(4));
    }
}
