//! CPU utilisation over time (mpstat, sar, nmon; iostat and vmstat as fallbacks) and CPU
//! topology (lscpu).

use super::CatalogEntry;
use crate::tools::{lscpu, mpstat};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "cpu.util_pct",
        Percent,
        Series,
        "All-CPU busy share per interval (100 − %idle − %iowait)",
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.usr_pct",
        Percent,
        Series,
        "All-CPU user time share per interval",
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.sys_pct",
        Percent,
        Series,
        "All-CPU system time share per interval",
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.iowait_pct",
        Percent,
        Series,
        "All-CPU iowait share per interval",
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.steal_pct",
        Percent,
        Series,
        "Time stolen by the hypervisor per interval",
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.irq_pct",
        Percent,
        Series,
        "Hard interrupt time share per interval",
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.soft_pct",
        Percent,
        Series,
        "Soft interrupt time share per interval",
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.<cpu>.util_pct",
        Percent,
        Series,
        "Busy share of one logical CPU per interval (100 − %idle − %iowait)",
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.<cpu>.soft_pct",
        Percent,
        Series,
        "Soft interrupt share of one logical CPU per interval",
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.busiest.id",
        None,
        Text,
        "The logical CPU with the highest average busy share",
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.busiest.util_pct",
        Percent,
        Series,
        "Busy share of the busiest logical CPU",
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.arch",
        None,
        Text,
        "CPU architecture (x86_64, aarch64)",
        lscpu::LSCPU
    ),
    entry!(
        "cpu.count",
        Count,
        Number,
        "Logical CPUs the OS sees",
        lscpu::LSCPU
    ),
    entry!("cpu.sockets", Count, Number, "CPU sockets", lscpu::LSCPU),
    entry!(
        "cpu.cores_per_socket",
        Count,
        Number,
        "Cores per socket",
        lscpu::LSCPU
    ),
    entry!(
        "cpu.threads_per_core",
        Count,
        Number,
        "Hardware threads per core (2 = SMT on)",
        lscpu::LSCPU
    ),
    entry!("cpu.numa_nodes", Count, Number, "NUMA nodes", lscpu::LSCPU),
    entry!(
        "cpu.numa.<node>.cpus",
        None,
        Text,
        "CPU list of one NUMA node",
        lscpu::LSCPU
    ),
    entry!(
        "cpu.vendor",
        None,
        Text,
        "CPU vendor (GenuineIntel, AuthenticAMD, HiSilicon)",
        lscpu::LSCPU
    ),
    entry!(
        "cpu.model_name",
        None,
        Text,
        "CPU model name (aarch64 cores named from their IDs as lscpu does: Kunpeng-920)",
        lscpu::LSCPU
    ),
    entry!(
        "cpu.max_mhz",
        Megahertz,
        Number,
        "Highest CPU frequency",
        lscpu::LSCPU
    ),
    entry!(
        "cpu.hypervisor",
        None,
        Text,
        "Hypervisor vendor seen from inside a VM",
        lscpu::LSCPU
    ),
    entry!(
        "cpu.lse_atomics",
        None,
        Flag,
        "aarch64 CPU offers LSE atomics (the `atomics` flag)",
        lscpu::LSCPU
    ),
];
