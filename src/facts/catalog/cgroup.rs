//! One cgroup's CPU quota and memory limit and what it did against them, from its
//! control files (v1 and v2, `src/parse/os/cgroup.rs`). `<group>` is the group's
//! directory name (`root` for a hierarchy's root). Counters are over the capture when
//! it holds two snapshots of the files, else since the group was created; rates need
//! the time between the snapshots (a `date +%s` line before each).

use super::CatalogEntry;
use crate::tools::cgroup;

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "cgroup.most_throttled.name",
        None,
        Text,
        "The cgroup (directory name) throttled in the largest share of its CPU periods, among the groups whose CPU files were captured (derived; a group without a quota counts as 0)",
        cgroup::CPU_V1
    ),
    entry!(
        "cgroup.<group>.cpu.dir",
        None,
        Text,
        "The directory of the group's CPU controller files as the capture printed it (/sys/fs/cgroup/cpu/<group> on v1, the group's directory on v2), where its quota is set",
        cgroup::CPU_V1
    ),
    entry!(
        "cgroup.<group>.cpu.limited",
        None,
        Flag,
        "Whether the group has a CPU quota (CFS bandwidth control): false for cpu.cfs_quota_us -1 (v1) or cpu.max `max` (v2)",
        cgroup::CPU_V1
    ),
    entry!(
        "cgroup.<group>.cpu.quota_cpus",
        Count,
        Number,
        "The group's CPU quota in CPUs: quota / period (cpu.cfs_quota_us / cpu.cfs_period_us, or cpu.max); 0.5 is half a CPU's time per period, however many CPUs its threads run on",
        cgroup::CPU_V1
    ),
    entry!(
        "cgroup.<group>.cpu.nr_periods",
        Count,
        Number,
        "Enforcement periods in which the group had runnable tasks (cpu.stat nr_periods): over the capture with two snapshots, else since the group was created; 0 without a quota",
        cgroup::CPU_V1
    ),
    entry!(
        "cgroup.<group>.cpu.nr_throttled",
        Count,
        Number,
        "Periods in which the group used up its quota and its tasks were stopped until the next period (cpu.stat nr_throttled), over the capture or since creation",
        cgroup::CPU_V1
    ),
    entry!(
        "cgroup.<group>.cpu.throttled_pct",
        Percent,
        Number,
        "Share of the group's periods that were throttled (nr_throttled / nr_periods): over the capture with two snapshots, else since the group was created",
        cgroup::CPU_V1
    ),
    entry!(
        "cgroup.<group>.cpu.throttled_s",
        Seconds,
        Number,
        "Time the group's run queues spent throttled, summed over CPUs (cpu.stat throttled_time in ns on v1, throttled_usec on v2), over the capture or since creation",
        cgroup::CPU_V1
    ),
    entry!(
        "cgroup.<group>.cpu.throttled_s_per_s",
        Ratio,
        Number,
        "Seconds of throttling per second of the capture (summed over CPUs, so it can exceed 1): the growth of throttled time between the first and last snapshot over the time between them",
        cgroup::CPU_V1
    ),
    entry!(
        "cgroup.<group>.cpu.used_s",
        Seconds,
        Number,
        "CPU time the group's tasks used (cpuacct.usage on v1, cpu.stat usage_usec on v2), over the capture or since creation",
        cgroup::CPU_V1
    ),
    entry!(
        "cgroup.<group>.cpu.used_cpus",
        Count,
        Number,
        "CPUs the group used on average over the capture: CPU time used between the first and last snapshot over the time between them; compare with cpu.quota_cpus",
        cgroup::CPU_V1
    ),
    entry!(
        "cgroup.<group>.memory.limited",
        None,
        Flag,
        "Whether the group has a memory limit: false for memory.max `max` (v2) or v1's memory.limit_in_bytes at its largest value (9223372036854771712)",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.limit_kib",
        Kibibytes,
        Number,
        "The group's memory limit (memory.limit_in_bytes on v1, memory.max on v2); absent when there is none",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.high_kib",
        Kibibytes,
        Number,
        "The group's memory.high (v2): above it the kernel reclaims and slows the group down instead of killing; absent when `max`",
        cgroup::MEMORY_V2
    ),
    entry!(
        "cgroup.<group>.memory.usage_kib",
        Kibibytes,
        Number,
        "Memory the group uses, page cache included (memory.usage_in_bytes on v1, memory.current on v2), at the last snapshot",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.max_usage_kib",
        Kibibytes,
        Number,
        "The most memory the group used since it was created or the counter reset (memory.max_usage_in_bytes on v1, memory.peak on v2)",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.usage_pct_of_limit",
        Percent,
        Number,
        "Memory the group uses as a share of its limit, at the last snapshot",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.failcnt",
        Count,
        Number,
        "Times the group's memory use hit its limit (v1 memory.failcnt; each hit means reclaim), over the capture or since creation",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.events.<event>",
        Count,
        Number,
        "The group's memory events (v2 memory.events: low, high, max, oom, oom_kill, oom_group_kill; oom_kill also from v1 memory.oom_control), over the capture or since creation",
        cgroup::MEMORY_V2
    ),
    entry!(
        "cgroup.<group>.memory.under_oom",
        None,
        Flag,
        "Whether the group was out of memory with its tasks paused at the snapshot (v1 memory.oom_control under_oom, with the OOM killer disabled)",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.anon_kib",
        Kibibytes,
        Number,
        "Anonymous memory of the group (memory.stat anon on v2, total_rss on v1), at the last snapshot",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.file_kib",
        Kibibytes,
        Number,
        "Page cache charged to the group (memory.stat file on v2, total_cache on v1), at the last snapshot",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.major_faults",
        Count,
        Number,
        "Major page faults in the group (memory.stat pgmajfault; v1 total_pgmajfault): pages its tasks waited for from disk or swap, over the capture or since creation",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.workingset_refaults",
        Count,
        Number,
        "Pages the group read back soon after they were evicted (memory.stat workingset_refault_anon + _file, or workingset_refault before 5.9): its working set does not fit, over the capture or since creation",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.workingset_refaults_per_s",
        PerSecond,
        Number,
        "Pages the group read back soon after evicting them, per second of the capture (the growth of workingset_refaults between two time-stamped snapshots); 256 per second is 1 MiB/s read again at 4 KiB pages",
        cgroup::MEMORY_V1
    ),
    entry!(
        "mem.refault_group",
        None,
        Text,
        "The cgroup whose pages come back from disk fastest after eviction (`root`: the host's own figures)",
        cgroup::MEMORY_V1
    ),
    entry!(
        "mem.refault_kib_per_s",
        KilobytesPerSecond,
        Number,
        "KiB per second read back soon after eviction in that group (its workingset_refaults_per_s × the page size, 4 KiB unless os.page_size_kib says otherwise): a working set that does not fit in the memory allowed to it",
        cgroup::MEMORY_V1
    ),
    entry!(
        "mem.refault_share_of_reads_pct",
        Percent,
        Number,
        "mem.refault_kib_per_s as a share of the busiest disk's average read rate (iostat rkB/s): how much of the disk's read traffic is pages the memory could not keep",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.major_faults_per_s",
        PerSecond,
        Number,
        "Major page faults in the group per second of the capture (growth of pgmajfault between two time-stamped snapshots)",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.failcnt_per_s",
        PerSecond,
        Number,
        "Times per second the group's memory use hit its v1 limit during the capture (growth of memory.failcnt between two time-stamped snapshots)",
        cgroup::MEMORY_V1
    ),
    entry!(
        "cgroup.<group>.memory.pgscan",
        Count,
        Number,
        "Pages the kernel scanned to reclaim memory from the group (v2 memory.stat pgscan), over the capture or since creation",
        cgroup::MEMORY_V2
    ),
    entry!(
        "cgroup.<group>.memory.pgsteal",
        Count,
        Number,
        "Pages reclaimed from the group (v2 memory.stat pgsteal), over the capture or since creation",
        cgroup::MEMORY_V2
    ),
];
