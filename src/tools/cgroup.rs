//! cgroup v1 and v2 files: CPU quota and throttling, memory limit, use and events, block I/O caps and I/O done.

use super::collector::{Collector, Id, When};
use super::{Spec, families};
use crate::tools::catalog::entry;

pub const CPU_V1: &str = "G=/sys/fs/cgroup/cpu/<group>; A=/sys/fs/cgroup/cpuacct/<group>; for i in 1 2; do date +%s; for f in $G/cpu.cfs_period_us $G/cpu.cfs_quota_us $G/cpu.stat $A/cpuacct.usage; do echo \"# $f\"; cat \"$f\"; done; [ $i = 1 ] && sleep 20; done (cgroup v1, while the load runs; v2: G=A=/sys/fs/cgroup/<group>, files cpu.max cpu.stat)";
pub const MEMORY_V1: &str = "G=/sys/fs/cgroup/memory/<group>; for i in 1 2; do date +%s; for f in $G/memory.limit_in_bytes $G/memory.usage_in_bytes $G/memory.max_usage_in_bytes $G/memory.failcnt $G/memory.oom_control $G/memory.stat; do echo \"# $f\"; cat \"$f\"; done; [ $i = 1 ] && sleep 20; done (cgroup v1, while the load runs)";

pub const BLKIO_V1: &str = "G=/sys/fs/cgroup/blkio/<group>; for i in 1 2; do date +%s; for f in $G/blkio.throttle.read_iops_device $G/blkio.throttle.write_iops_device $G/blkio.throttle.read_bps_device $G/blkio.throttle.write_bps_device $G/blkio.throttle.io_serviced $G/blkio.throttle.io_service_bytes; do echo \"# $f\"; cat \"$f\"; done; [ $i = 1 ] && sleep 20; done (cgroup v1, while the load runs; v2: files io.max io.stat of /sys/fs/cgroup/<group>)";

pub const MEMORY_V2: &str = "G=/sys/fs/cgroup/<group>; for i in 1 2; do date +%s; for f in $G/memory.max $G/memory.high $G/memory.current $G/memory.peak $G/memory.events $G/memory.stat; do echo \"# $f\"; cat \"$f\"; done; [ $i = 1 ] && sleep 20; done (cgroup v2, while the load runs)";

pub static SPEC: Spec = Spec {
    id: "cgroup",
    captures: &[CPU_V1, MEMORY_V1, MEMORY_V2, BLKIO_V1],
    facts: &[families::CGROUP_PRESSURE],
    catalog: &[
        entry!(
            "cgroup.most_throttled.name",
            None,
            Text,
            "The cgroup (directory name) throttled in the largest share of its CPU periods, among the groups whose CPU files were captured (derived; a group without a quota counts as 0)",
            CPU_V1
        ),
        entry!(
            "cgroup.<group>.cpu.dir",
            None,
            Text,
            "The directory of the group's CPU controller files as the capture printed it (/sys/fs/cgroup/cpu/<group> on v1, the group's directory on v2), where its quota is set",
            CPU_V1
        ),
        entry!(
            "cgroup.<group>.cpu.limited",
            None,
            Flag,
            "Whether the group has a CPU quota (CFS bandwidth control): false for cpu.cfs_quota_us -1 (v1) or cpu.max `max` (v2)",
            CPU_V1
        ),
        entry!(
            "cgroup.<group>.cpu.quota_cpus",
            Count,
            Number,
            "The group's CPU quota in CPUs: quota / period (cpu.cfs_quota_us / cpu.cfs_period_us, or cpu.max); 0.5 is half a CPU's time per period, however many CPUs its threads run on",
            CPU_V1
        ),
        entry!(
            "cgroup.<group>.cpu.nr_periods",
            Count,
            Number,
            "Enforcement periods in which the group had runnable tasks (cpu.stat nr_periods): over the capture with two snapshots, else since the group was created; 0 without a quota",
            CPU_V1
        ),
        entry!(
            "cgroup.<group>.cpu.nr_throttled",
            Count,
            Number,
            "Periods in which the group used up its quota and its tasks were stopped until the next period (cpu.stat nr_throttled), over the capture or since creation",
            CPU_V1
        ),
        entry!(
            "cgroup.<group>.cpu.throttled_pct",
            Percent,
            Number,
            "Share of the group's periods that were throttled (nr_throttled / nr_periods): over the capture with two snapshots, else since the group was created",
            CPU_V1
        ),
        entry!(
            "cgroup.<group>.cpu.throttled_s",
            Seconds,
            Number,
            "Time the group's run queues spent throttled, summed over CPUs (cpu.stat throttled_time in ns on v1, throttled_usec on v2), over the capture or since creation",
            CPU_V1
        ),
        entry!(
            "cgroup.<group>.cpu.throttled_s_per_s",
            Ratio,
            Number,
            "Seconds of throttling per second of the capture (summed over CPUs, so it can exceed 1): the growth of throttled time between the first and last snapshot over the time between them",
            CPU_V1
        ),
        entry!(
            "cgroup.<group>.cpu.used_s",
            Seconds,
            Number,
            "CPU time the group's tasks used (cpuacct.usage on v1, cpu.stat usage_usec on v2), over the capture or since creation",
            CPU_V1
        ),
        entry!(
            "cgroup.<group>.cpu.used_cpus",
            Count,
            Number,
            "CPUs the group used on average over the capture: CPU time used between the first and last snapshot over the time between them; compare with cpu.quota_cpus",
            CPU_V1
        ),
        entry!(
            "cgroup.<group>.memory.limited",
            None,
            Flag,
            "Whether the group has a memory limit: false for memory.max `max` (v2) or v1's memory.limit_in_bytes at its largest value (9223372036854771712)",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.limit_kib",
            Kibibytes,
            Number,
            "The group's memory limit (memory.limit_in_bytes on v1, memory.max on v2); absent when there is none",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.high_kib",
            Kibibytes,
            Number,
            "The group's memory.high (v2): above it the kernel reclaims and slows the group down instead of killing; absent when `max`",
            MEMORY_V2
        ),
        entry!(
            "cgroup.<group>.memory.usage_kib",
            Kibibytes,
            Number,
            "Memory the group uses, page cache included (memory.usage_in_bytes on v1, memory.current on v2), at the last snapshot",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.max_usage_kib",
            Kibibytes,
            Number,
            "The most memory the group used since it was created or the counter reset (memory.max_usage_in_bytes on v1, memory.peak on v2)",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.usage_pct_of_limit",
            Percent,
            Number,
            "Memory the group uses as a share of its limit, at the last snapshot",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.failcnt",
            Count,
            Number,
            "Times the group's memory use hit its limit (v1 memory.failcnt; each hit means reclaim), over the capture or since creation",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.events.<event>",
            Count,
            Number,
            "The group's memory events (v2 memory.events: low, high, max, oom, oom_kill, oom_group_kill; oom_kill also from v1 memory.oom_control), over the capture or since creation",
            MEMORY_V2
        ),
        entry!(
            "cgroup.<group>.memory.under_oom",
            None,
            Flag,
            "Whether the group was out of memory with its tasks paused at the snapshot (v1 memory.oom_control under_oom, with the OOM killer disabled)",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.anon_kib",
            Kibibytes,
            Number,
            "Anonymous memory of the group (memory.stat anon on v2, total_rss on v1), at the last snapshot",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.file_kib",
            Kibibytes,
            Number,
            "Page cache charged to the group (memory.stat file on v2, total_cache on v1), at the last snapshot",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.major_faults",
            Count,
            Number,
            "Major page faults in the group (memory.stat pgmajfault; v1 total_pgmajfault): pages its tasks waited for from disk or swap, over the capture or since creation",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.workingset_refaults",
            Count,
            Number,
            "Pages the group read back soon after they were evicted (memory.stat workingset_refault_anon + _file, or workingset_refault before 5.9): its working set does not fit, over the capture or since creation",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.workingset_refaults_per_s",
            PerSecond,
            Number,
            "Pages the group read back soon after evicting them, per second of the capture (the growth of workingset_refaults between two time-stamped snapshots); 256 per second is 1 MiB/s read again at 4 KiB pages",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.major_faults_per_s",
            PerSecond,
            Number,
            "Major page faults in the group per second of the capture (growth of pgmajfault between two time-stamped snapshots)",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.failcnt_per_s",
            PerSecond,
            Number,
            "Times per second the group's memory use hit its v1 limit during the capture (growth of memory.failcnt between two time-stamped snapshots)",
            MEMORY_V1
        ),
        entry!(
            "cgroup.<group>.memory.pgscan",
            Count,
            Number,
            "Pages the kernel scanned to reclaim memory from the group (v2 memory.stat pgscan), over the capture or since creation",
            MEMORY_V2
        ),
        entry!(
            "cgroup.<group>.memory.pgsteal",
            Count,
            Number,
            "Pages reclaimed from the group (v2 memory.stat pgsteal), over the capture or since creation",
            MEMORY_V2
        ),
        entry!(
            "cgroup.<group>.blkio.limited",
            None,
            Flag,
            "Whether the group's block I/O is capped: any device listed in blkio.throttle.*_device (v1) or a value other than `max` in io.max (v2)",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.read_iops_limit",
            PerSecond,
            Number,
            "The tightest cap on the group's read operations per second over its devices (blkio.throttle.read_iops_device, io.max riops); absent when none",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.write_iops_limit",
            PerSecond,
            Number,
            "The tightest cap on the group's write operations per second over its devices (blkio.throttle.write_iops_device, io.max wiops): what a cloud volume's IOPS limit does; absent when none",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.read_kbps_limit",
            KilobytesPerSecond,
            Number,
            "The tightest cap on the group's read throughput over its devices in KiB/s (blkio.throttle.read_bps_device, io.max rbps); absent when none",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.write_kbps_limit",
            KilobytesPerSecond,
            Number,
            "The tightest cap on the group's write throughput over its devices in KiB/s (blkio.throttle.write_bps_device, io.max wbps); absent when none",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.reads",
            Count,
            Number,
            "Read operations the group's I/O throttling counted, summed over devices (blkio.throttle.io_serviced Read, io.stat rios), over the capture with two snapshots, else since the group was created",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.writes",
            Count,
            Number,
            "Write operations counted for the group, summed over devices (blkio.throttle.io_serviced Write, io.stat wios), over the capture or since creation",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.read_kib",
            Kibibytes,
            Number,
            "Bytes the group read, summed over devices (blkio.throttle.io_service_bytes Read, io.stat rbytes), over the capture or since creation",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.written_kib",
            Kibibytes,
            Number,
            "Bytes the group wrote, summed over devices (blkio.throttle.io_service_bytes Write, io.stat wbytes), over the capture or since creation",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.reads_per_s",
            PerSecond,
            Number,
            "Read operations per second over the capture (growth of blkio.reads between the first and last snapshot over the time between them); compare with read_iops_limit",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.writes_per_s",
            PerSecond,
            Number,
            "Write operations per second over the capture; compare with write_iops_limit",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.read_kb_per_s",
            KilobytesPerSecond,
            Number,
            "KiB read per second over the capture; compare with read_kbps_limit",
            BLKIO_V1
        ),
        entry!(
            "cgroup.<group>.blkio.written_kb_per_s",
            KilobytesPerSecond,
            Number,
            "KiB written per second over the capture; compare with write_kbps_limit",
            BLKIO_V1
        ),
    ],
    collectors: &[Collector {
        id: Id::Cgroup,
        name: "cgroup",
        what: "the target process's cgroups: CPU quota, throttling and use, memory limit and use, block I/O caps and I/O done, at the start and the end",
        when: When::StartAndEnd,
        command: "date +%s; echo \"# $f\"; cat $f for the cpu, cpuacct, memory and blkio files of /proc/<pid>/cgroup's groups",
        files: &["cgroup.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: true,
    }],
};
