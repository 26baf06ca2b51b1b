//! cgroup v1 and v2 files: CPU quota and throttling, memory limit, use and events.

use super::collector::{Collector, Id, When};
use super::{Spec, families};
use crate::parse::os::cgroup::Cgroup;

pub const CPU_V1: &str = "G=/sys/fs/cgroup/cpu/<group>; A=/sys/fs/cgroup/cpuacct/<group>; for i in 1 2; do date +%s; for f in $G/cpu.cfs_period_us $G/cpu.cfs_quota_us $G/cpu.stat $A/cpuacct.usage; do echo \"# $f\"; cat \"$f\"; done; [ $i = 1 ] && sleep 20; done (cgroup v1, while the load runs; v2: G=A=/sys/fs/cgroup/<group>, files cpu.max cpu.stat)";
pub const MEMORY_V1: &str = "G=/sys/fs/cgroup/memory/<group>; for i in 1 2; do date +%s; for f in $G/memory.limit_in_bytes $G/memory.usage_in_bytes $G/memory.max_usage_in_bytes $G/memory.failcnt $G/memory.oom_control $G/memory.stat; do echo \"# $f\"; cat \"$f\"; done; [ $i = 1 ] && sleep 20; done (cgroup v1, while the load runs)";

pub const MEMORY_V2: &str = "G=/sys/fs/cgroup/<group>; for i in 1 2; do date +%s; for f in $G/memory.max $G/memory.high $G/memory.current $G/memory.peak $G/memory.events $G/memory.stat; do echo \"# $f\"; cat \"$f\"; done; [ $i = 1 ] && sleep 20; done (cgroup v2, while the load runs)";

pub static SPEC: Spec = Spec {
    id: "cgroup",
    parsers: &[&Cgroup],
    captures: &[CPU_V1, MEMORY_V1, MEMORY_V2],
    facts: &[
        families::CGROUP_PRESSURE,
        &[
            "cgroup.most_throttled.name",
            "cgroup.<group>.cpu.dir",
            "cgroup.<group>.cpu.limited",
            "cgroup.<group>.cpu.quota_cpus",
            "cgroup.<group>.cpu.nr_periods",
            "cgroup.<group>.cpu.nr_throttled",
            "cgroup.<group>.cpu.throttled_pct",
            "cgroup.<group>.cpu.throttled_s",
            "cgroup.<group>.cpu.throttled_s_per_s",
            "cgroup.<group>.cpu.used_s",
            "cgroup.<group>.cpu.used_cpus",
            "cgroup.<group>.memory.limited",
            "cgroup.<group>.memory.limit_kib",
            "cgroup.<group>.memory.high_kib",
            "cgroup.<group>.memory.usage_kib",
            "cgroup.<group>.memory.max_usage_kib",
            "cgroup.<group>.memory.usage_pct_of_limit",
            "cgroup.<group>.memory.failcnt",
            "cgroup.<group>.memory.events.<event>",
            "cgroup.<group>.memory.under_oom",
            "cgroup.<group>.memory.anon_kib",
            "cgroup.<group>.memory.file_kib",
            "cgroup.<group>.memory.major_faults",
            "cgroup.<group>.memory.workingset_refaults",
            "cgroup.<group>.memory.workingset_refaults_per_s",
            "cgroup.<group>.memory.major_faults_per_s",
            "cgroup.<group>.memory.failcnt_per_s",
            "cgroup.<group>.memory.pgscan",
            "cgroup.<group>.memory.pgsteal",
        ],
    ],
    collectors: &[Collector {
        id: Id::Cgroup,
        name: "cgroup",
        what: "the target process's cgroups: CPU quota, throttling and use, memory limit and use, at the start and the end",
        when: When::StartAndEnd,
        command: "date +%s; echo \"# $f\"; cat $f for the cpu, cpuacct and memory files of /proc/<pid>/cgroup's groups",
        files: &["cgroup.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: true,
    }],
};
