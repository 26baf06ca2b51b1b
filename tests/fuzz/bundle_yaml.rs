//! bundle.yaml, mutated, beside an intact capture: a bad bundle.yaml may be refused
//! with its file named, but must never panic, hang, or cost the capture its facts.

use crate::harness::{Budget, files, keep_failure, root, time_limit, timed_fairly};
use crate::mutate::{Rng, mutate};
use perfsage::bundle::Bundle;
use perfsage::bundle::host_facts::read_bundle;
use std::path::Path;

fn check(dir: &Path, yaml: &[u8], capture: &[u8]) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("bundle.yaml"), yaml).unwrap();
    std::fs::write(dir.join("mpstat.txt"), capture).unwrap();
    let limit = time_limit(yaml.len() + capture.len());
    let (hosts, took) = timed_fairly(limit, || Bundle::open(dir).map(|b| read_bundle(&b).hosts));
    if took > limit {
        return Err(format!("took {took:?}"));
    }
    match hosts {
        Err(e) => {
            let message = e.to_string();
            if !message.contains("bundle.yaml") {
                return Err(format!("refused without naming bundle.yaml: {message}"));
            }
        }
        Ok(hosts) => {
            if !hosts.iter().any(|h| h.facts.contains("cpu.util_pct")) {
                return Err("the intact mpstat capture lost its facts".into());
            }
        }
    }
    Ok(())
}

#[test]
fn bundle_yaml() {
    let seeds: Vec<Vec<u8>> = [root().join("fixtures/bundles"), root().join("cases")]
        .iter()
        .flat_map(|d| files(d, &|p| p.file_name().is_some_and(|n| n == "bundle.yaml")))
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    assert!(seeds.len() >= 5, "only {} bundle.yaml seeds", seeds.len());
    let capture = std::fs::read(root().join("fixtures/mpstat/mpstat_all_24h.txt")).unwrap();
    let work = tempfile::tempdir().unwrap();
    let dir = work.path().join("bundle");
    let budget = Budget::new(400);
    let mut done = 0;
    while budget.more(done) {
        let seed = budget.first_seed + done;
        let mut rng = Rng::new(seed);
        let original = &seeds[rng.below(seeds.len())];
        let donor = &seeds[rng.below(seeds.len())];
        let yaml = mutate(&mut rng, original, donor);
        if let Err(problem) = check(&dir, &yaml, &capture) {
            panic!(
                "{}",
                keep_failure("bundle_yaml", seed, "bundle.yaml", &yaml, &problem)
            );
        }
        done += 1;
    }
    eprintln!("fuzz bundle_yaml: {done} cases from {} seeds", seeds.len());
}
