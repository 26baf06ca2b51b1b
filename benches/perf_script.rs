//! Throughput of the perf script parser on a large file, against inferno's perf
//! collapser (what `inferno-collapse-perf` runs) on the same bytes, plus the parser's
//! peak memory. The input is made at start-up by repeating the samples of the real
//! fixture `fixtures/perf-script/pg_oltp_callchain.txt` until the file holds
//! `PERFSAGE_BENCH_MB` MiB (default 200) in a temporary folder.
//!
//! Run with `cargo bench --bench perf_script`. Divan prints the time per pass and the
//! throughput (bytes per second) for each side; peak memory is printed before the table.

mod input;

use divan::Bencher;
use divan::counter::BytesCount;
use inferno::collapse::Collapse;
use inferno::collapse::perf::{Folder, Options};
use input::Input;
use std::io::BufReader;
use std::sync::OnceLock;

fn input() -> &'static Input {
    static INPUT: OnceLock<Input> = OnceLock::new();
    INPUT.get_or_init(|| {
        let mut samples = input::fixture("perf-script/pg_oltp_callchain.txt");
        // Each repetition must end with the blank line that closes a sample.
        while !samples.ends_with(b"\n\n") {
            samples.push(b'\n');
        }
        input::build("perf_script.txt", b"", &samples, b"")
    })
}

fn main() {
    input::report_peak_memory(input(), "perf-script");
    divan::main();
}

/// perfsage's path for a capture: detection, encoding check, streaming parse to facts.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn perfsage_perf_script(bencher: Bencher) {
    input::bench_read_capture(bencher, input());
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
