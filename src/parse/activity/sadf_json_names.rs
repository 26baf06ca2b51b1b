//! How `sadf -j` names what sar prints: each activity object's keys, turned into the
//! sar column names the sar parser's tables know (`rkB` → `rkB/s`, `util-percent` →
//! `%util`). Kept apart from the JSON reading so the mapping can be checked at a glance.

use super::sar::Section;

/// A kind of activity object in a sample.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Cpu,
    Disk,
    NetDev,
    NetErrors,
    Sockets,
    Tcp,
    TcpErrors,
    Memory,
    Queue,
    Tasks,
    Interrupts,
    Paging,
    Swapping,
    Filesystems,
    PressureCpu,
    PressureIo,
    PressureMemory,
}

/// What a key of an activity object holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Field {
    /// The instance: CPU, device, interface or interrupt.
    Label,
    /// A value for sar column `name`, of the object's section (`0`) or, for the
    /// memory object's swap fields, of the swap section (`1`).
    Column { slot: usize, name: &'static [u8] },
}

const fn col(name: &'static [u8]) -> Field {
    Field::Column { slot: 0, name }
}

const CPU: &[(&str, Field)] = &[
    ("cpu", Field::Label),
    ("user", col(b"%user")),
    ("usr", col(b"%usr")),
    ("system", col(b"%system")),
    ("sys", col(b"%sys")),
    ("iowait", col(b"%iowait")),
    ("steal", col(b"%steal")),
    ("irq", col(b"%irq")),
    ("soft", col(b"%soft")),
    ("idle", col(b"%idle")),
];
const DISK: &[(&str, Field)] = &[
    ("disk-device", Field::Label),
    ("tps", col(b"tps")),
    ("rkB", col(b"rkB/s")),
    ("wkB", col(b"wkB/s")),
    ("rd_sec", col(b"rd_sec/s")),
    ("wr_sec", col(b"wr_sec/s")),
    ("aqu-sz", col(b"aqu-sz")),
    ("avgqu-sz", col(b"avgqu-sz")),
    ("await", col(b"await")),
    ("svctm", col(b"svctm")),
    ("util-percent", col(b"%util")),
];
const NET_DEV: &[(&str, Field)] = &[
    ("iface", Field::Label),
    ("rxpck", col(b"rxpck/s")),
    ("txpck", col(b"txpck/s")),
    ("rxkB", col(b"rxkB/s")),
    ("txkB", col(b"txkB/s")),
    ("ifutil-percent", col(b"%ifutil")),
];
const NET_ERRORS: &[(&str, Field)] = &[
    ("iface", Field::Label),
    ("rxerr", col(b"rxerr/s")),
    ("txerr", col(b"txerr/s")),
    ("coll", col(b"coll/s")),
    ("rxdrop", col(b"rxdrop/s")),
    ("txdrop", col(b"txdrop/s")),
    ("txcarr", col(b"txcarr/s")),
    ("rxfram", col(b"rxfram/s")),
    ("rxfifo", col(b"rxfifo/s")),
    ("txfifo", col(b"txfifo/s")),
];
const SOCKETS: &[(&str, Field)] = &[
    ("totsck", col(b"totsck")),
    ("tcpsck", col(b"tcpsck")),
    ("udpsck", col(b"udpsck")),
    ("rawsck", col(b"rawsck")),
    ("ip-frag", col(b"ip-frag")),
    ("tcp-tw", col(b"tcp-tw")),
];
const TCP: &[(&str, Field)] = &[
    ("active", col(b"active/s")),
    ("passive", col(b"passive/s")),
    ("iseg", col(b"iseg/s")),
    ("oseg", col(b"oseg/s")),
];
const TCP_ERRORS: &[(&str, Field)] = &[
    ("atmptf", col(b"atmptf/s")),
    ("estres", col(b"estres/s")),
    ("retrans", col(b"retrans/s")),
    ("isegerr", col(b"isegerr/s")),
    ("orsts", col(b"orsts/s")),
];
const MEMORY: &[(&str, Field)] = &[
    ("memfree", col(b"kbmemfree")),
    ("avail", col(b"kbavail")),
    ("memused-percent", col(b"%memused")),
    ("buffers", col(b"kbbuffers")),
    ("cached", col(b"kbcached")),
    ("commit-percent", col(b"%commit")),
    ("dirty", col(b"kbdirty")),
    (
        "swpused",
        Field::Column {
            slot: 1,
            name: b"kbswpused",
        },
    ),
];
const QUEUE: &[(&str, Field)] = &[("runq-sz", col(b"runq-sz")), ("blocked", col(b"blocked"))];
const TASKS: &[(&str, Field)] = &[("cswch", col(b"cswch/s"))];
/// sysstat 12 gives `all` and one key per CPU; older ones a single `value`.
const INTERRUPTS: &[(&str, Field)] = &[
    ("intr", Field::Label),
    ("all", col(b"all")),
    ("value", col(b"intr/s")),
];

const PAGING: &[(&str, Field)] = &[
    ("pgpgin", col(b"pgpgin/s")),
    ("pgpgout", col(b"pgpgout/s")),
    ("fault", col(b"fault/s")),
    ("majflt", col(b"majflt/s")),
    ("pgfree", col(b"pgfree/s")),
    ("pgscank", col(b"pgscank/s")),
    ("pgscand", col(b"pgscand/s")),
    ("pgsteal", col(b"pgsteal/s")),
    ("vmeff-percent", col(b"%vmeff")),
];
const SWAPPING: &[(&str, Field)] = &[("pswpin", col(b"pswpin/s")), ("pswpout", col(b"pswpout/s"))];
const FILESYSTEMS: &[(&str, Field)] = &[
    ("filesystem", Field::Label),
    ("%ufsused", col(b"%ufsused")),
    ("Ifree", col(b"Ifree")),
    ("%Iused", col(b"%Iused")),
];

/// `psi-cpu`: the averages `sar -q CPU` prints, and the interval's share (`some_avg`).
const PRESSURE_CPU: &[(&str, Field)] = &[
    ("some_avg10", col(b"%scpu-10")),
    ("some_avg60", col(b"%scpu-60")),
    ("some_avg300", col(b"%scpu-300")),
    ("some_avg", col(b"%scpu")),
];
const PRESSURE_IO: &[(&str, Field)] = &[
    ("some_avg10", col(b"%sio-10")),
    ("some_avg60", col(b"%sio-60")),
    ("some_avg300", col(b"%sio-300")),
    ("some_avg", col(b"%sio")),
    ("full_avg10", col(b"%fio-10")),
    ("full_avg60", col(b"%fio-60")),
    ("full_avg300", col(b"%fio-300")),
    ("full_avg", col(b"%fio")),
];
const PRESSURE_MEMORY: &[(&str, Field)] = &[
    ("some_avg10", col(b"%smem-10")),
    ("some_avg60", col(b"%smem-60")),
    ("some_avg300", col(b"%smem-300")),
    ("some_avg", col(b"%smem")),
    ("full_avg10", col(b"%fmem-10")),
    ("full_avg60", col(b"%fmem-60")),
    ("full_avg300", col(b"%fmem-300")),
    ("full_avg", col(b"%fmem")),
];

impl Kind {
    /// The sar section the object's rows belong to (slot `0`).
    pub fn section(self) -> Section {
        match self {
            Kind::Cpu => Section::Cpu,
            Kind::Disk => Section::Disk,
            Kind::NetDev => Section::Net,
            Kind::NetErrors => Section::NetErrors,
            Kind::Sockets => Section::Sockets,
            Kind::Tcp => Section::Tcp,
            Kind::TcpErrors => Section::TcpErrors,
            Kind::Memory => Section::Memory,
            Kind::Queue => Section::Queue,
            Kind::Tasks => Section::Tasks,
            Kind::Interrupts => Section::Interrupts,
            Kind::Paging => Section::Paging,
            Kind::Swapping => Section::Swapping,
            Kind::Filesystems => Section::Filesystems,
            Kind::PressureCpu => Section::PressureCpu,
            Kind::PressureIo => Section::PressureIo,
            Kind::PressureMemory => Section::PressureMemory,
        }
    }

    fn table(self) -> &'static [(&'static str, Field)] {
        match self {
            Kind::Cpu => CPU,
            Kind::Disk => DISK,
            Kind::NetDev => NET_DEV,
            Kind::NetErrors => NET_ERRORS,
            Kind::Sockets => SOCKETS,
            Kind::Tcp => TCP,
            Kind::TcpErrors => TCP_ERRORS,
            Kind::Memory => MEMORY,
            Kind::Queue => QUEUE,
            Kind::Tasks => TASKS,
            Kind::Interrupts => INTERRUPTS,
            Kind::Paging => PAGING,
            Kind::Swapping => SWAPPING,
            Kind::Filesystems => FILESYSTEMS,
            Kind::PressureCpu => PRESSURE_CPU,
            Kind::PressureIo => PRESSURE_IO,
            Kind::PressureMemory => PRESSURE_MEMORY,
        }
    }

    /// What key `name` of this kind of object holds; `None` for keys perfsage skips.
    pub fn field(self, name: &str) -> Option<Field> {
        self.table()
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, f)| *f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every column a table names is one the sar section reads, so no JSON value is
    /// silently dropped by a misspelt mapping.
    #[test]
    fn every_column_is_known_to_sar() {
        let kinds = [
            Kind::Cpu,
            Kind::Disk,
            Kind::NetDev,
            Kind::NetErrors,
            Kind::Sockets,
            Kind::Tcp,
            Kind::TcpErrors,
            Kind::Memory,
            Kind::Queue,
            Kind::Tasks,
            Kind::Interrupts,
            Kind::Paging,
            Kind::Swapping,
            Kind::Filesystems,
            Kind::PressureCpu,
            Kind::PressureIo,
            Kind::PressureMemory,
        ];
        for kind in kinds {
            for (key, field) in kind.table() {
                if let Field::Column { slot, name } = field {
                    let section = if *slot == 0 {
                        kind.section()
                    } else {
                        Section::Swap
                    };
                    let known = section.column(name).is_some() || *name == b"%idle";
                    assert!(known, "{kind:?} {key}");
                }
            }
        }
    }
}
