//! perfsage capture's own samples of /proc/stat, /proc/diskstats and /proc/net/dev,
//! taken where sysstat is missing.

use super::Spec;
use super::collector::{Collector, Id, When};
use crate::parse::activity::proc_samples::ProcSamples;

pub static SPEC: Spec = Spec {
    id: "proc-samples",
    parsers: &[&ProcSamples],
    captures: &[],
    facts: &[
        "net.busiest.name",
        "net.<if>.rxkb_per_s",
        "net.<if>.txkb_per_s",
        "net.<if>.rxpck_per_s",
        "net.<if>.txpck_per_s",
        "cpu.util_pct",
        "cpu.usr_pct",
        "cpu.sys_pct",
        "cpu.iowait_pct",
        "cpu.steal_pct",
        "cpu.irq_pct",
        "cpu.soft_pct",
        "cpu.<cpu>.util_pct",
        "cpu.<cpu>.soft_pct",
        "disk.<dev>.util_pct",
        "disk.<dev>.r_per_s",
        "disk.<dev>.w_per_s",
        "disk.<dev>.rkb_per_s",
        "disk.<dev>.wkb_per_s",
        "disk.<dev>.r_await_ms",
        "disk.<dev>.w_await_ms",
        "disk.<dev>.aqu_sz",
    ],
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
