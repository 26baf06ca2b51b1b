//! perfsage capture's own samples of /proc/stat, /proc/diskstats and /proc/net/dev,
//! taken where sysstat is missing.

use super::collector::{Collector, Id, When};
use super::{Spec, families};

pub static SPEC: Spec = Spec {
    id: "proc-samples",
    captures: &[],
    facts: &[
        families::CPU_BUSY,
        families::CPU_INTERRUPTS,
        families::DISK_OPERATIONS,
        families::DISK_THROUGHPUT,
        families::NETWORK_THROUGHPUT,
        &[
            "cpu.util_pct",
            "cpu.<cpu>.util_pct",
            "cpu.<cpu>.soft_pct",
            "disk.<dev>.util_pct",
            "disk.<dev>.aqu_sz",
        ],
    ],
    catalog: &[],
    collectors: &[Collector {
        id: Id::ProcSamples,
        name: "proc-samples",
        what: "CPU, disk and network samples from /proc where sysstat is missing",
        when: When::Throughout,
        command: "read /proc/stat, /proc/diskstats, /proc/net/dev every <interval>",
        files: &["proc-samples.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    }],
};
