//! The large inputs the parser benchmarks read, and the peak memory of one parse.
//! Each bench makes its input at start-up from a real fixture: a head written once,
//! a body repeated until the file holds `PERFSAGE_BENCH_MB` MiB (default 200), and a
//! tail, in a temporary folder deleted at the end; nothing large is checked in.

use divan::Bencher;
use divan::counter::BytesCount;
use perfsage::parse::{CaptureResult, read_capture};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

pub struct Input {
    _dir: tempfile::TempDir,
    pub path: PathBuf,
    /// The file name `read_capture` is given.
    pub name: &'static str,
    pub bytes: u64,
}

/// A fixture's text, by its path under `fixtures/`.
pub fn fixture(relative: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(relative);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `head`, then `body` as many times as it takes to reach the size, then `tail`.
pub fn build(name: &'static str, head: &[u8], body: &[u8], tail: &[u8]) -> Input {
    let target_mib: u64 = std::env::var("PERFSAGE_BENCH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join(name);
    let mut out = BufWriter::new(std::fs::File::create(&path).expect("bench input"));
    let mut write = |part: &[u8]| {
        out.write_all(part).expect("write bench input");
        part.len() as u64
    };
    let mut bytes = write(head);
    while bytes < target_mib << 20 {
        bytes += write(body);
    }
    bytes += write(tail);
    out.flush().expect("write bench input");
    Input {
        _dir: dir,
        path,
        name,
        bytes,
    }
}

/// `VmHWM` (peak resident memory) of this process in KiB.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Parses the input once with the peak-memory counter reset before (`clear_refs` 5),
/// so the peak printed is that of the parse, not of setting up; checks the tool that
/// read it and that facts came out, and returns the result for further checks.
pub fn report_peak_memory(input: &Input, tool: &str) -> CaptureResult {
    let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
    let before = peak_rss_kib();
    let mut results = read_capture(&input.path, input.name);
    let after = peak_rss_kib();
    let result = results.remove(0);
    assert_eq!(result.0.tool.as_deref(), Some(tool));
    assert!(!result.1.is_empty());
    println!(
        "{tool} parser over {} MiB: peak resident memory {} KiB (before the parse {} KiB{})",
        input.bytes >> 20,
        after.map_or("?".into(), |k| k.to_string()),
        before.map_or("?".into(), |k| k.to_string()),
        if reset {
            ""
        } else {
            "; peak counter could not be reset"
        },
    );
    result
}

/// Times `read_capture` (detection, encoding check, streaming parse to facts) over the
/// input, counting its bytes so divan prints the throughput.
pub fn bench_read_capture(bencher: Bencher, input: &Input) {
    bencher
        .counter(BytesCount::new(input.bytes))
        .bench(|| read_capture(&input.path, input.name));
}
