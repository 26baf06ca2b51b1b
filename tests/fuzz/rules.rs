//! Rule files, mutated: a consultant's broken rule must be refused with its file and
//! line, never panic or hang the loader (top-level code runs under a time budget).

use crate::harness::{Budget, files, keep_failure, root};
use crate::mutate::{Rng, mutate};
use perfsage::knowledge::KnowledgeBase;
use std::time::{Duration, Instant};

#[test]
fn rule_files() {
    let seeds: Vec<(String, Vec<u8>)> = files(&root().join("rules"), &|p| {
        p.extension().is_some_and(|e| e == "rhai")
    })
    .into_iter()
    .map(|p| {
        (
            p.file_name().unwrap().to_string_lossy().into_owned(),
            std::fs::read(&p).unwrap(),
        )
    })
    .collect();
    assert!(seeds.len() >= 20);
    let work = tempfile::tempdir().unwrap();
    let budget = Budget::new(40);
    let mut done = 0;
    while budget.more(done) {
        let seed = budget.first_seed + done;
        let mut rng = Rng::new(seed);
        let (name, original) = &seeds[rng.below(seeds.len())];
        let (_, donor) = &seeds[rng.below(seeds.len())];
        let rule = mutate(&mut rng, original, donor);
        let dir = work.path().join(format!("case{seed}"));
        std::fs::create_dir_all(&dir).unwrap();
        // A new id, so the rule is not refused merely for repeating a built-in one.
        let text = String::from_utf8_lossy(&rule).replace("id: \"", "id: \"fuzz_");
        std::fs::write(dir.join(name), text.as_bytes()).unwrap();
        let started = Instant::now();
        let outcome = KnowledgeBase::load(std::slice::from_ref(&dir));
        let took = started.elapsed();
        let problem = if took > Duration::from_secs(if cfg!(debug_assertions) { 60 } else { 10 }) {
            Some(format!("loading took {took:?}"))
        } else {
            match &outcome {
                Err(e) if !format!("{e:#}").contains(name.as_str()) => {
                    Some(format!("refused without naming {name}: {e:#}"))
                }
                _ => None,
            }
        };
        if let Some(problem) = problem {
            panic!(
                "{}",
                keep_failure("rules", seed, name, text.as_bytes(), &problem)
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
        done += 1;
    }
    eprintln!("fuzz rules: {done} cases from {} seeds", seeds.len());
}
