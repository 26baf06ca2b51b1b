//! Throughput of the sysstat parsers on day-long captures, through `read_capture` (what
//! `diagnose` runs for every file: encoding check, detection, streaming parse), plus
//! their peak memory. Each input is made at start-up from a real fixture: its `Linux …`
//! line, then its interval reports repeated until the file holds `PERFSAGE_BENCH_MB`
//! MiB (default 200), then its `Average:` block, in a temporary folder.
//!
//! - `mpstat_all`: `fixtures/mpstat/mpstat_all_24h.txt` (`mpstat -P ALL 1`, 2 CPUs).
//! - `iostat_x`: `fixtures/iostat/iostat_x_sysstat11.txt` (`iostat -x`, 2 devices).
//!
//! Run with `cargo bench --bench sysstat`. Divan prints the time per pass and the
//! throughput (bytes per second); peak memory is printed before the table.

use divan::Bencher;
use divan::counter::BytesCount;
use perfsage::capture::{CaptureStatus, read_capture};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

struct Input {
    _dir: tempfile::TempDir,
    path: PathBuf,
    name: &'static str,
    bytes: u64,
}

/// The fixture cut in three: the lines up to the first blank one (the `Linux …`
/// line), the interval reports, and the `Average:` block (empty when there is none).
fn cut(text: &str) -> (&str, &str, &str) {
    let body_start = text.find("\n\n").expect("a blank line after `Linux …`") + 2;
    let tail_start = text.find("\nAverage:").map_or(text.len(), |at| at + 1);
    (
        &text[..body_start],
        &text[body_start..tail_start],
        &text[tail_start..],
    )
}

fn build(fixture: &str, name: &'static str) -> Input {
    let target_mib: u64 = std::env::var("PERFSAGE_BENCH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(fixture);
    let text = std::fs::read_to_string(&path).expect("sysstat fixture");
    let (head, reports, tail) = cut(&text);
    let mut reports = reports.to_string();
    // Each repetition must end with the blank line that closes a report.
    while !reports.ends_with("\n\n") {
        reports.push('\n');
    }
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join(name);
    let mut out = BufWriter::new(std::fs::File::create(&path).expect("bench input"));
    out.write_all(head.as_bytes()).expect("write bench input");
    let mut bytes = head.len() as u64;
    while bytes < target_mib << 20 {
        out.write_all(reports.as_bytes())
            .expect("write bench input");
        bytes += reports.len() as u64;
    }
    out.write_all(tail.as_bytes()).expect("write bench input");
    bytes += tail.len() as u64;
    out.flush().expect("write bench input");
    Input {
        _dir: dir,
        path,
        name,
        bytes,
    }
}

fn mpstat() -> &'static Input {
    static INPUT: OnceLock<Input> = OnceLock::new();
    INPUT.get_or_init(|| build("mpstat/mpstat_all_24h.txt", "mpstat.txt"))
}

fn iostat() -> &'static Input {
    static INPUT: OnceLock<Input> = OnceLock::new();
    INPUT.get_or_init(|| build("iostat/iostat_x_sysstat11.txt", "iostat.txt"))
}

/// `VmHWM` (peak resident memory) of this process in KiB.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Parses the input once with the peak-memory counter reset before (`clear_refs` 5),
/// so the peak printed is that of the parse, not of setting up; checks that the whole
/// file was read without a warning.
fn report_peak_memory(input: &Input, tool: &str) {
    let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
    let before = peak_rss_kib();
    let results = read_capture(&input.path, input.name);
    let after = peak_rss_kib();
    let (report, facts) = &results[0];
    assert_eq!(report.tool.as_deref(), Some(tool));
    assert_eq!(report.status, CaptureStatus::Parsed);
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    assert!(!facts.is_empty());
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
}

fn main() {
    report_peak_memory(mpstat(), "mpstat");
    report_peak_memory(iostat(), "iostat");
    divan::main();
}

/// `mpstat -P ALL 1` output, 2 CPUs.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn mpstat_all(bencher: Bencher) {
    let input = mpstat();
    bencher
        .counter(BytesCount::new(input.bytes))
        .bench(|| read_capture(&input.path, input.name));
}

/// `iostat -x 1` output (sysstat 11 layout), 2 devices.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn iostat_x(bencher: Bencher) {
    let input = iostat();
    bencher
        .counter(BytesCount::new(input.bytes))
        .bench(|| read_capture(&input.path, input.name));
}
