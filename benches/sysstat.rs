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

mod input;

use divan::Bencher;
use input::Input;
use perfsage::parse::CaptureStatus;
use std::sync::OnceLock;

/// The fixture cut in three: the lines up to the first blank one (the `Linux …`
/// line), the interval reports, and the `Average:` block (empty when there is none).
fn cut(text: &[u8]) -> (&[u8], &[u8], &[u8]) {
    let find = |needle: &[u8]| text.windows(needle.len()).position(|w| w == needle);
    let body_start = find(b"\n\n").expect("a blank line after `Linux …`") + 2;
    let tail_start = find(b"\nAverage:").map_or(text.len(), |at| at + 1);
    (
        &text[..body_start],
        &text[body_start..tail_start],
        &text[tail_start..],
    )
}

fn build(fixture: &str, name: &'static str) -> Input {
    let text = input::fixture(fixture);
    let (head, reports, tail) = cut(&text);
    let mut reports = reports.to_vec();
    // Each repetition must end with the blank line that closes a report.
    while !reports.ends_with(b"\n\n") {
        reports.push(b'\n');
    }
    input::build(name, head, &reports, tail)
}

fn mpstat() -> &'static Input {
    static INPUT: OnceLock<Input> = OnceLock::new();
    INPUT.get_or_init(|| build("mpstat/mpstat_all_24h.txt", "mpstat.txt"))
}

fn iostat() -> &'static Input {
    static INPUT: OnceLock<Input> = OnceLock::new();
    INPUT.get_or_init(|| build("iostat/iostat_x_sysstat11.txt", "iostat.txt"))
}

/// The peak memory of one parse, which must read the whole file without a warning.
fn check_and_report_peak_memory(input: &Input, tool: &str) {
    let (report, _) = input::report_peak_memory(input, tool);
    assert_eq!(report.status, CaptureStatus::Parsed);
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
}

fn main() {
    check_and_report_peak_memory(mpstat(), "mpstat");
    check_and_report_peak_memory(iostat(), "iostat");
    divan::main();
}

/// `mpstat -P ALL 1` output, 2 CPUs.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn mpstat_all(bencher: Bencher) {
    input::bench_read_capture(bencher, mpstat());
}

/// `iostat -x 1` output (sysstat 11 layout), 2 devices.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn iostat_x(bencher: Bencher) {
    input::bench_read_capture(bencher, iostat());
}
