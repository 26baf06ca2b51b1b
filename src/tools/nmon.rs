//! nmon recordings (`nmon -f`): CPU, memory, disks and network in one CSV-like file.

use super::Spec;
use crate::parse::activity::nmon::Nmon;

pub static SPEC: Spec = Spec {
    id: "nmon",
    parsers: &[&Nmon],
    captures: &[],
    facts: &[
        "proc.runq",
        "proc.blocked",
        "mem.free_kib",
        "mem.swpd_kib",
        "mem.buff_kib",
        "mem.cache_kib",
        "sys.cs_per_s",
        "net.busiest.name",
        "net.<if>.rxkb_per_s",
        "net.<if>.txkb_per_s",
        "net.<if>.rxpck_per_s",
        "net.<if>.txpck_per_s",
        "cpu.util_pct",
        "cpu.usr_pct",
        "cpu.sys_pct",
        "cpu.iowait_pct",
        "cpu.steal_pct",
        "cpu.<cpu>.util_pct",
        "cpu.count",
        "disk.<dev>.util_pct",
        "disk.<dev>.rkb_per_s",
        "disk.<dev>.wkb_per_s",
        "disk.<dev>.io_per_s",
        "host.name",
        "os.kernel",
    ],
    collectors: &[],
};
