//! One cgroup's CPU quota and memory limit and what it did against them, from its
//! control files (v1 and v2, `src/parse/os/cgroup.rs`). `<group>` is the group's
//! directory name (`root` for a hierarchy's root). Counters are over the capture when
//! it holds two snapshots of the files, else since the group was created; rates need
//! the time between the snapshots (a `date +%s` line before each).

use super::CatalogEntry;
use crate::tools::cgroup;

pub static ENTRIES: &[CatalogEntry] = &[
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
];
