//! The clock a rule's time budget is counted on: the CPU time of the thread that
//! evaluates it. Wall-clock time would make a diagnosis depend on what else the
//! machine runs: on two cores busy with a build, a rule that needs 30 ms of work can
//! take 150 ms of wall time and be cut off on one run and not the next. CPU time
//! counts only the rule's own work, so the same rule on the same facts meets or
//! misses its budget the same way every time.

use rustix::time::{ClockId, clock_gettime};
use std::time::Duration;

/// CPU time the calling thread has used since it started.
pub fn thread_cpu_time() -> Duration {
    let now = clock_gettime(ClockId::ThreadCPUTime);
    Duration::new(
        now.tv_sec.max(0) as u64,
        now.tv_nsec.clamp(0, 999_999_999) as u32,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_work_and_not_sleep() {
        let before = thread_cpu_time();
        std::thread::sleep(Duration::from_millis(50));
        let slept = thread_cpu_time() - before;
        assert!(
            slept < Duration::from_millis(25),
            "sleeping counted {slept:?}"
        );
        let mut x = 0u64;
        let start = thread_cpu_time();
        while thread_cpu_time() - start < Duration::from_millis(5) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        assert!(thread_cpu_time() - start >= Duration::from_millis(5));
    }
}
