//! Throughput of the perf script parser on a large file, against inferno's perf
//! collapser (what `inferno-collapse-perf` runs) on the same bytes, plus the parser's
//! peak memory. The input is made at start-up by repeating the samples of the real
//! fixture `fixtures/perf-script/pg_oltp_callchain.txt` until the file holds
//! `PERFSAGE_BENCH_MB` MiB (default 200) in a temporary folder.
//!
//! Run with `cargo bench --bench perf_script`. Divan prints the time per pass and the
//! throughput (bytes per second) for each side; peak memory is printed before the table.

use divan::Bencher;
use divan::counter::BytesCount;
use inferno::collapse::Collapse;
use inferno::collapse::perf::{Folder, Options};
use perfsage::capture::read_capture;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

struct Input {
    _dir: tempfile::TempDir,
    path: PathBuf,
    bytes: u64,
}

fn input() -> &'static Input {
    static INPUT: OnceLock<Input> = OnceLock::new();
    INPUT.get_or_init(|| {
        let target_mib: u64 = std::env::var("PERFSAGE_BENCH_MB")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(200);
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/perf-script/pg_oltp_callchain.txt");
        let mut samples = std::fs::read(&fixture).expect("perf script fixture");
        // Each repetition must end with the blank line that closes a sample.
        while !samples.ends_with(b"\n\n") {
            samples.push(b'\n');
        }
        let dir = tempfile::tempdir().expect("temporary folder");
        let path = dir.path().join("perf_script.txt");
        let mut out = BufWriter::new(std::fs::File::create(&path).expect("bench input"));
        let mut bytes = 0u64;
        while bytes < target_mib << 20 {
            out.write_all(&samples).expect("write bench input");
            bytes += samples.len() as u64;
        }
        out.flush().expect("write bench input");
        Input {
            _dir: dir,
            path,
            bytes,
        }
    })
}

/// `VmHWM` (peak resident memory) of this process in KiB.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Parses the input once with the peak-memory counter reset before (`clear_refs` 5),
/// so the peak printed is that of the parse, not of setting up.
fn report_peak_memory(input: &Input) {
    let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
    let before = peak_rss_kib();
    let results = read_capture(&input.path, "perf_script.txt");
    let after = peak_rss_kib();
    let (report, facts) = &results[0];
    assert_eq!(report.tool.as_deref(), Some("perf-script"));
    assert!(!facts.is_empty());
    println!(
        "perf script parser over {} MiB: peak resident memory {} KiB (before the parse {} KiB{})",
        input.bytes >> 20,
        after.map_or("?".into(), |k| k.to_string()),
        before.map_or("?".into(), |k| k.to_string()),
        if reset {
            ""
        } else {
            "; peak counter could not be reset"
        },
    );
}

fn main() {
    report_peak_memory(input());
    divan::main();
}

/// perfsage's path for a capture: detection, encoding check, streaming parse to facts.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn perfsage_perf_script(bencher: Bencher) {
    let input = input();
    bencher
        .counter(BytesCount::new(input.bytes))
        .bench(|| read_capture(&input.path, "perf_script.txt"));
}

/// inferno's perf collapser with its defaults (all cores), reading the same file.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn inferno_collapse_perf(bencher: Bencher) {
    let input = input();
    bencher.counter(BytesCount::new(input.bytes)).bench(|| {
        let file = std::fs::File::open(&input.path).expect("bench input");
        Folder::from(Options::default())
            .collapse(BufReader::with_capacity(1 << 20, file), std::io::sink())
            .expect("inferno collapses")
    });
}
