//! Operating-system settings: sysctl, /sys and /proc snapshots, file systems, kernel.

use super::CatalogEntry;
use crate::tools::{df, mounts, settings_snapshot, sysctl};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "sysctl.<name*>",
        None,
        Text,
        "A kernel setting as sysctl prints it (runs of blanks folded to one space), e.g. sysctl.kernel.numa_balancing",
        sysctl::ALL
    ),
    entry!(
        "os.numa_balancing",
        None,
        Number,
        "kernel.numa_balancing: automatic NUMA page migration (0 off, 1 on; 2/3 memory tiering)",
        sysctl::ALL
    ),
    entry!(
        "os.swappiness",
        None,
        Number,
        "vm.swappiness: how readily the kernel swaps anonymous memory (0–200)",
        sysctl::ALL
    ),
    entry!(
        "os.zone_reclaim_mode",
        None,
        Number,
        "vm.zone_reclaim_mode: reclaim on the local NUMA node before allocating remotely (0 off)",
        sysctl::ALL
    ),
    entry!(
        "os.nr_hugepages",
        Count,
        Number,
        "vm.nr_hugepages: static huge pages reserved",
        sysctl::ALL
    ),
    entry!(
        "os.dirty_ratio_pct",
        Percent,
        Number,
        "vm.dirty_ratio: share of memory dirty pages may fill before writers block",
        sysctl::ALL
    ),
    entry!(
        "os.dirty_background_ratio_pct",
        Percent,
        Number,
        "vm.dirty_background_ratio: share of memory dirty pages may fill before background writeback starts",
        sysctl::ALL
    ),
    entry!(
        "os.iommu_enabled",
        None,
        Flag,
        "At least one IOMMU/SMMU is registered with the kernel (/sys/class/iommu not empty; in dmesg, a unit's driver messages)",
        settings_snapshot::OR_DMESG
    ),
    entry!(
        "os.iommu_units",
        Count,
        Number,
        "IOMMU/SMMU units registered with the kernel (entries in /sys/class/iommu; in dmesg, distinct arm-smmu-v3, arm-smmu, AMD-Vi and, with DMA remapping on, Intel dmarN units)",
        settings_snapshot::OR_DMESG
    ),
    entry!(
        "os.iommu_passthrough",
        None,
        Flag,
        "DMA bypasses IOMMU translation (iommu group type identity, or dmesg's `iommu: Default domain type: Passthrough`; else iommu.passthrough=1 / iommu=pt on the kernel command line)",
        settings_snapshot::OR_DMESG
    ),
    entry!(
        "os.cmdline",
        None,
        Text,
        "Kernel command line (/proc/cmdline; dmesg's `Kernel command line:`)",
        settings_snapshot::OR_DMESG
    ),
    entry!(
        "fs.<dev>.type",
        None,
        Text,
        "File system type on a device (xfs, ext4, …); <dev> is the device path's last component",
        mounts::MOUNT
    ),
    entry!(
        "fs.<dev>.mount_point",
        None,
        Text,
        "Where the device is mounted (its first mount when bind-mounted again)",
        mounts::MOUNT
    ),
    entry!(
        "fs.<dev>.used_pct",
        Percent,
        Number,
        "Share of the file system's space in use, as df prints it (Use%, Capacity with -P): used ÷ (used + available), so 100 % is full for every user but root; sar -F %ufsused is the same share, the highest of its samples",
        df::SPACE_AND_INODES
    ),
    entry!(
        "fs.<dev>.inodes_used_pct",
        Percent,
        Number,
        "Share of the file system's inodes in use (df -i IUse%): at 100 % no file can be created whatever the free space; sar -F %Iused, the highest of its samples",
        df::INODES
    ),
    entry!(
        "fs.<dev>.inodes_free",
        Count,
        Number,
        "Inodes still free (df -i IFree; sar -F Ifree, the fewest of its samples)",
        df::INODES
    ),
    entry!(
        "fs.fullest.name",
        None,
        Text,
        "The file system fullest in space or inodes, as its device label",
        df::SPACE_AND_INODES
    ),
    entry!(
        "fs.fullest.used_pct",
        Percent,
        Number,
        "How full that file system is: the larger of its space and inode shares",
        df::SPACE_AND_INODES
    ),
];
