//! What a collector of `perfsage capture` is: what it records, when in the capture it
//! runs, the program and packages it needs. Each tool's spec lists its collectors; the
//! capture's scheduler and `--check` read them from there.

use std::fmt;

/// When a collector runs, in the order the phases come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
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

impl Package {
    /// A package both package managers call `name`.
    const fn named(name: &'static str) -> Package {
        Package {
            apt: name,
            yum: name,
        }
    }
}

pub const SYSSTAT: Package = Package::named("sysstat");
pub const PROCPS: Package = Package {
    apt: "procps",
    yum: "procps-ng",
};
pub const NUMACTL: Package = Package::named("numactl");
pub const UTIL_LINUX: Package = Package::named("util-linux");
pub const PERF: Package = Package {
    apt: "linux-perf",
    yum: "perf",
};
pub const DMIDECODE: Package = Package::named("dmidecode");
pub const COREUTILS: Package = Package::named("coreutils");
pub const ETHTOOL: Package = Package::named("ethtool");
pub const IPROUTE2: Package = Package {
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
