//! Activity over time from vmstat, sar, nmon, fio, top, uptime and pressure stall
//! information: run queue and load, memory use, paging, network throughput, benchmark
//! I/O, time lost waiting for CPU, memory and I/O.
//!
//! The same question gets the same key whichever tool answered it: vmstat's `r`, sar
//! `-q`'s `runq-sz` and nmon's PROC `Runnable` all feed `proc.runq`. CPU and block
//! device series shared with mpstat and iostat are catalogued in `cpu.rs` and `disk.rs`.

use super::CatalogEntry;
use crate::tools::{psi, sar, uptime, vmstat};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "proc.runq",
        Count,
        Series,
        "Runnable tasks (running or waiting for a CPU) per interval: vmstat r, sar -q runq-sz, nmon PROC Runnable",
        vmstat::EVERY_10S
    ),
    entry!(
        "proc.blocked",
        Count,
        Series,
        "Tasks blocked in uninterruptible sleep (mostly waiting for I/O) per interval: vmstat b, sar -q blocked",
        vmstat::EVERY_10S
    ),
    entry!(
        "load.avg1",
        Count,
        Series,
        "Load average over 1 minute (tasks running, waiting for a CPU or in uninterruptible sleep), one sample per snapshot; compare with cpu.count",
        uptime::OR_LOADAVG_LOOP
    ),
    entry!(
        "load.avg5",
        Count,
        Series,
        "Load average over 5 minutes, one sample per snapshot",
        uptime::OR_LOADAVG_LOOP
    ),
    entry!(
        "load.avg15",
        Count,
        Series,
        "Load average over 15 minutes, one sample per snapshot",
        uptime::OR_LOADAVG_LOOP
    ),
    entry!(
        "psi.<resource>.<kind>.avg10_pct",
        Percent,
        Series,
        "Pressure stall information, system-wide: share of the last 10 s in which some (kind some) or all non-idle (kind full) tasks stalled waiting for the resource (cpu, memory, io, irq), one sample per snapshot; the system's cpu full is undefined and left out",
        psi::SYSTEM
    ),
    entry!(
        "psi.cgroup.<group>.<resource>.<kind>.avg10_pct",
        Percent,
        Series,
        "Pressure stall information of one cgroup v2 group (named by its directory): share of the last 10 s in which some or all of its non-idle tasks stalled waiting for the resource, one sample per snapshot",
        psi::CGROUP
    ),
    entry!(
        "psi.<resource>.<kind>.avg60_pct",
        Percent,
        Series,
        "Pressure stall information, system-wide: share of the last 60 s in which some (kind some) or all non-idle (kind full) tasks stalled waiting for the resource (cpu, memory, io, irq), one sample per snapshot; the system's cpu full is undefined and left out",
        psi::SYSTEM
    ),
    entry!(
        "psi.cgroup.<group>.<resource>.<kind>.avg60_pct",
        Percent,
        Series,
        "Pressure stall information of one cgroup v2 group (named by its directory): share of the last 60 s in which some or all of its non-idle tasks stalled waiting for the resource, one sample per snapshot",
        psi::CGROUP
    ),
    entry!(
        "psi.<resource>.<kind>.avg300_pct",
        Percent,
        Series,
        "Pressure stall information, system-wide: share of the last 300 s in which some (kind some) or all non-idle (kind full) tasks stalled waiting for the resource (cpu, memory, io, irq), one sample per snapshot; the system's cpu full is undefined and left out",
        psi::SYSTEM
    ),
    entry!(
        "psi.cgroup.<group>.<resource>.<kind>.avg300_pct",
        Percent,
        Series,
        "Pressure stall information of one cgroup v2 group (named by its directory): share of the last 300 s in which some or all of its non-idle tasks stalled waiting for the resource, one sample per snapshot",
        psi::CGROUP
    ),
    entry!(
        "psi.<resource>.<kind>.stall_pct",
        Percent,
        Number,
        "Share of the whole capture in which some (or all) non-idle tasks stalled waiting for the resource, from the growth of the PSI total between the first and last snapshot; needs the time between them",
        psi::SYSTEM
    ),
    entry!(
        "mem.free_kib",
        Kibibytes,
        Series,
        "Free memory per interval (vmstat free, sar -r kbmemfree, nmon MEM memfree); a /proc/meminfo or free snapshot is one sample",
        vmstat::EVERY_10S
    ),
    entry!(
        "mem.available_kib",
        Kibibytes,
        Series,
        "Memory available to new work without swapping per interval (sar -r kbavail); a /proc/meminfo or free snapshot is one sample",
        sar::MEMORY
    ),
    entry!(
        "mem.swpd_kib",
        Kibibytes,
        Series,
        "Swap space in use per interval (vmstat swpd, sar -S kbswpused, nmon swaptotal − swapfree)",
        vmstat::EVERY_10S
    ),
    entry!(
        "mem.buff_kib",
        Kibibytes,
        Series,
        "Memory used as block-device buffers per interval",
        vmstat::EVERY_10S
    ),
    entry!(
        "mem.cache_kib",
        Kibibytes,
        Series,
        "Memory used as page cache per interval (vmstat also counts reclaimable slab here)",
        vmstat::EVERY_10S
    ),
    entry!(
        "mem.dirty_kib",
        Kibibytes,
        Series,
        "Memory waiting to be written back to disk per interval (sar -r kbdirty)",
        sar::MEMORY
    ),
    entry!(
        "mem.used_pct",
        Percent,
        Series,
        "Share of memory in use per interval, as sar -r %memused prints it: sysstat 12 leaves buffers, page cache and slab out, sysstat 10 counts them as used (near 100 % on any busy host); judge shortage by mem.available_kib and swapping",
        sar::MEMORY
    ),
    entry!(
        "mem.commit_pct",
        Percent,
        Series,
        "Memory committed to processes as a share of RAM + swap per interval (sar -r %commit; above 100 the system relies on overcommit)",
        sar::MEMORY
    ),
    entry!(
        "swap.in_kib_per_s",
        KilobytesPerSecond,
        Series,
        "Memory swapped in from disk per second (vmstat si; without vmstat, sar -W or /proc/vmstat pages × os.page_size_kib, 4 KiB when not captured); sustained non-zero means memory is short",
        vmstat::EVERY_10S
    ),
    entry!(
        "swap.out_kib_per_s",
        KilobytesPerSecond,
        Series,
        "Memory swapped out to disk per second (vmstat so; without vmstat, sar -W or /proc/vmstat pages × os.page_size_kib, 4 KiB when not captured); sustained non-zero means memory is short",
        vmstat::EVERY_10S
    ),
    entry!(
        "sys.intr_per_s",
        PerSecond,
        Series,
        "Interrupts per second, all CPUs (vmstat in, sar -I SUM)",
        vmstat::EVERY_10S
    ),
    entry!(
        "sys.cs_per_s",
        PerSecond,
        Series,
        "Context switches per second, all CPUs (vmstat cs, sar -w cswch/s, nmon PROC pswitch)",
        vmstat::EVERY_10S
    ),
    entry!(
        "net.busiest.name",
        None,
        Text,
        "Interface (loopback aside) with the highest average received or sent kB/s",
        sar::INTERFACES
    ),
    entry!(
        "net.<if>.rxkb_per_s",
        KilobytesPerSecond,
        Series,
        "Kilobytes received per second on one interface",
        sar::INTERFACES
    ),
    entry!(
        "net.<if>.txkb_per_s",
        KilobytesPerSecond,
        Series,
        "Kilobytes sent per second on one interface",
        sar::INTERFACES
    ),
    entry!(
        "net.<if>.rxpck_per_s",
        PerSecond,
        Series,
        "Packets received per second on one interface",
        sar::INTERFACES
    ),
    entry!(
        "net.<if>.txpck_per_s",
        PerSecond,
        Series,
        "Packets sent per second on one interface",
        sar::INTERFACES
    ),
    entry!(
        "net.<if>.ifutil_pct",
        Percent,
        Series,
        "Share of the interface's link speed in use (sar %ifutil; 0 when the driver reports no speed, as virtual NICs often do)",
        sar::INTERFACES
    ),
];
