//! `sar` text reports (sysstat 10 to 12): CPU (`-u`, `-u ALL`, `-P ALL`), block devices
//! (`-d`, with or without `-p`), memory (`-r`), swap space (`-S`), run queue (`-q`),
//! context switches (`-w`), interrupts (`-I SUM`), network interfaces (`-n DEV`) and
//! their errors (`-n EDEV`), TCP traffic and errors (`-n TCP`, `-n ETCP`) and sockets
//! (`-n SOCK`), paging (`-B`), swapping (`-W`) and file systems (`-F`), alone or several
//! in one file (`sar -u -d -r -n DEV 1 3`, `sar -A -f sa02`). One
//! parser reads them all: each section is recognised by its header line, and columns
//! are found by name, so old layouts (`rd_sec/s`, `avgqu-sz`) and the sysstat 12
//! `-p` layout (device name last) parse alike.
//!
//! ```text
//! Linux 6.18.44-fc-v1045 (vm)   12/02/26   _x86_64_   (2 CPU)
//!
//! 13:19:53        CPU     %user     %nice   %system   %iowait    %steal     %idle
//! 13:19:54        all     63.82      0.00     31.66      0.50      1.51      2.51
//!
//! 13:19:53    kbmemfree   kbavail kbmemused  %memused kbbuffers  kbcached  kbcommit   %commit  kbactive   kbinact   kbdirty
//! 13:19:54     21923020  23992852    366980      1.49     17032   2215684    624060      2.53   1167268   1180008    312312
//!
//! 13:19:53          tps     rkB/s     wkB/s     dkB/s   areq-sz    aqu-sz     await     %util DEV
//! 13:19:54     40089.00  81152.00  79468.00     40.00      4.01     22.89      0.57     88.00 vda
//!
//! 13:19:53      rxpck/s   txpck/s    rxkB/s    txkB/s   rxcmp/s   txcmp/s  rxmcst/s   %ifutil IFACE
//! 13:19:54      2435.00   2435.00  98043.65  98043.65      0.00      0.00      0.00      0.00 lo
//! …
//! Average:        CPU     %user     %nice   %system   %iowait    %steal     %idle
//! Average:        all     65.78      0.00     30.70      0.84      0.50      2.18
//! ```
//!
//! `sar -h` / `--human` values (`92.0%`, `32.0k`, `4.6M`) are read back into sar's
//! plain units (`human_value`), so the same data gives the same facts.
//!
//! Times may be 24-hour, 12-hour (`01:19:22 PM`) or zh_CN (`13时20分04秒`, averages
//! under `平均时间:`). sar reports only intervals (never a since-boot line); its
//! `Average:` rows are used only for a section that has no interval rows.
//!
//! Facts (series), with the same keys and meanings as mpstat, iostat, vmstat and nmon:
//! `cpu.{util,usr,sys,iowait,steal,irq,soft}_pct` (util = 100 − %idle − %iowait),
//! `cpu.<n>.{util,soft}_pct`; `disk.<dev>.{util_pct,io_per_s,rkb_per_s,wkb_per_s,
//! await_ms,aqu_sz,svctm_ms}` (`rd_sec/s` halved into KiB); `net.<if>.{rxpck_per_s,
//! txpck_per_s,rxkb_per_s,txkb_per_s,ifutil_pct}`, `net.<if>.{rxerr,txerr,coll,rxdrop,
//! txdrop,txcarr,rxfram,rxfifo,txfifo}_per_s`; `net.tcp.{active_opens,passive_opens,
//! segments_in,segments_out,attempt_fails,established_resets,retrans,segments_in_errors,
//! resets_out}_per_s`; `net.sockets.{total,tcp,udp,raw,ip_fragments,tcp_timewait}`;
//! `mem.{free,available,buff,cache,dirty}_kib`,
//! `mem.{used,commit}_pct`, `mem.swpd_kib`; `proc.runq`, `proc.blocked`;
//! `sys.cs_per_s`, `sys.intr_per_s`; `mem.{pgpgin,pgpgout}_kib_per_s` (KiB, as sar
//! prints them), `mem.{page_faults,major_faults,pgfree,pgscan_kswapd,pgscan_direct,
//! pgsteal}_per_s` (pages), `mem.vmeff_pct`; `swap.{in,out}_pages_per_s` (pages: vmstat's
//! `si`/`so` are KiB, and sar does not say the page size, so the keys differ);
//! `fs.<dev>.{used_pct,inodes_used_pct,inodes_free}` as df gives them (numbers: the worst
//! sample); `psi.{cpu,io,memory}.{some,full}.{avg10,avg60,avg300}_pct` (series) and
//! `….stall_pct` (the mean share of the intervals) from `-q`'s pressure sections. Device names are as printed: `dev8-0` without `-p`, `sda` with it.
//!
//! sar's other reports (`-b`, `-v`, `-m`, `-y`, `-H`, `-n NFS` …) are passed over; a
//! file holding only such reports is still told apart as sar's, and its error names
//! them.

use super::human_value::{Human, human_value};
use super::sysstat_header;
use super::whole_row::has_two_decimals;
use crate::facts::{SeriesBuilder, Unit};
use crate::parse::activity::time_of_day::{IntervalTracker, seconds_of_day};
use crate::parse::instance_label::{device_label, label_from_bytes};
use crate::parse::sink::{Reading, Strength};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::fields::FieldSlots;
use crate::text::lines::Line;
use crate::text::number::parse_u64;
use crate::text::row_shape::{RowFields, RowShape};

pub struct Sar;

/// The report sections perfsage reads; anything else (`-n IP`, `-I` per IRQ rows, `-m`,
/// …) is skipped until the next header.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Section {
    Cpu,
    Disk,
    Net,
    Memory,
    Swap,
    Queue,
    Tasks,
    Interrupts,
    NetErrors,
    Sockets,
    Tcp,
    TcpErrors,
    Paging,
    Swapping,
    Filesystems,
    /// `-q` in sysstat 12.7 and later: pressure stall information per resource.
    PressureCpu,
    PressureIo,
    PressureMemory,
}

pub(super) const SECTIONS: [Section; 18] = [
    Section::Cpu,
    Section::Disk,
    Section::Net,
    Section::Memory,
    Section::Swap,
    Section::Queue,
    Section::Tasks,
    Section::Interrupts,
    Section::NetErrors,
    Section::Sockets,
    Section::Tcp,
    Section::TcpErrors,
    Section::Paging,
    Section::Swapping,
    Section::Filesystems,
    Section::PressureCpu,
    Section::PressureIo,
    Section::PressureMemory,
];

/// Metric names: a key suffix for sections with an instance label (CPU, device,
/// interface), else the whole key.
const CPU_METRICS: &[(&str, Unit)] = &[
    ("util_pct", Unit::Percent),
    ("usr_pct", Unit::Percent),
    ("sys_pct", Unit::Percent),
    ("iowait_pct", Unit::Percent),
    ("steal_pct", Unit::Percent),
    ("irq_pct", Unit::Percent),
    ("soft_pct", Unit::Percent),
];
pub(super) const CPU_UTIL: usize = 0;
const CPU_IOWAIT: usize = 3;
const CPU_SOFT: usize = 6;
const DISK_METRICS: &[(&str, Unit)] = &[
    ("util_pct", Unit::Percent),
    ("io_per_s", Unit::PerSecond),
    ("rkb_per_s", Unit::KilobytesPerSecond),
    ("wkb_per_s", Unit::KilobytesPerSecond),
    ("await_ms", Unit::Milliseconds),
    ("aqu_sz", Unit::Count),
    ("svctm_ms", Unit::Milliseconds),
];
const NET_METRICS: &[(&str, Unit)] = &[
    ("rxpck_per_s", Unit::PerSecond),
    ("txpck_per_s", Unit::PerSecond),
    ("rxkb_per_s", Unit::KilobytesPerSecond),
    ("txkb_per_s", Unit::KilobytesPerSecond),
    ("ifutil_pct", Unit::Percent),
];
const MEMORY_METRICS: &[(&str, Unit)] = &[
    ("mem.free_kib", Unit::Kibibytes),
    ("mem.available_kib", Unit::Kibibytes),
    ("mem.used_pct", Unit::Percent),
    ("mem.buff_kib", Unit::Kibibytes),
    ("mem.cache_kib", Unit::Kibibytes),
    ("mem.commit_pct", Unit::Percent),
    ("mem.dirty_kib", Unit::Kibibytes),
];
const SWAP_METRICS: &[(&str, Unit)] = &[("mem.swpd_kib", Unit::Kibibytes)];
/// `%scpu-10 %scpu-60 %scpu-300 %scpu`: the kernel's running averages at each sample,
/// then the share of the interval itself; over the capture that last one is kept as
/// its mean, the same figure /proc/pressure's `total` gives between two snapshots.
const PRESSURE_CPU_METRICS: &[(&str, Unit)] = &[
    ("psi.cpu.some.avg10_pct", Unit::Percent),
    ("psi.cpu.some.avg60_pct", Unit::Percent),
    ("psi.cpu.some.avg300_pct", Unit::Percent),
    ("psi.cpu.some.stall_pct", Unit::Percent),
];
const PRESSURE_IO_METRICS: &[(&str, Unit)] = &[
    ("psi.io.some.avg10_pct", Unit::Percent),
    ("psi.io.some.avg60_pct", Unit::Percent),
    ("psi.io.some.avg300_pct", Unit::Percent),
    ("psi.io.some.stall_pct", Unit::Percent),
    ("psi.io.full.avg10_pct", Unit::Percent),
    ("psi.io.full.avg60_pct", Unit::Percent),
    ("psi.io.full.avg300_pct", Unit::Percent),
    ("psi.io.full.stall_pct", Unit::Percent),
];
const PRESSURE_MEMORY_METRICS: &[(&str, Unit)] = &[
    ("psi.memory.some.avg10_pct", Unit::Percent),
    ("psi.memory.some.avg60_pct", Unit::Percent),
    ("psi.memory.some.avg300_pct", Unit::Percent),
    ("psi.memory.some.stall_pct", Unit::Percent),
    ("psi.memory.full.avg10_pct", Unit::Percent),
    ("psi.memory.full.avg60_pct", Unit::Percent),
    ("psi.memory.full.avg300_pct", Unit::Percent),
    ("psi.memory.full.stall_pct", Unit::Percent),
];
/// The metrics of a pressure section that are shares of each interval (`%scpu`).
const PRESSURE_INTERVAL_SHARES: [usize; 2] = [3, 7];
const QUEUE_METRICS: &[(&str, Unit)] = &[("proc.runq", Unit::Count), ("proc.blocked", Unit::Count)];
const TASK_METRICS: &[(&str, Unit)] = &[("sys.cs_per_s", Unit::PerSecond)];
const INTERRUPT_METRICS: &[(&str, Unit)] = &[("sys.intr_per_s", Unit::PerSecond)];
/// `-n EDEV`, per interface, in sar's column order.
const NET_ERROR_METRICS: &[(&str, Unit)] = &[
    ("rxerr_per_s", Unit::PerSecond),
    ("txerr_per_s", Unit::PerSecond),
    ("coll_per_s", Unit::PerSecond),
    ("rxdrop_per_s", Unit::PerSecond),
    ("txdrop_per_s", Unit::PerSecond),
    ("txcarr_per_s", Unit::PerSecond),
    ("rxfram_per_s", Unit::PerSecond),
    ("rxfifo_per_s", Unit::PerSecond),
    ("txfifo_per_s", Unit::PerSecond),
];
/// `-n SOCK`: sockets in use and IP fragments queued, at each sample.
const SOCKET_METRICS: &[(&str, Unit)] = &[
    ("net.sockets.total", Unit::Count),
    ("net.sockets.tcp", Unit::Count),
    ("net.sockets.udp", Unit::Count),
    ("net.sockets.raw", Unit::Count),
    ("net.sockets.ip_fragments", Unit::Count),
    ("net.sockets.tcp_timewait", Unit::Count),
];
/// `-n TCP`: the RFC 1213 counters ActiveOpens, PassiveOpens, InSegs, OutSegs per second.
const TCP_METRICS: &[(&str, Unit)] = &[
    ("net.tcp.active_opens_per_s", Unit::PerSecond),
    ("net.tcp.passive_opens_per_s", Unit::PerSecond),
    ("net.tcp.segments_in_per_s", Unit::PerSecond),
    ("net.tcp.segments_out_per_s", Unit::PerSecond),
];
/// `-n ETCP`: AttemptFails, EstabResets, RetransSegs, InErrs, OutRsts per second.
const TCP_ERROR_METRICS: &[(&str, Unit)] = &[
    ("net.tcp.attempt_fails_per_s", Unit::PerSecond),
    ("net.tcp.established_resets_per_s", Unit::PerSecond),
    ("net.tcp.retrans_per_s", Unit::PerSecond),
    ("net.tcp.segments_in_errors_per_s", Unit::PerSecond),
    ("net.tcp.resets_out_per_s", Unit::PerSecond),
];

/// `-B`: paging activity. `pgpgin/s` and `pgpgout/s` are KiB (the kernel's pgpgin
/// counter is kept in 1 KiB units whatever the page size); the rest count pages.
const PAGING_METRICS: &[(&str, Unit)] = &[
    ("mem.pgpgin_kib_per_s", Unit::KilobytesPerSecond),
    ("mem.pgpgout_kib_per_s", Unit::KilobytesPerSecond),
    ("mem.page_faults_per_s", Unit::PerSecond),
    ("mem.major_faults_per_s", Unit::PerSecond),
    ("mem.pgfree_per_s", Unit::PerSecond),
    ("mem.pgscan_kswapd_per_s", Unit::PerSecond),
    ("mem.pgscan_direct_per_s", Unit::PerSecond),
    ("mem.pgsteal_per_s", Unit::PerSecond),
    ("mem.vmeff_pct", Unit::Percent),
];
/// `-W`: pages swapped in and out per second. Pages, not KiB as vmstat's `si`/`so`
/// (`swap.{in,out}_kib_per_s`): the page size (4 KiB on x86, often 64 KiB on
/// aarch64) is not in sar's output, so no conversion is guessed.
const SWAPPING_METRICS: &[(&str, Unit)] = &[
    ("swap.in_pages_per_s", Unit::PerSecond),
    ("swap.out_pages_per_s", Unit::PerSecond),
];
/// `-F`, per file system, with df's keys: `%ufsused` is df's Use% (the share seen by
/// ordinary users), `%Iused` df -i's IUse%. These are levels, not rates, so each is
/// one number: the worst the capture saw (highest share, fewest free inodes).
const FILESYSTEM_METRICS: &[(&str, Unit)] = &[
    ("used_pct", Unit::Percent),
    ("inodes_used_pct", Unit::Percent),
    ("inodes_free", Unit::Count),
];
const FS_INODES_FREE: usize = 2;

impl Section {
    pub(super) fn index(self) -> usize {
        self as usize
    }

    /// The section a header introduces and where its label column sits (among the
    /// tokens after the time).
    pub(super) fn of_header(names: &[&[u8]]) -> Option<(Section, Option<usize>)> {
        let at = |want: &[u8]| names.iter().position(|n| *n == want);
        let has = |want: &[u8]| at(want).is_some();
        // pidstat shares column names (`cswch/s`, `%usr`) but its rows are processes
        // or threads (`UID PID … Command`), never the whole system.
        if has(b"PID") || has(b"TGID") || has(b"TID") {
            return None;
        }
        if let Some(cpu) = at(b"CPU")
            && has(b"%idle")
        {
            return Some((Section::Cpu, Some(cpu)));
        }
        if let Some(dev) = at(b"DEV")
            && has(b"tps")
        {
            return Some((Section::Disk, Some(dev)));
        }
        if let Some(iface) = at(b"IFACE")
            && has(b"rxkB/s")
        {
            return Some((Section::Net, Some(iface)));
        }
        if let Some(iface) = at(b"IFACE")
            && has(b"rxerr/s")
        {
            return Some((Section::NetErrors, Some(iface)));
        }
        if let Some(fs) = at(b"FILESYSTEM")
            && has(b"%ufsused")
        {
            return Some((Section::Filesystems, Some(fs)));
        }
        if let Some(intr) = at(b"INTR") {
            return Some((Section::Interrupts, Some(intr)));
        }
        let section = if has(b"kbmemfree") {
            Section::Memory
        } else if has(b"kbswpused") {
            Section::Swap
        } else if has(b"runq-sz") {
            Section::Queue
        } else if has(b"cswch/s") {
            Section::Tasks
        } else if has(b"totsck") && has(b"tcpsck") {
            Section::Sockets
        } else if has(b"active/s") && has(b"oseg/s") {
            Section::Tcp
        } else if has(b"atmptf/s") && has(b"retrans/s") {
            Section::TcpErrors
        } else if has(b"pgpgin/s") && has(b"majflt/s") {
            Section::Paging
        } else if has(b"pswpin/s") && has(b"pswpout/s") {
            Section::Swapping
        } else if has(b"%scpu-10") {
            Section::PressureCpu
        } else if has(b"%sio-10") {
            Section::PressureIo
        } else if has(b"%smem-10") {
            Section::PressureMemory
        } else {
            return None;
        };
        Some((section, None))
    }

    pub(super) fn metrics(self) -> &'static [(&'static str, Unit)] {
        match self {
            Section::Cpu => CPU_METRICS,
            Section::Disk => DISK_METRICS,
            Section::Net => NET_METRICS,
            Section::Memory => MEMORY_METRICS,
            Section::Swap => SWAP_METRICS,
            Section::Queue => QUEUE_METRICS,
            Section::Tasks => TASK_METRICS,
            Section::Interrupts => INTERRUPT_METRICS,
            Section::NetErrors => NET_ERROR_METRICS,
            Section::Sockets => SOCKET_METRICS,
            Section::Tcp => TCP_METRICS,
            Section::TcpErrors => TCP_ERROR_METRICS,
            Section::Paging => PAGING_METRICS,
            Section::Swapping => SWAPPING_METRICS,
            Section::Filesystems => FILESYSTEM_METRICS,
            Section::PressureCpu => PRESSURE_CPU_METRICS,
            Section::PressureIo => PRESSURE_IO_METRICS,
            Section::PressureMemory => PRESSURE_MEMORY_METRICS,
        }
    }

    /// The metric a column feeds and the factor to the metric's unit.
    pub(super) fn column(self, name: &[u8]) -> Option<(usize, f64)> {
        let metric = match (self, name) {
            (Section::Cpu, b"%user" | b"%usr") => 1,
            (Section::Cpu, b"%system" | b"%sys") => 2,
            (Section::Cpu, b"%iowait") => CPU_IOWAIT,
            (Section::Cpu, b"%steal") => 4,
            (Section::Cpu, b"%irq") => 5,
            (Section::Cpu, b"%soft") => CPU_SOFT,
            (Section::Disk, b"%util") => 0,
            (Section::Disk, b"tps") => 1,
            (Section::Disk, b"rkB/s") => 2,
            (Section::Disk, b"rd_sec/s") => return Some((2, 0.5)),
            (Section::Disk, b"wkB/s") => 3,
            (Section::Disk, b"wr_sec/s") => return Some((3, 0.5)),
            (Section::Disk, b"await") => 4,
            (Section::Disk, b"aqu-sz" | b"avgqu-sz") => 5,
            (Section::Disk, b"svctm") => 6,
            (Section::Net, b"rxpck/s") => 0,
            (Section::Net, b"txpck/s") => 1,
            (Section::Net, b"rxkB/s") => 2,
            (Section::Net, b"txkB/s") => 3,
            (Section::Net, b"%ifutil") => 4,
            (Section::Memory, b"kbmemfree") => 0,
            (Section::Memory, b"kbavail") => 1,
            (Section::Memory, b"%memused") => 2,
            (Section::Memory, b"kbbuffers") => 3,
            (Section::Memory, b"kbcached") => 4,
            (Section::Memory, b"%commit") => 5,
            (Section::Memory, b"kbdirty") => 6,
            (Section::Swap, b"kbswpused") => 0,
            (Section::Queue, b"runq-sz") => 0,
            (Section::Queue, b"blocked") => 1,
            (Section::Tasks, b"cswch/s") => 0,
            // sysstat 12 prints one column per CPU after `all`; older ones `intr/s`.
            (Section::Interrupts, b"all" | b"intr/s") => 0,
            (Section::NetErrors, b"rxerr/s") => 0,
            (Section::NetErrors, b"txerr/s") => 1,
            (Section::NetErrors, b"coll/s") => 2,
            (Section::NetErrors, b"rxdrop/s") => 3,
            (Section::NetErrors, b"txdrop/s") => 4,
            (Section::NetErrors, b"txcarr/s") => 5,
            (Section::NetErrors, b"rxfram/s") => 6,
            (Section::NetErrors, b"rxfifo/s") => 7,
            (Section::NetErrors, b"txfifo/s") => 8,
            (Section::Sockets, b"totsck") => 0,
            (Section::Sockets, b"tcpsck") => 1,
            (Section::Sockets, b"udpsck") => 2,
            (Section::Sockets, b"rawsck") => 3,
            (Section::Sockets, b"ip-frag") => 4,
            (Section::Sockets, b"tcp-tw") => 5,
            (Section::Tcp, b"active/s") => 0,
            (Section::Tcp, b"passive/s") => 1,
            (Section::Tcp, b"iseg/s") => 2,
            (Section::Tcp, b"oseg/s") => 3,
            (Section::TcpErrors, b"atmptf/s") => 0,
            (Section::TcpErrors, b"estres/s") => 1,
            (Section::TcpErrors, b"retrans/s") => 2,
            (Section::TcpErrors, b"isegerr/s") => 3,
            (Section::TcpErrors, b"orsts/s") => 4,
            (Section::Paging, b"pgpgin/s") => 0,
            (Section::Paging, b"pgpgout/s") => 1,
            (Section::Paging, b"fault/s") => 2,
            (Section::Paging, b"majflt/s") => 3,
            (Section::Paging, b"pgfree/s") => 4,
            (Section::Paging, b"pgscank/s") => 5,
            (Section::Paging, b"pgscand/s") => 6,
            (Section::Paging, b"pgsteal/s") => 7,
            (Section::Paging, b"%vmeff") => 8,
            (Section::Swapping, b"pswpin/s") => 0,
            (Section::Swapping, b"pswpout/s") => 1,
            (Section::Filesystems, b"%ufsused") => 0,
            (Section::Filesystems, b"%Iused") => 1,
            (Section::Filesystems, b"Ifree") => FS_INODES_FREE,
            (Section::PressureCpu, name) => pressure_column(name, b"%scpu", b"")?,
            (Section::PressureIo, name) => pressure_column(name, b"%sio", b"%fio")?,
            (Section::PressureMemory, name) => pressure_column(name, b"%smem", b"%fmem")?,
            _ => return None,
        };
        Some((metric, 1.0))
    }

    fn is_pressure(self) -> bool {
        matches!(
            self,
            Section::PressureCpu | Section::PressureIo | Section::PressureMemory
        )
    }

    /// Whether a row with this label is kept: all CPUs and numbered CPUs, the `sum`
    /// of interrupts (not each IRQ), every device and interface.
    pub(super) fn wants_label(self, label: &[u8]) -> bool {
        match self {
            Section::Cpu => matches!(label, [b'a', b'l', b'l']) || parse_u64(label).is_some(),
            Section::Interrupts => matches!(label, [b's', b'u', b'm']),
            _ => true,
        }
    }

    /// The fact key of one metric of one instance, or `None` when perfsage keeps no
    /// such per-instance fact (per-CPU user time, say).
    pub(super) fn key(self, label: &str, metric: usize) -> Option<String> {
        let name = self.metrics().get(metric)?.0;
        match self {
            Section::Cpu if label == "all" => Some(format!("cpu.{name}")),
            Section::Cpu => {
                matches!(metric, CPU_UTIL | CPU_SOFT).then(|| format!("cpu.{label}.{name}"))
            }
            Section::Disk => Some(format!("disk.{label}.{name}")),
            Section::Net | Section::NetErrors => Some(format!("net.{label}.{name}")),
            Section::Filesystems => Some(format!("fs.{label}.{name}")),
            _ => Some(name.to_string()),
        }
    }

    /// Puts the series of one instance (`name` as printed) on the sink: series for
    /// every section but `-F`, whose levels become numbers keyed like df's (the file
    /// system's last path component, `/dev/vda` → `vda`).
    pub(super) fn put_instance(
        self,
        name: &[u8],
        series: &[SeriesBuilder],
        interval_s: Option<f64>,
        sink: &mut FactSink,
    ) {
        let label = if self == Section::Filesystems {
            match device_label(&String::from_utf8_lossy(name)) {
                Some(label) => label,
                None => return,
            }
        } else {
            label_from_bytes(name)
        };
        for (metric, builder) in series.iter().enumerate() {
            let (Some(key), Some((_, unit))) =
                (self.key(&label, metric), self.metrics().get(metric))
            else {
                continue;
            };
            if self.is_pressure() && PRESSURE_INTERVAL_SHARES.contains(&metric) {
                sink.series_extreme(key, builder, *unit, Reading::Mean);
            } else if self != Section::Filesystems {
                sink.series(key, builder, *unit, interval_s, Strength::Primary);
            } else {
                let worst = if metric == FS_INODES_FREE {
                    Reading::Lowest
                } else {
                    Reading::Highest
                };
                sink.series_extreme(key, builder, *unit, worst);
            }
        }
    }
}

/// The metric of a pressure column: `<some>-10`, `-60`, `-300`, then `<some>` alone,
/// and the same four for `<full>` (none for the CPU before Linux 5.13's full line).
fn pressure_column(name: &[u8], some: &[u8], full: &[u8]) -> Option<usize> {
    let (base, prefix) = if name.starts_with(some) {
        (0, some)
    } else if !full.is_empty() && name.starts_with(full) {
        (4, full)
    } else {
        return None;
    };
    let offset = match &name[prefix.len()..] {
        b"-10" => 0,
        b"-60" => 1,
        b"-300" => 2,
        b"" => 3,
        _ => return None,
    };
    Some(base + offset)
}

/// Widest line read: a time (two tokens with AM/PM) and `sar -r ALL`'s 16 columns.
/// Wider lines belong to sections perfsage does not read (`-n ICMP6`).
const MAX_FIELDS: usize = 24;
/// More distinct devices or interfaces than this in one file is not sar output.
const MAX_INSTANCES: usize = 4096;

/// The current header: its section, width, label column and what each column feeds.
struct Layout {
    section: Section,
    width: usize,
    label_at: Option<usize>,
    columns: Vec<Option<(usize, f64)>>,
    idle: Option<usize>,
    iowait: Option<usize>,
}

impl Layout {
    fn from_header(names: &[&[u8]]) -> Option<Layout> {
        let (section, label_at) = Section::of_header(names)?;
        Some(Layout {
            section,
            width: names.len(),
            label_at,
            columns: names.iter().map(|n| section.column(n)).collect(),
            idle: names.iter().position(|n| *n == b"%idle"),
            iowait: names.iter().position(|n| *n == b"%iowait"),
        })
    }
}

/// Layouts of the headers seen so far: a day-long report repeats the same few
/// headers every interval, and building a layout allocates.
#[derive(Default)]
struct HeaderCache {
    entries: Vec<HeaderEntry>,
}

struct HeaderEntry {
    /// The header's tokens joined by single spaces.
    key: Vec<u8>,
    /// `None` for a section perfsage does not read.
    layout: Option<Layout>,
    /// The shape of the first line that had these tokens: the rows below are cut
    /// by it when they have it.
    shape: Option<RowShape>,
    /// The text of the header line last matched to this entry, from its first name on.
    last_text: Vec<u8>,
}

/// `line` from its field `first` on.
fn text_from<'a>(line: &'a [u8], first: &[u8]) -> &'a [u8] {
    &line[first.as_ptr() as usize - line.as_ptr() as usize..]
}

/// More distinct headers than this in one file is not sar output; beyond it headers
/// are still read, just not remembered.
const MAX_HEADERS: usize = 256;

impl HeaderCache {
    /// The entry of the header `line`, whose tokens after the time are `names`,
    /// made on first sight (with no layout when perfsage does not read its section).
    fn entry_for(&mut self, line: &[u8], names: &[&[u8]]) -> usize {
        // A header is most often printed exactly as the last one of its section:
        // its text from the first name on is compared whole first.
        let text = names
            .first()
            .map_or(&b""[..], |first| text_from(line, first));
        let found = self
            .entries
            .iter()
            .position(|e| e.last_text[..] == *text)
            .or_else(|| self.entries.iter().position(|e| same_tokens(&e.key, names)));
        if let Some(i) = found {
            if self.entries[i].last_text[..] != *text {
                self.entries[i].last_text = text.to_vec();
            }
            return i;
        }
        let entry = HeaderEntry {
            key: names.join(&b' '),
            layout: Layout::from_header(names),
            // Sections perfsage does not read get a shape too: their rows are
            // passed over without being split.
            shape: RowShape::of(line),
            last_text: text.to_vec(),
        };
        if self.entries.len() < MAX_HEADERS {
            self.entries.push(entry);
        } else if let Some(last) = self.entries.last_mut() {
            *last = entry;
        }
        self.entries.len() - 1
    }

    fn get(&self, i: usize) -> Option<&Layout> {
        self.entries.get(i)?.layout.as_ref()
    }

    fn shape(&self, i: usize) -> Option<&RowShape> {
        self.entries.get(i)?.shape.as_ref()
    }
}

/// Whether `key` is `tokens` joined by single spaces, without building the join.
fn same_tokens(key: &[u8], tokens: &[&[u8]]) -> bool {
    let mut rest = key;
    for (i, token) in tokens.iter().enumerate() {
        if i > 0 {
            match rest.split_first() {
                Some((b' ', tail)) => rest = tail,
                _ => return false,
            }
        }
        match rest.strip_prefix(*token) {
            Some(tail) => rest = tail,
            None => return false,
        }
    }
    rest.is_empty()
}

struct Instance {
    name: Vec<u8>,
    series: Vec<SeriesBuilder>,
}

#[derive(Default)]
struct SectionData {
    interval_rows: u64,
    instances: Vec<Instance>,
    overflow_warned: bool,
}

impl SectionData {
    /// The instance named `name`, created on first sight; `hint` is where it sat in
    /// the previous interval, which is almost always right.
    #[inline(always)]
    fn instance(&mut self, name: &[u8], hint: usize, metrics: usize) -> Option<usize> {
        if self
            .instances
            .get(hint)
            .is_some_and(|i| same_short(&i.name, name))
        {
            return Some(hint);
        }
        if let Some(i) = self.instances.iter().position(|i| i.name == name) {
            return Some(i);
        }
        if self.instances.len() >= MAX_INSTANCES {
            return None;
        }
        self.instances.push(Instance {
            name: name.to_vec(),
            series: vec![SeriesBuilder::default(); metrics],
        });
        Some(self.instances.len() - 1)
    }
}

/// How a line starts: with a time of day (one token, or two with AM/PM), with an
/// `Average:` label (any locale), or otherwise.
enum Stamp {
    Time { seconds: u32, tokens: usize },
    Average,
    None,
}

fn stamp_of(f: &[&[u8]]) -> Stamp {
    match f.first() {
        Some(first) => stamp_of_fields(first, f.get(1).copied()),
        None => Stamp::None,
    }
}

/// `stamp_of` a line whose first fields are `first` and `second`.
#[inline(always)]
fn stamp_of_fields(first: &[u8], second: Option<&[u8]>) -> Stamp {
    let meridiem = second.filter(|m| matches!(m, [b'A' | b'P', b'M']));
    if let Some(seconds) = seconds_of_day(first, meridiem) {
        return Stamp::Time {
            seconds,
            tokens: 1 + usize::from(meridiem.is_some()),
        };
    }
    if first.len() > 1 && first.ends_with(b":") {
        return Stamp::Average;
    }
    Stamp::None
}

/// `a == b` for the short names and labels of sar rows, compared in line: `==` on
/// slices calls `memcmp`, which costs more than the comparison for a few bytes.
#[inline]
fn same_short(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// Header tokens are words (`CPU`, `%user`, `kbmemfree`); row values are numbers.
fn is_word(token: &[u8]) -> bool {
    token
        .first()
        .is_some_and(|b| !(b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.')))
}

/// What the parser keeps between lines.
struct State {
    headers: HeaderCache,
    /// The header cache entry of the section being read (none before the first
    /// header and after a line too wide to be one perfsage reads).
    current: Option<usize>,
    rows: Rows,
}

/// What the rows read so far add up to.
struct Rows {
    sections: Vec<SectionData>,
    row_in_block: usize,
    interval: IntervalTracker,
    values: [f64; MAX_FIELDS],
}

impl State {
    /// Reads `line` when it is a row shaped like the current header (most lines of a
    /// report are); returns whether it was. Headers and anything unusual are left to
    /// be split.
    #[inline(always)]
    fn shaped_row(&mut self, line: &Line, sink: &mut FactSink) -> bool {
        let Some(current) = self.current else {
            return false;
        };
        let Some(row) = self
            .headers
            .shape(current)
            .and_then(|shape| shape.cut(line.bytes))
        else {
            return false;
        };
        let second = (row.count() > 1).then(|| row.get(1));
        let (seconds, tokens) = match stamp_of_fields(row.get(0), second) {
            Stamp::Time { seconds, tokens } => (Some(seconds), tokens),
            Stamp::Average => (None, 1),
            Stamp::None => return false,
        };
        if tokens >= row.count() {
            return false;
        }
        let first = row.get(tokens);
        if is_word(first) && (tokens + 1 == row.count() || is_word(row.get(tokens + 1))) {
            return false;
        }
        if let Some(layout) = self.headers.get(current)
            && !matches!(first, [b'C', b'O', b'M'])
        {
            self.rows.row(layout, &row, tokens, seconds, line, sink);
        }
        true
    }
}

impl Rows {
    /// Reads a row of the current section, split or cut by its header's shape; its
    /// values start at field `tokens` (after the time), `seconds` is its time.
    #[inline(always)]
    fn row<'a>(
        &mut self,
        layout: &Layout,
        f: &(impl RowFields<'a> + ?Sized),
        tokens: usize,
        seconds: Option<u32>,
        line: &Line,
        sink: &mut FactSink,
    ) {
        let data = &mut self.sections[layout.section.index()];
        if seconds.is_none() && data.interval_rows > 0 {
            return;
        }
        let width = f.count() - tokens;
        if line.cut_off && !(width == layout.width && has_two_decimals(f.get(f.count() - 1))) {
            // A cut number (`86.0` of `86.00`) would still parse: a last row without
            // its line end is kept only when it has every value, the last one
            // with sysstat's two decimals.
            sink.warn(line.number, "last row is cut off (truncated file); ignored");
            return;
        }
        if width != layout.width {
            let message = format!("row has {width} values, the header has {}", layout.width);
            sink.warn(line.number, message);
            return;
        }
        let label: &[u8] = layout.label_at.map_or(b"", |i| f.get(tokens + i));
        if !layout.section.wants_label(label) {
            return;
        }
        let values = &mut self.values;
        let mut complete = true;
        for (i, column) in layout.columns.iter().enumerate() {
            if column.is_some() || Some(i) == layout.idle {
                match f
                    .number(tokens + i)
                    .or_else(|| human_value(f.get(tokens + i)).map(Human::plain))
                {
                    Some(v) => values[i] = v,
                    None => complete = false,
                }
            }
        }
        if !complete {
            sink.warn(
                line.number,
                "row holds a value that is not a number; ignored",
            );
            return;
        }
        let metrics = layout.section.metrics().len();
        let Some(instance) = data.instance(label, self.row_in_block, metrics) else {
            if !std::mem::replace(&mut data.overflow_warned, true) {
                sink.warn(
                    line.number,
                    format!(
                        "more than {MAX_INSTANCES} devices or interfaces; the rest are ignored"
                    ),
                );
            }
            return;
        };
        self.row_in_block += 1;
        if let Some(seconds) = seconds {
            self.interval.observe(seconds);
            data.interval_rows += 1;
        }
        let series = &mut data.instances[instance].series;
        for (i, column) in layout.columns.iter().enumerate() {
            if let Some((metric, factor)) = column {
                series[*metric].push(values[i] * factor, line.number);
            }
        }
        if let Some(idle) = layout.idle {
            let iowait = layout.iowait.map_or(0.0, |i| values[i]);
            let util = (100.0 - values[idle] - iowait).clamp(0.0, 100.0);
            series[CPU_UTIL].push(util, line.number);
        }
    }
}

impl CaptureParser for Sar {
    fn tool(&self) -> &'static str {
        "sar"
    }

    /// Each activity's block repeats its header, whether sar printed it live (one block
    /// per activity and interval) or from a data file (one per activity).
    fn reads_blocks_alone(&self) -> bool {
        true
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        head.lines()
            .take(400)
            .any(|line| is_sar_header(line) || unread_report_of(line).is_some())
            .then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut state = State {
            headers: HeaderCache::default(),
            current: None,
            rows: Rows {
                sections: SECTIONS.iter().map(|_| Default::default()).collect(),
                row_in_block: 0,
                interval: IntervalTracker::default(),
                values: [0.0; MAX_FIELDS],
            },
        };
        let mut saw_header = false;
        let mut saw_sysstat_line = false;
        // Reports sar printed that perfsage does not read, in the order first seen.
        let mut unread: Vec<&'static str> = Vec::new();

        while let Some(line) = lines.next_line()? {
            if state.shaped_row(&line, sink) {
                continue;
            }
            let mut slots = FieldSlots::<MAX_FIELDS>::default();
            let (f, n) = slots.split(line.bytes);
            if n == 0 {
                continue;
            }
            if n > MAX_FIELDS {
                // A header or row of a section too wide to be one perfsage reads.
                state.current = None;
                continue;
            }
            let (seconds, tokens) = match stamp_of(&f[..n]) {
                Stamp::Time { seconds, tokens } => (Some(seconds), tokens),
                Stamp::Average => (None, 1),
                Stamp::None => {
                    // Concatenated reports repeat the `Linux …` line; the first says it all.
                    if f[0] == b"Linux" && !saw_sysstat_line {
                        saw_sysstat_line = sysstat_header::read(line.bytes, line.number, sink);
                    }
                    continue;
                }
            };
            let rest = &f[tokens..n];
            let Some(first) = rest.first() else { continue };
            if matches!(first, [b'C', b'O', b'M']) {
                // A comment `sar -C` shows (`sadc -C`): not a header, rows follow as before.
                continue;
            }
            if is_word(first) && rest.get(1).is_none_or(|t| is_word(t)) {
                // A header (or `LINUX RESTART`): it starts a section, known or not.
                let entry = state.headers.entry_for(line.bytes, rest);
                state.current = Some(entry);
                let known = state.headers.get(entry).is_some();
                // Only needed for the error of a file without a report perfsage
                // reads, so not looked for once one was found.
                if !known
                    && !saw_header
                    && let Some(report) = unread_report(rest)
                    && !unread.contains(&report)
                {
                    unread.push(report);
                }
                // A section header's time is where the first interval below it begins
                // (a restart line's is not).
                if let Some(seconds) = seconds.filter(|_| known) {
                    state.rows.interval.observe(seconds);
                }
                saw_header |= known;
                state.rows.row_in_block = 0;
                continue;
            }
            if let Some(layout) = state.current.and_then(|i| state.headers.get(i)) {
                state
                    .rows
                    .row(layout, &f[..n], tokens, seconds, &line, sink);
            }
        }
        let Rows {
            sections, interval, ..
        } = state.rows;

        if !saw_header && !unread.is_empty() {
            return Err(ParseError::whole_file(format!(
                "only sar reports perfsage does not read ({}); it reads -u, -P, -d, -r, -S, -q, -w, -I SUM, -B, -W, -F and -n DEV,EDEV,TCP,ETCP,SOCK",
                unread.join(", ")
            )));
        }
        if !saw_header {
            return Err(ParseError::whole_file(
                "no sar section header (CPU %user …, DEV tps …, kbmemfree …, IFACE rxpck/s …) found",
            ));
        }
        let secs = interval.interval_s();
        let before = sink.fact_count();
        for (section, data) in SECTIONS.iter().zip(&sections) {
            for instance in &data.instances {
                section.put_instance(&instance.name, &instance.series, secs, sink);
            }
        }
        if sink.fact_count() == before {
            return Err(ParseError::whole_file(
                "sar section headers found but no rows follow them",
            ));
        }
        Ok(())
    }
}

/// A column that names one of sar's reports perfsage does not read, and the report.
const UNREAD_REPORTS: [(&[u8], &str); 25] = [
    (b"bread/s", "-b I/O transfer rates"),
    (b"dentunusd", "-v kernel tables"),
    (b"MHz", "-m CPU clock"),
    (b"wghMHz", "-m FREQ"),
    (b"rpm", "-m FAN"),
    (b"degC", "-m TEMP"),
    (b"inV", "-m IN"),
    (b"idvendor", "-m USB"),
    (b"rcvin/s", "-y TTY"),
    (b"kbhugfree", "-H huge pages"),
    (b"call/s", "-n NFS"),
    (b"scall/s", "-n NFSD"),
    (b"irec/s", "-n IP"),
    (b"ihdrerr/s", "-n EIP"),
    (b"imsg/s", "-n ICMP"),
    (b"ierr/s", "-n EICMP"),
    (b"idgm/s", "-n UDP"),
    (b"tcp6sck", "-n SOCK6"),
    (b"irec6/s", "-n IP6"),
    (b"ihdrer6/s", "-n EIP6"),
    (b"imsg6/s", "-n ICMP6"),
    (b"ierr6/s", "-n EICMP6"),
    (b"idgm6/s", "-n UDP6"),
    (b"fch_rxf/s", "-n FC"),
    (b"dropd/s", "-n SOFT"),
];

/// The report a header's column names (after its time stamp) belong to, when it is
/// one perfsage does not read.
fn unread_report(names: &[&[u8]]) -> Option<&'static str> {
    UNREAD_REPORTS
        .iter()
        .find(|(column, _)| names.contains(column))
        .map(|(_, report)| *report)
}

/// `unread_report` of a whole line: a time stamp, then a header.
fn unread_report_of(line: &str) -> Option<&'static str> {
    let tokens: Vec<&[u8]> = line.split_whitespace().map(str::as_bytes).collect();
    match stamp_of(&tokens) {
        Stamp::Time { tokens: t, .. } => unread_report(&tokens[t..]),
        _ => None,
    }
}

/// A sar section header perfsage reads, after a time or `Average:`. The CPU header
/// must be sar's own: `%system` (`sar -u`) or `%steal` before `%irq` (`sar -u ALL`);
/// mpstat prints `%sys` and `%irq` before `%steal`.
fn is_sar_header(line: &str) -> bool {
    let tokens: Vec<&[u8]> = line.split_whitespace().map(str::as_bytes).collect();
    let rest = match stamp_of(&tokens) {
        Stamp::Time { tokens: t, .. } => &tokens[t..],
        Stamp::Average => &tokens[1..],
        Stamp::None => return false,
    };
    let at = |want: &[u8]| rest.iter().position(|t| *t == want);
    match Section::of_header(rest) {
        Some((Section::Cpu, _)) => {
            at(b"%system").is_some()
                || matches!((at(b"%steal"), at(b"%irq")), (Some(s), Some(i)) if s < i)
        }
        Some((Section::Interrupts, _)) => at(b"all").is_some() || at(b"intr/s").is_some(),
        Some(_) => true,
        None => false,
    }
}
