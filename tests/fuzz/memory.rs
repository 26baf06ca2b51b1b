//! Memory stays flat in the input size for the formats that come in gigabytes
//! (sysstat text, perf script): `perfsage facts` on an input four times larger may
//! not need much more memory. Measured on child processes (their peak resident size,
//! from the kernel), so other tests running alongside do not disturb it.

use crate::harness::root;
use std::path::Path;

/// Peak resident memory (KiB) of `perfsage facts <dir>`.
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4 below, which also gives its peak memory"
)]
fn peak_kib(dir: &Path) -> i64 {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_perfsage"))
        .args(["facts", dir.to_str().unwrap(), "--format", "json"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: rusage is plain data the kernel fills; the pid is our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as i32);
    assert_eq!(status, 0, "perfsage facts failed on {}", dir.display());
    usage.ru_maxrss
}

fn repeated(fixture: &str, mib: usize, dir: &Path) {
    let one = std::fs::read(root().join("fixtures").join(fixture)).unwrap();
    let mut bytes = Vec::with_capacity(mib << 20);
    while bytes.len() < mib << 20 {
        bytes.extend_from_slice(&one);
    }
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("capture.txt"), bytes).unwrap();
}

#[test]
fn memory_is_flat_in_the_input_size() {
    let work = tempfile::tempdir().unwrap();
    for fixture in [
        "mpstat/mpstat_all_24h.txt",
        "iostat/iostat_x_sysstat11.txt",
        "sar/sar_A.txt",
        "perf-script/pg_oltp_callchain.txt",
    ] {
        let small = work.path().join("small");
        let large = work.path().join("large");
        repeated(fixture, 8, &small);
        repeated(fixture, 32, &large);
        let (small_kib, large_kib) = (peak_kib(&small), peak_kib(&large));
        assert!(
            large_kib < small_kib + 8 * 1024,
            "{fixture}: {small_kib} KiB for 8 MiB, {large_kib} KiB for 32 MiB"
        );
        std::fs::remove_dir_all(&small).unwrap();
        std::fs::remove_dir_all(&large).unwrap();
    }
}
