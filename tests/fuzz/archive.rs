//! .tar.gz bundles, damaged: the real bundles of `fixtures/bundles/` packed, then the
//! archive mutated before or after compression, opened and diagnosed. Nothing may
//! panic, hang or be written outside the unpack folder.

use crate::harness::{Budget, gzip, keep_failure, root, time_limit, timed_fairly};
use crate::mutate::{Rng, mutate};
use perfsage::bundle::Bundle;
use perfsage::bundle::host_facts::read_bundle;
use perfsage::diagnosis::diagnose;
use perfsage::knowledge::KnowledgeBase;
use std::path::Path;

fn tar_of(dir: &Path) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    builder.append_dir_all("bundle", dir).unwrap();
    builder.into_inner().unwrap()
}

#[test]
fn tar_gz_bundles() {
    let bundles = std::fs::read_dir(root().join("fixtures/bundles"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .map(|p| tar_of(&p))
        .collect::<Vec<_>>();
    assert!(bundles.len() >= 5);
    let kb = KnowledgeBase::builtin().unwrap();
    let work = tempfile::tempdir().unwrap();
    let path = work.path().join("b.tar.gz");
    let budget = Budget::new(60);
    let mut done = 0;
    while budget.more(done) {
        let seed = budget.first_seed + done;
        let mut rng = Rng::new(seed);
        let original = &bundles[rng.below(bundles.len())];
        let donor = &bundles[rng.below(bundles.len())];
        let archive = if rng.below(2) == 0 {
            gzip(&mutate(&mut rng, original, donor))
        } else {
            mutate(&mut rng, &gzip(original), &gzip(donor))
        };
        std::fs::write(&path, &archive).unwrap();
        // Compressed bytes stand for up to 100 times as many unpacked ones.
        let limit = time_limit(original.len() * 4);
        let ((), took) = timed_fairly(limit, || {
            if let Ok(bundle) = Bundle::open(&path) {
                diagnose(read_bundle(&bundle), &kb);
            }
        });
        if took > limit {
            let problem = format!("took {took:?}");
            panic!(
                "{}",
                keep_failure("tar_gz", seed, "b.tar.gz", &archive, &problem)
            );
        }
        done += 1;
    }
    eprintln!("fuzz tar_gz: {done} cases");
}
