//! CPU utilisation over time (mpstat, sar, nmon; iostat and vmstat as fallbacks) and CPU
//! topology (lscpu).

use super::CatalogEntry;
use crate::tools::{cpuinfo, lscpu, mpstat, settings_snapshot};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "cpu.util_pct",
        Percent,
        Series,
        "All-CPU busy share per interval (100 − %idle − %iowait)",
        [
            "mpstat",
            "iostat",
            "sar",
            "sadf",
            "nmon",
            "vmstat",
            "scaling-table",
            "proc-samples",
            "top"
        ],
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.usr_pct",
        Percent,
        Series,
        "All-CPU user time share per interval",
        [
            "mpstat",
            "iostat",
            "sar",
            "sadf",
            "nmon",
            "vmstat",
            "proc-samples",
            "top"
        ],
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.sys_pct",
        Percent,
        Series,
        "All-CPU system time share per interval",
        [
            "mpstat",
            "iostat",
            "sar",
            "sadf",
            "nmon",
            "vmstat",
            "proc-samples",
            "top"
        ],
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.iowait_pct",
        Percent,
        Series,
        "All-CPU iowait share per interval",
        [
            "mpstat",
            "iostat",
            "sar",
            "sadf",
            "nmon",
            "vmstat",
            "proc-samples",
            "top"
        ],
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.steal_pct",
        Percent,
        Series,
        "Time stolen by the hypervisor per interval",
        [
            "mpstat",
            "iostat",
            "sar",
            "sadf",
            "nmon",
            "vmstat",
            "proc-samples",
            "top"
        ],
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.irq_pct",
        Percent,
        Series,
        "Hard interrupt time share per interval",
        ["mpstat", "sar", "sadf", "proc-samples", "top"],
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.soft_pct",
        Percent,
        Series,
        "Soft interrupt time share per interval",
        ["mpstat", "sar", "sadf", "proc-samples", "top"],
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.<cpu>.util_pct",
        Percent,
        Series,
        "Busy share of one logical CPU per interval (100 − %idle − %iowait)",
        ["mpstat", "sar", "sadf", "nmon", "proc-samples"],
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.<cpu>.soft_pct",
        Percent,
        Series,
        "Soft interrupt share of one logical CPU per interval",
        ["mpstat", "sar", "sadf", "proc-samples"],
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.busiest.id",
        None,
        Text,
        "The logical CPU with the highest average busy share",
        ["derived"],
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.busiest.util_pct",
        Percent,
        Series,
        "Busy share of the busiest logical CPU",
        ["derived"],
        mpstat::ALL_CPUS
    ),
    entry!(
        "cpu.arch",
        None,
        Text,
        "CPU architecture (x86_64, aarch64)",
        ["lscpu", "cpuinfo", "uname", "settings-snapshot"],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.count",
        Count,
        Number,
        "Logical CPUs the OS sees",
        [
            "lscpu",
            "cpuinfo",
            "mpstat",
            "iostat",
            "sar",
            "sadf",
            "nmon",
            "bundle.yaml",
            "pidstat"
        ],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.sockets",
        Count,
        Number,
        "CPU sockets",
        ["lscpu", "cpuinfo"],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.cores_per_socket",
        Count,
        Number,
        "Cores per socket",
        ["lscpu", "cpuinfo"],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.threads_per_core",
        Count,
        Number,
        "Hardware threads per core (2 = SMT on)",
        ["lscpu", "cpuinfo"],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.numa_nodes",
        Count,
        Number,
        "NUMA nodes",
        ["lscpu", "numactl"],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.numa.<node>.cpus",
        None,
        Text,
        "CPU list of one NUMA node",
        ["lscpu", "numactl"],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.vendor",
        None,
        Text,
        "CPU vendor (GenuineIntel, AuthenticAMD, HiSilicon)",
        ["lscpu", "cpuinfo"],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.model_name",
        None,
        Text,
        "CPU model name (aarch64 cores named from their IDs as lscpu does: Kunpeng-920)",
        ["lscpu", "cpuinfo"],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.max_mhz",
        Megahertz,
        Number,
        "Highest CPU frequency",
        ["lscpu", "settings-snapshot"],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.hypervisor",
        None,
        Text,
        "Hypervisor vendor seen from inside a VM",
        ["lscpu", "cpuinfo"],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.lse_atomics",
        None,
        Flag,
        "aarch64 CPU offers LSE atomics (the `atomics` flag)",
        ["lscpu", "cpuinfo"],
        lscpu::LSCPU
    ),
    entry!(
        "cpu.implementer",
        None,
        Text,
        "aarch64 `CPU implementer` code (0x48 = HiSilicon, 0x41 = ARM, 0x70 = Phytium)",
        ["cpuinfo"],
        cpuinfo::CAT
    ),
    entry!(
        "cpu.part",
        None,
        Text,
        "aarch64 `CPU part` code (0xd01 with implementer 0x48 = Kunpeng 920)",
        ["cpuinfo"],
        cpuinfo::CAT
    ),
    entry!(
        "cpu.governor",
        None,
        Text,
        "cpufreq scaling governor of every CPU (performance, ondemand, …), or mixed when they differ",
        ["settings-snapshot"],
        settings_snapshot::UNDER_LOAD
    ),
    entry!(
        "cpu.<cpu>.governor",
        None,
        Text,
        "cpufreq scaling governor of one CPU (given only when CPUs differ)",
        ["settings-snapshot"],
        settings_snapshot::UNDER_LOAD
    ),
    entry!(
        "cpu.cur_freq_min_mhz",
        Megahertz,
        Number,
        "Lowest current CPU frequency (scaling_cur_freq) when the snapshot was taken",
        ["settings-snapshot"],
        settings_snapshot::UNDER_LOAD
    ),
    entry!(
        "cpu.cur_freq_avg_mhz",
        Megahertz,
        Number,
        "Average current CPU frequency (scaling_cur_freq) over the CPUs",
        ["settings-snapshot"],
        settings_snapshot::UNDER_LOAD
    ),
    entry!(
        "cpu.cur_freq_max_mhz",
        Megahertz,
        Number,
        "Highest current CPU frequency (scaling_cur_freq) when the snapshot was taken",
        ["settings-snapshot"],
        settings_snapshot::UNDER_LOAD
    ),
    entry!(
        "cpu.smt_control",
        None,
        Text,
        "SMT control state: on, off, forceoff, notsupported or notimplemented",
        ["settings-snapshot"],
        settings_snapshot::UNDER_LOAD
    ),
    entry!(
        "cpu.smt_active",
        None,
        Flag,
        "Sibling hardware threads are online (SMT in use)",
        ["settings-snapshot"],
        settings_snapshot::UNDER_LOAD
    ),
];
