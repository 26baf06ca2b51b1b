//! The collectors `perfsage capture` runs, gathered from the tool specs in the order
//! they start (what samples throughout first, then what runs once at the start, under
//! load, at the end, and at both ends): what the scheduler starts and `--check` prints.

pub use crate::tools::collector::{Collector, Id, Package, When};
use std::sync::LazyLock;

pub const SYSSTAT_SAMPLERS: [Id; 3] = [Id::Mpstat, Id::Iostat, Id::Sar];

/// Every collector of every tool spec, in the order they start and are listed.
pub fn collectors() -> &'static [&'static Collector] {
    static ALL: LazyLock<Vec<&'static Collector>> = LazyLock::new(|| {
        let mut all: Vec<&Collector> = crate::tools::specs()
            .iter()
            .flat_map(|spec| spec.collectors)
            .collect();
        all.sort_by_key(|c| c.when);
        all
    });
    &ALL
}

/// The file the benchmark's output goes to.
pub const BENCHMARK_FILE: &str = "benchmark.txt";

/// The table entry of `id`.
pub fn collector(id: Id) -> &'static Collector {
    collectors()
        .iter()
        .copied()
        .find(|c| c.id == id)
        .expect("every collector id has a table entry")
}

/// The collector `name` names (as `--skip` takes it), if any.
pub fn by_name(name: &str) -> Option<&'static Collector> {
    collectors().iter().copied().find(|c| c.name == name)
}

/// Every capture file a capture may write (bundle.yaml aside): what `--force` clears.
pub fn all_files() -> impl Iterator<Item = &'static str> {
    collectors()
        .iter()
        .flat_map(|c| c.files.iter().copied())
        .chain([BENCHMARK_FILE])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn names_and_files_are_unique_and_every_id_is_listed() {
        let names: HashSet<_> = collectors().iter().map(|c| c.name).collect();
        assert_eq!(names.len(), collectors().len());
        let files: Vec<_> = all_files().collect();
        let unique: HashSet<_> = files.iter().collect();
        assert_eq!(unique.len(), files.len());
        let ids: HashSet<_> = collectors().iter().map(|c| c.id).collect();
        assert_eq!(ids.len(), collectors().len());
        assert_eq!(collector(Id::Numastat).name, "numastat");
        assert_eq!(by_name("sar").map(|c| c.id), Some(Id::Sar));
        assert!(by_name("nonsense").is_none());
    }

    #[test]
    fn files_are_plain_names_in_the_bundle_root() {
        for file in all_files() {
            assert!(!file.contains('/') && !file.is_empty(), "{file}");
        }
    }
}
