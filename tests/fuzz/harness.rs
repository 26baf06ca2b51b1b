//! What every fuzz target shares: how many cases to run, the seeds, the time bound,
//! and keeping a failing input where it can be replayed.

use perfsage::rules::cpu_clock::thread_cpu_time;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// How long a target runs: a case budget, or seconds from the environment.
pub struct Budget {
    cases: u64,
    until: Option<Instant>,
    pub first_seed: u64,
}

impl Budget {
    /// `default_cases` when `PERFSAGE_FUZZ_SECONDS` is unset.
    pub fn new(default_cases: u64) -> Budget {
        let seconds = std::env::var("PERFSAGE_FUZZ_SECONDS")
            .ok()
            .and_then(|s| s.parse::<u64>().ok());
        let first_seed = std::env::var("PERFSAGE_FUZZ_SEED")
            .ok()
            .and_then(|s| s.parse::<u64>().ok())
            .unwrap_or(1);
        Budget {
            cases: if seconds.is_some() {
                u64::MAX
            } else {
                default_cases
            },
            until: seconds.map(|s| Instant::now() + Duration::from_secs(s)),
            first_seed,
        }
    }

    /// Whether case number `done` (counting from 0) still runs.
    pub fn more(&self, done: u64) -> bool {
        done < self.cases && self.until.is_none_or(|t| Instant::now() < t)
    }
}

/// The longest a case of `bytes` input may take: far above what linear work needs
/// (about 1 µs per byte in a release build, ten times that in debug), far below a hang.
pub fn time_limit(bytes: usize) -> Duration {
    let per_byte_ns: u64 = if cfg!(debug_assertions) {
        10_000
    } else {
        1_000
    };
    Duration::from_millis(if cfg!(debug_assertions) { 3_000 } else { 500 })
        + Duration::from_nanos(per_byte_ns * bytes as u64)
}

/// Runs `case` and returns its result with what it cost: the CPU time of this thread,
/// which a machine busy with other work (a build beside the tests, a load average of
/// three times the cores) does not inflate as it does wall time. A case that waits
/// instead of working (on a lock, a child, a thread it started) costs its wall time
/// once that is far past the limit, so a hang still fails. Over the limit, the case
/// runs up to twice more and the cheapest run counts: slow code is slow every time.
pub fn timed_fairly<T>(limit: Duration, mut case: impl FnMut() -> T) -> (T, Duration) {
    const HANG: u32 = 20;
    let mut cheapest = Duration::MAX;
    let mut result;
    let mut runs = 0;
    loop {
        let (wall, cpu) = (Instant::now(), thread_cpu_time());
        result = case();
        let (wall, cpu) = (wall.elapsed(), thread_cpu_time() - cpu);
        cheapest = cheapest.min(if wall > limit * HANG { wall } else { cpu });
        runs += 1;
        if cheapest <= limit || runs == 3 {
            return (result, cheapest);
        }
    }
}

/// Saves a failing input and returns the message to fail with.
pub fn keep_failure(target: &str, seed: u64, name: &str, bytes: &[u8], problem: &str) -> String {
    let dir = root().join("target").join("fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join(format!("{target}-seed{seed}-{}", sanitize(name)));
    let _ = std::fs::write(&file, bytes);
    format!(
        "{target}, seed {seed}, from {name}: {problem}\n  input kept in {}\n  rerun: PERFSAGE_FUZZ_SEED={seed} cargo test --release --test fuzz {target}\n  (a capture alone: PERFSAGE_FUZZ_REPLAY={} cargo test --release --test fuzz {target})",
        file.display(),
        file.display()
    )
}

fn sanitize(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Every file under `dir` (recursively) that `keep` accepts, sorted.
pub fn files(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if keep(&path) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// `bytes` gzip-compressed, as captures and bundles arrive compressed.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}
