//! /proc/vmstat: paging, reclaim, working-set refaults and NUMA allocation counters.

use super::collector::{Collector, Id, When};
use super::{Spec, families};
use crate::parse::os::proc_vmstat::ProcVmstat;

pub const BEFORE_AND_AFTER: &str = "date +%s; cat /proc/vmstat (before the load), then again at its end (perfsage capture writes proc_vmstat.txt)";

pub static SPEC: Spec = Spec {
    id: "proc-vmstat",
    parsers: &[&ProcVmstat],
    captures: &[BEFORE_AND_AFTER],
    facts: &[
        families::PAGING,
        &[
            "mem.pgscan_per_s",
            "mem.pgsteal_kswapd_per_s",
            "mem.pgsteal_direct_per_s",
            "mem.workingset_refaults_per_s",
            "mem.workingset_refaults_anon_per_s",
            "mem.workingset_refaults_file_per_s",
            "numa.hit_per_s",
            "numa.miss_per_s",
            "numa.foreign_per_s",
            "numa.local_per_s",
            "numa.other_per_s",
            "mem.thp_fault_alloc_per_s",
            "mem.thp_fault_fallback_per_s",
            "mem.thp_collapse_alloc_per_s",
            "mem.pgpgin_kib",
            "mem.pgpgout_kib",
            "mem.page_faults",
            "mem.major_faults",
            "mem.pgfree",
            "mem.pgscan_kswapd",
            "mem.pgscan_direct",
            "mem.pgscan",
            "mem.pgsteal",
            "mem.pgsteal_kswapd",
            "mem.pgsteal_direct",
            "mem.workingset_refaults",
            "mem.workingset_refaults_anon",
            "mem.workingset_refaults_file",
            "swap.in_pages",
            "swap.out_pages",
            "numa.hit",
            "numa.miss",
            "numa.foreign",
            "numa.local",
            "numa.other",
            "mem.thp_fault_alloc",
            "mem.thp_fault_fallback",
            "mem.thp_collapse_alloc",
        ],
    ],
    collectors: &[Collector {
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
    }],
};
