//! Groups of catalog facts that several tools supply alike (every sysstat-like tool
//! gives the same CPU busy figures, every profile the same hotspots), so a spec names
//! the group instead of repeating its keys. A group is used whole: a tool that gives
//! only part of one lists those keys itself.

/// What a sysstat report's first line names: the host, its kernel and CPU count.
pub const SYSSTAT_HEADER: &[&str] = &["host.name", "os.kernel", "cpu.count"];

/// How busy each disk is and how its requests queue (iostat -x and sar -d alike).
pub const DISK_BUSY: &[&str] = &[
    "disk.<dev>.util_pct",
    "disk.<dev>.io_per_s",
    "disk.<dev>.await_ms",
    "disk.<dev>.aqu_sz",
    "disk.<dev>.svctm_ms",
];

/// What a perf profile says about itself: the event sampled, how many samples, the
/// kernel's share, and the library each hot function resolved into.
pub const PROFILE_TOTALS: &[&str] = &[
    "perf.event",
    "perf.samples",
    "perf.kernel_pct",
    "hotspot.<rank>.dso",
];

/// How busy the CPUs are as a whole, by kind of time.
pub const CPU_BUSY: &[&str] = &[
    "cpu.usr_pct",
    "cpu.sys_pct",
    "cpu.iowait_pct",
    "cpu.steal_pct",
];

/// The CPUs' time in hardware and software interrupts.
pub const CPU_INTERRUPTS: &[&str] = &["cpu.irq_pct", "cpu.soft_pct"];

/// Reads and writes per device and how long they took.
pub const DISK_OPERATIONS: &[&str] = &[
    "disk.<dev>.r_per_s",
    "disk.<dev>.w_per_s",
    "disk.<dev>.r_await_ms",
    "disk.<dev>.w_await_ms",
];

/// Kilobytes read and written per device.
pub const DISK_THROUGHPUT: &[&str] = &["disk.<dev>.rkb_per_s", "disk.<dev>.wkb_per_s"];

/// Memory and swap sizes.
pub const MEMORY_TOTALS: &[&str] = &["mem.total_kib", "mem.swap_total_kib", "mem.swap_used_kib"];

/// vmstat's run queue, memory and context-switch columns.
pub const VMSTAT_FIGURES: &[&str] = &[
    "proc.runq",
    "proc.blocked",
    "mem.swpd_kib",
    "mem.buff_kib",
    "mem.cache_kib",
    "sys.cs_per_s",
];

/// Paging and reclaim rates and swap traffic.
pub const PAGING: &[&str] = &[
    "mem.pgpgin_kib_per_s",
    "mem.pgpgout_kib_per_s",
    "mem.page_faults_per_s",
    "mem.major_faults_per_s",
    "mem.pgfree_per_s",
    "mem.pgscan_kswapd_per_s",
    "mem.pgscan_direct_per_s",
    "mem.pgsteal_per_s",
    "swap.in_pages_per_s",
    "swap.out_pages_per_s",
];

/// The system's pressure stall figures.
pub const PRESSURE: &[&str] = &[
    "psi.<resource>.<kind>.avg10_pct",
    "psi.<resource>.<kind>.avg60_pct",
    "psi.<resource>.<kind>.avg300_pct",
    "psi.<resource>.<kind>.stall_pct",
];

/// A cgroup's pressure stall averages.
pub const CGROUP_PRESSURE: &[&str] = &[
    "psi.cgroup.<group>.<resource>.<kind>.avg10_pct",
    "psi.cgroup.<group>.<resource>.<kind>.avg60_pct",
    "psi.cgroup.<group>.<resource>.<kind>.avg300_pct",
];

/// Traffic per interface and the busiest one.
pub const NETWORK_THROUGHPUT: &[&str] = &[
    "net.busiest.name",
    "net.<if>.rxkb_per_s",
    "net.<if>.txkb_per_s",
    "net.<if>.rxpck_per_s",
    "net.<if>.txpck_per_s",
];

/// Errors, drops and overruns per interface.
pub const NETWORK_ERRORS: &[&str] = &[
    "net.<if>.rxerr_per_s",
    "net.<if>.txerr_per_s",
    "net.<if>.coll_per_s",
    "net.<if>.rxdrop_per_s",
    "net.<if>.txdrop_per_s",
    "net.<if>.txcarr_per_s",
    "net.<if>.rxfram_per_s",
    "net.<if>.rxfifo_per_s",
    "net.<if>.txfifo_per_s",
];

/// TCP connections opened, segments, retransmits and resets per second.
pub const TCP_SEGMENTS: &[&str] = &[
    "net.tcp.active_opens_per_s",
    "net.tcp.passive_opens_per_s",
    "net.tcp.segments_in_per_s",
    "net.tcp.segments_out_per_s",
    "net.tcp.attempt_fails_per_s",
    "net.tcp.established_resets_per_s",
    "net.tcp.retrans_per_s",
    "net.tcp.segments_in_errors_per_s",
    "net.tcp.resets_out_per_s",
];

/// Space and inodes used per file system.
pub const FILESYSTEM_USAGE: &[&str] = &[
    "fs.<dev>.used_pct",
    "fs.<dev>.inodes_used_pct",
    "fs.<dev>.inodes_free",
];

/// The 1, 5 and 15 minute load averages.
pub const LOAD_AVERAGE: &[&str] = &["load.avg1", "load.avg5", "load.avg15"];

/// CPU per process and the busiest one.
pub const BUSIEST_PROCESS: &[&str] = &[
    "proc.<name>.cpu_pct",
    "proc.busiest.name",
    "proc.busiest.cpu_pct",
];

/// Sockets, cores, threads and the CPU model.
pub const CPU_TOPOLOGY: &[&str] = &[
    "cpu.sockets",
    "cpu.cores_per_socket",
    "cpu.threads_per_core",
    "cpu.vendor",
    "cpu.model_name",
    "cpu.hypervisor",
    "cpu.lse_atomics",
];

/// sysctl values and the settings read from them.
pub const KERNEL_SETTINGS: &[&str] = &[
    "sysctl.<name*>",
    "os.numa_balancing",
    "os.swappiness",
    "os.zone_reclaim_mode",
    "os.nr_hugepages",
    "os.dirty_ratio_pct",
    "os.dirty_background_ratio_pct",
];

/// The IOMMU's state and the kernel command line.
pub const IOMMU: &[&str] = &[
    "os.iommu_enabled",
    "os.iommu_units",
    "os.iommu_passthrough",
    "os.cmdline",
];

/// The functions a profile burns its samples in.
pub const HOTSPOTS: &[&str] = &[
    "hotspot.count",
    "hotspot.<rank>.symbol",
    "hotspot.<rank>.kernel",
    "hotspot.<rank>.self_pct",
    "hotspot.<rank>.total_pct",
];

/// The engine and its parameters, as written and normalised.
pub const DATABASE_PARAMETERS: &[&str] = &[
    "db.engine",
    "db.param.<name*>",
    "db.param_kib.<name*>",
    "db.param_s.<name*>",
    "db.param_num.<name*>",
];

/// A BenchmarkSQL run's size and settings.
pub const BENCHMARKSQL_RUN: &[&str] = &[
    "bench.warehouses",
    "bench.terminals",
    "bench.run_s",
    "bench.config.<name>",
];

/// Throughput and latency per workload and thread count.
pub const SCALING_RUNS: &[&str] = &[
    "bench.run.<workload>.<threads>.tps",
    "bench.run.<workload>.<threads>.qps",
    "bench.run.<workload>.<threads>.p95_ms",
];
