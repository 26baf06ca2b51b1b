//! `case.yaml`: where a case comes from, what environment it describes, which of its
//! captures are reconstructed rather than recorded, and its bundles in the order the
//! engagement produced them.

use crate::error::InputError;
use serde::Deserialize;
use std::path::{Path, PathBuf};

pub const CASE_FILE: &str = "case.yaml";

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseSource {
    /// File name under the shared `seeds/` folder.
    pub seed: String,
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
        let name = path.display().to_string();
        let text =
            std::fs::read_to_string(&path).map_err(|e| InputError::new(&name, e.to_string()))?;
        let mut case: Case =
            serde_yaml::from_str(&text).map_err(|e| InputError::yaml(&name, &e))?;
        if case.bundles.is_empty() {
            return Err(InputError::new(name, "a case needs at least one bundle"));
        }
        case.dir = dir.to_path_buf();
        Ok(case)
    }

    pub fn bundle_path(&self, bundle: &CaseBundle) -> PathBuf {
        self.dir.join(&bundle.path)
    }

    /// Every case folder directly under `root`, sorted by name.
    pub fn discover(root: &Path) -> Result<Vec<Case>, InputError> {
        let name = root.display().to_string();
        let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
            .map_err(|e| InputError::new(&name, e.to_string()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| Case::is_case(p))
            .collect();
        dirs.sort();
        dirs.iter().map(|d| Case::load(d)).collect()
    }
}
