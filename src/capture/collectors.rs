//! Every collector `perfsage capture` knows: what it records, the file it writes, when
//! in the capture it runs, the program it needs and the packages that install it. The
//! scheduler decides from this table what to start; `--check` prints it.

use std::fmt;

/// When a collector runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// Samples for the whole capture (stopped at the end).
    Throughout,
    /// Once, as the capture starts (configuration that does not change under load).
    AtStart,
    /// Once, while the load runs (half-way through the capture).
    UnderLoad,
    /// Once, as the capture ends (counters that accumulate).
    AtEnd,
    /// As the capture starts and again as it ends, both readings stamped in one file:
    /// counters since boot whose growth is what happened during the capture.
    StartAndEnd,
}

impl fmt::Display for When {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            When::Throughout => "throughout",
            When::AtStart => "at start",
            When::UnderLoad => "under load",
            When::AtEnd => "at end",
            When::StartAndEnd => "at start and end",
        })
    }
}

/// The package that installs a program, per package manager.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Package {
    pub apt: &'static str,
    pub yum: &'static str,
}

const SYSSTAT: Package = Package {
    apt: "sysstat",
    yum: "sysstat",
};
const PROCPS: Package = Package {
    apt: "procps",
    yum: "procps-ng",
};
const NUMACTL: Package = Package {
    apt: "numactl",
    yum: "numactl",
};
const UTIL_LINUX: Package = Package {
    apt: "util-linux",
    yum: "util-linux",
};
const PERF: Package = Package {
    apt: "linux-perf",
    yum: "perf",
};
const DMIDECODE: Package = Package {
    apt: "dmidecode",
    yum: "dmidecode",
};
const COREUTILS: Package = Package {
    apt: "coreutils",
    yum: "coreutils",
};
const ETHTOOL: Package = Package {
    apt: "ethtool",
    yum: "ethtool",
};
const IPROUTE2: Package = Package {
    apt: "iproute2",
    yum: "iproute",
};

/// The collectors, one per kind of capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Id {
    Mpstat,
    Iostat,
    Vmstat,
    Sar,
    Pidstat,
    ProcSamples,
    Perf,
    PerfStat,
    Lscpu,
    Cpuinfo,
    Numactl,
    Dmidecode,
    Ethtool,
    Uname,
    Df,
    Settings,
    Meminfo,
    ProcStatus,
    NumastatProcess,
    Interrupts,
    Numastat,
    Dmesg,
    Cgroup,
    Psi,
    ProcVmstat,
    Nstat,
    SocketSummary,
    TcpSockets,
}

/// What the table says about one collector.
#[derive(Debug)]
pub struct Collector {
    pub id: Id,
    /// The name `--skip` and bundle.yaml use.
    pub name: &'static str,
    pub what: &'static str,
    pub when: When,
    /// The command line as a consultant would type it (`<if>` and `<pid>` filled in at
    /// run time); for collectors perfsage runs itself, what it reads.
    pub command: &'static str,
    /// The files it writes into the bundle.
    pub files: &'static [&'static str],
    /// The program it runs; `None` when perfsage reads /proc or /sys itself.
    pub program: Option<&'static str>,
    pub package: Option<Package>,
    /// Needs root to give anything (dmidecode reads /dev/mem or root-only sysfs).
    pub needs_root: bool,
    /// Needs `--pid` or `--process`.
    pub needs_process: bool,
}

pub const SYSSTAT_SAMPLERS: [Id; 3] = [Id::Mpstat, Id::Iostat, Id::Sar];

/// perf stat counts until it is interrupted, then prints its totals (to standard
/// output with `--log-fd 1`, where the sampler's file is). The hardware events read
/// `<not supported>` where there is no PMU (most VMs); the software ones still count.
macro_rules! perf_stat_events {
    () => {
        "task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions,cache-references,cache-misses,branches,branch-misses"
    };
}
pub const PERF_STAT_EVENTS: &str = perf_stat_events!();
const PERF_STAT_COMMAND: &str = concat!("perf stat -a --log-fd 1 -e ", perf_stat_events!());

/// The whole table, in the order collectors start and are listed.
pub const COLLECTORS: &[Collector] = &[
    Collector {
        id: Id::Mpstat,
        name: "mpstat",
        what: "CPU use, all CPUs and each one",
        when: When::Throughout,
        command: "mpstat -P ALL <interval>",
        files: &["mpstat.txt"],
        program: Some("mpstat"),
        package: Some(SYSSTAT),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Iostat,
        name: "iostat",
        what: "block device load and latency",
        when: When::Throughout,
        command: "iostat -x -t <interval>",
        files: &["iostat.txt"],
        program: Some("iostat"),
        package: Some(SYSSTAT),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Vmstat,
        name: "vmstat",
        what: "run queue, memory, paging, context switches",
        when: When::Throughout,
        command: "vmstat -w -t <interval>",
        files: &["vmstat.txt"],
        program: Some("vmstat"),
        package: Some(PROCPS),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Sar,
        name: "sar",
        what: "network interface traffic and errors, TCP segments and retransmits, paging and swapping",
        when: When::Throughout,
        command: "sar -n DEV,EDEV,TCP,ETCP -B -W <interval>",
        files: &["sar.txt"],
        program: Some("sar"),
        package: Some(SYSSTAT),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Pidstat,
        name: "pidstat",
        what: "CPU, disk I/O and context switches per process (per thread of the target process)",
        when: When::Throughout,
        command: "pidstat -u -d -w <interval>; with a target: pidstat -u -d -w -t -p <pid> <interval>",
        files: &["pidstat.txt"],
        program: Some("pidstat"),
        package: Some(SYSSTAT),
        needs_root: false,
        needs_process: false,
    },
    Collector {
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
    },
    Collector {
        id: Id::Perf,
        name: "perf",
        what: "CPU profile with call graphs, all CPUs",
        when: When::Throughout,
        command: "perf record -F 99 -g -a; perf report --stdio --no-children -F overhead,dso,sym; perf script; perf annotate --stdio <symbol> for the three hottest user-space symbols",
        files: &[
            "perf_report.txt",
            "perf_script.txt.gz",
            "perf_annotate.txt",
            ".perf.data",
        ],
        program: Some("perf"),
        package: Some(PERF),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::PerfStat,
        name: "perf-stat",
        what: "CPU counters over the whole capture, all CPUs (instructions per cycle, cache misses)",
        when: When::Throughout,
        command: PERF_STAT_COMMAND,
        files: &["perf_stat.txt"],
        program: Some("perf"),
        package: Some(PERF),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Lscpu,
        name: "lscpu",
        what: "CPU topology",
        when: When::AtStart,
        command: "lscpu",
        files: &["lscpu.txt"],
        program: Some("lscpu"),
        package: Some(UTIL_LINUX),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Cpuinfo,
        name: "cpuinfo",
        what: "CPU model and features",
        when: When::AtStart,
        command: "cat /proc/cpuinfo",
        files: &["cpuinfo.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Numactl,
        name: "numactl",
        what: "NUMA nodes, their CPUs, memory and distances",
        when: When::AtStart,
        command: "numactl -H",
        files: &["numactl.txt"],
        program: Some("numactl"),
        package: Some(NUMACTL),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Dmidecode,
        name: "dmidecode",
        what: "memory DIMMs, rated and configured speed",
        when: When::AtStart,
        command: "dmidecode -t memory",
        files: &["dmidecode.txt"],
        program: Some("dmidecode"),
        package: Some(DMIDECODE),
        needs_root: true,
        needs_process: false,
    },
    Collector {
        id: Id::Ethtool,
        name: "ethtool",
        what: "NIC link, driver, offloads and queues, per physical interface",
        when: When::AtStart,
        command: "ethtool <if>; ethtool -i <if>; ethtool -k <if>; ethtool -l <if>",
        files: &["ethtool.txt"],
        program: Some("ethtool"),
        package: Some(ETHTOOL),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Uname,
        name: "uname",
        what: "kernel release and host name",
        when: When::AtStart,
        command: "uname -a",
        files: &["uname.txt"],
        program: Some("uname"),
        package: Some(COREUTILS),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Df,
        name: "df",
        what: "space and inodes used per file system",
        when: When::AtStart,
        command: "df -h; df -i",
        files: &["df.txt"],
        program: Some("df"),
        package: Some(COREUTILS),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Settings,
        name: "settings",
        what: "OS settings snapshot (THP, NUMA balancing, schedulers, governor, SMT, IOMMU)",
        when: When::UnderLoad,
        command: "the settings snapshot of docs/settings-snapshot.md",
        files: &["settings.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Meminfo,
        name: "meminfo",
        what: "memory inventory, swap and huge pages",
        when: When::UnderLoad,
        command: "cat /proc/meminfo",
        files: &["meminfo.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::ProcStatus,
        name: "proc-status",
        what: "the target process: CPU affinity, threads, memory",
        when: When::UnderLoad,
        command: "cat /proc/<pid>/status",
        files: &["proc_status.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: true,
    },
    Collector {
        id: Id::NumastatProcess,
        name: "numastat-process",
        what: "the target process's memory per NUMA node",
        when: When::UnderLoad,
        command: "numastat -p <pid|name>",
        files: &["numastat_process.txt"],
        program: Some("numastat"),
        package: Some(NUMACTL),
        needs_root: false,
        needs_process: true,
    },
    Collector {
        id: Id::Interrupts,
        name: "interrupts",
        what: "interrupt counts per CPU since boot, taken after the load",
        when: When::AtEnd,
        command: "cat /proc/interrupts",
        files: &["interrupts.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Numastat,
        name: "numastat",
        what: "NUMA allocation hits and misses, system-wide",
        when: When::AtEnd,
        command: "numastat",
        files: &["numastat.txt"],
        program: Some("numastat"),
        package: Some(NUMACTL),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Dmesg,
        name: "dmesg",
        what: "the kernel log: OOM kills, I/O errors, hung tasks, lockups, NIC and hardware errors",
        when: When::AtEnd,
        command: "dmesg --time-format iso",
        files: &["dmesg.txt"],
        program: Some("dmesg"),
        package: Some(UTIL_LINUX),
        needs_root: false,
        needs_process: false,
    },
    Collector {
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
    },
    Collector {
        id: Id::Psi,
        name: "psi",
        what: "pressure stall information: time tasks waited for CPU, memory and I/O",
        when: When::StartAndEnd,
        command: "date +%s; echo \"# $f\"; cat $f for /proc/pressure/{cpu,memory,io}",
        files: &["psi.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::ProcVmstat,
        name: "proc-vmstat",
        what: "paging, reclaim, working-set refaults, NUMA allocation hits and misses",
        when: When::StartAndEnd,
        command: "date +%s; cat /proc/vmstat",
        files: &["proc_vmstat.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::Nstat,
        name: "nstat",
        what: "TCP and IP counters: segments, retransmits, listen-queue overflows, SYN cookies",
        when: When::StartAndEnd,
        command: "date +%s; nstat -asz",
        files: &["nstat.txt"],
        program: Some("nstat"),
        package: Some(IPROUTE2),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::SocketSummary,
        name: "ss-summary",
        what: "sockets in use and TCP states (TIME-WAIT, orphans)",
        when: When::StartAndEnd,
        command: "date +%s; ss -s",
        files: &["ss_summary.txt"],
        program: Some("ss"),
        package: Some(IPROUTE2),
        needs_root: false,
        needs_process: false,
    },
    Collector {
        id: Id::TcpSockets,
        name: "ss-tcp",
        what: "round trip and retransmits of every TCP connection",
        when: When::UnderLoad,
        command: "ss -tin",
        files: &["ss_tcp.txt"],
        program: Some("ss"),
        package: Some(IPROUTE2),
        needs_root: false,
        needs_process: false,
    },
];

/// The file the benchmark's output goes to.
pub const BENCHMARK_FILE: &str = "benchmark.txt";

/// The table entry of `id`.
pub fn collector(id: Id) -> &'static Collector {
    COLLECTORS
        .iter()
        .find(|c| c.id == id)
        .expect("every collector id has a table entry")
}

/// The collector `name` names (as `--skip` takes it), if any.
pub fn by_name(name: &str) -> Option<&'static Collector> {
    COLLECTORS.iter().find(|c| c.name == name)
}

/// Every capture file a capture may write (bundle.yaml aside): what `--force` clears.
pub fn all_files() -> impl Iterator<Item = &'static str> {
    COLLECTORS
        .iter()
        .flat_map(|c| c.files.iter().copied())
        .chain([BENCHMARK_FILE])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn names_and_files_are_unique_and_every_id_is_listed() {
        let names: HashSet<_> = COLLECTORS.iter().map(|c| c.name).collect();
        assert_eq!(names.len(), COLLECTORS.len());
        let files: Vec<_> = all_files().collect();
        let unique: HashSet<_> = files.iter().collect();
        assert_eq!(unique.len(), files.len());
        let ids: HashSet<_> = COLLECTORS.iter().map(|c| c.id).collect();
        assert_eq!(ids.len(), COLLECTORS.len());
        assert_eq!(collector(Id::Numastat).name, "numastat");
        assert_eq!(by_name("sar").map(|c| c.id), Some(Id::Sar));
        assert!(by_name("nonsense").is_none());
    }

    #[test]
    fn files_are_plain_names_in_the_bundle_root() {
        for file in all_files() {
            assert!(!file.contains('/') && !file.is_empty(), "{file}");
        }
    }
}
