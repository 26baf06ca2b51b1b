//! CPU utilisation over time (mpstat, sar, nmon; iostat and vmstat as fallbacks) and CPU
//! topology (lscpu).

use super::CatalogEntry;
use super::commands::*;

const LSCPU: &str = "lscpu";

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "cpu.util_pct",
        Percent,
        Series,
        "All-CPU busy share per interval (100 − %idle − %iowait)",
        ["mpstat", "iostat", "sar", "nmon", "vmstat", "scaling-table"],
        MPSTAT
    ),
    entry!(
        "cpu.usr_pct",
        Percent,
        Series,
        "All-CPU user time share per interval",
        ["mpstat", "iostat", "sar", "nmon", "vmstat"],
        MPSTAT
    ),
    entry!(
        "cpu.sys_pct",
        Percent,
        Series,
        "All-CPU system time share per interval",
        ["mpstat", "iostat", "sar", "nmon", "vmstat"],
        MPSTAT
    ),
    entry!(
        "cpu.iowait_pct",
        Percent,
        Series,
        "All-CPU iowait share per interval",
        ["mpstat", "iostat", "sar", "nmon", "vmstat"],
        MPSTAT
    ),
    entry!(
        "cpu.steal_pct",
        Percent,
        Series,
        "Time stolen by the hypervisor per interval",
        ["mpstat", "iostat", "sar", "nmon", "vmstat"],
        MPSTAT
    ),
    entry!(
        "cpu.irq_pct",
        Percent,
        Series,
        "Hard interrupt time share per interval",
        ["mpstat", "sar"],
        MPSTAT
    ),
    entry!(
        "cpu.soft_pct",
        Percent,
        Series,
        "Soft interrupt time share per interval",
        ["mpstat", "sar"],
        MPSTAT
    ),
    entry!(
        "cpu.<cpu>.util_pct",
        Percent,
        Series,
        "Busy share of one logical CPU per interval (100 − %idle − %iowait)",
        ["mpstat", "sar", "nmon"],
        MPSTAT
    ),
    entry!(
        "cpu.<cpu>.soft_pct",
        Percent,
        Series,
        "Soft interrupt share of one logical CPU per interval",
        ["mpstat", "sar"],
        MPSTAT
    ),
    entry!(
        "cpu.busiest.id",
        None,
        Text,
        "The logical CPU with the highest average busy share",
        ["derived"],
        MPSTAT
    ),
    entry!(
        "cpu.busiest.util_pct",
        Percent,
        Series,
        "Busy share of the busiest logical CPU",
        ["derived"],
        MPSTAT
    ),
    entry!(
        "cpu.arch",
        None,
        Text,
        "CPU architecture (x86_64, aarch64)",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.count",
        Count,
        Number,
        "Logical CPUs the OS sees",
        ["lscpu", "mpstat", "iostat", "sar", "nmon", "bundle.yaml"],
        LSCPU
    ),
    entry!(
        "cpu.sockets",
        Count,
        Number,
        "CPU sockets",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.cores_per_socket",
        Count,
        Number,
        "Cores per socket",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.threads_per_core",
        Count,
        Number,
        "Hardware threads per core (2 = SMT on)",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.numa_nodes",
        Count,
        Number,
        "NUMA nodes",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.numa.<node>.cpus",
        None,
        Text,
        "CPU list of one NUMA node",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.vendor",
        None,
        Text,
        "CPU vendor (GenuineIntel, AuthenticAMD, HiSilicon)",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.model_name",
        None,
        Text,
        "CPU model name",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.max_mhz",
        Megahertz,
        Number,
        "Highest CPU frequency",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.hypervisor",
        None,
        Text,
        "Hypervisor vendor seen from inside a VM",
        ["lscpu"],
        LSCPU
    ),
    entry!(
        "cpu.lse_atomics",
        None,
        Flag,
        "aarch64 CPU offers LSE atomics (the `atomics` flag)",
        ["lscpu"],
        LSCPU
    ),
];
