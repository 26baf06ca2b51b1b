//! `expected.yaml`: per bundle and host, the diagnosis a case must produce — the
//! verdict, the steps in order, the findings in order, rules that must stay quiet,
//! and key facts.
//!
//! ```yaml
//! bundles:
//!   vm-64c-virtual-disk:
//!     greatdb-db1:
//!       bottleneck: storage
//!       steps: [cpu, storage, virtualization, concurrency]
//!       findings: [resource.cpu_headroom, storage.disk_saturated]
//!       quiet: [resource.cpu_saturated]
//!       facts:
//!         bench.knee.threads: 256
//! ```

use crate::bundle::display_name;
use crate::error::InputError;
use crate::files::yaml_file::{self, from_yaml};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

pub const EXPECTED_FILE: &str = "expected.yaml";

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedHost {
    pub bottleneck: String,
    pub steps: Vec<String>,
    pub findings: Vec<String>,
    #[serde(default)]
    pub quiet: Vec<String>,
    #[serde(default)]
    pub facts: BTreeMap<String, serde_yaml::Value>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// bundle id → host name → expectation.
    pub bundles: BTreeMap<String, BTreeMap<String, ExpectedHost>>,
}

impl Expected {
    pub fn load(case_dir: &Path) -> Result<Expected, InputError> {
        let path = case_dir.join(EXPECTED_FILE);
        let name = display_name(path.as_os_str());
        let text = yaml_file::read(&path)
            .and_then(|text| text.ok_or_else(|| "no such file or folder".to_string()))
            .map_err(|message| InputError::new(&name, message))?;
        from_yaml(&text).map_err(|e| InputError::yaml(name, &e))
    }
}
