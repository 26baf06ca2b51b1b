//! Which kernel log messages report an error, and what they name: the USE method's
//! *errors* checks (Gregg, "The USE Method: Linux Performance Checklist": memory
//! capacity errors are the OOM killer's messages in dmesg, storage errors the block
//! layer's and drivers' I/O errors, network errors the drivers' and netfilter's).
//! One message in, one class out, by plain prefix and substring tests (no regex: this
//! runs on every line of logs that can hold millions). The message is what follows
//! the stamp (see dmesg.rs); the texts matched are the kernel's own `printk` formats:
//!
//! | class | message (kernel source) |
//! | --- | --- |
//! | OOM | `<comm> invoked oom-killer: gfp_mask=…` (mm/oom_kill.c) |
//! | | `oom-kill:constraint=CONSTRAINT_MEMCG,…,oom_memcg=/g,task_memcg=/g,task=<comm>,pid=<pid>,uid=0` (4.19+) |
//! | | `Out of memory: Killed process <pid> (<comm>) total-vm:…`, `Memory cgroup out of memory: Killed process …` (5.x+); before: `… Kill process <pid> (<comm>) score … or sacrifice child` then `Killed process <pid> (<comm>) total-vm:…` |
//! | storage | `I/O error, dev sda, sector …` (block/blk-mq.c; `blk_update_request: ` before 5.18), `critical medium error, dev sda, …` |
//! | | `Buffer I/O error on dev sda1, logical block …` (fs/buffer.c) |
//! | | `sd 2:0:0:0: [sda] tag#3 FAILED Result: hostbyte=…`, `… [sda] tag#3 timing out command, waited 180s` (drivers/scsi) |
//! | | `nvme nvme0: I/O 123 QID 4 timeout, aborting` / `…, reset controller` (drivers/nvme/host/pci.c) |
//! | | `ata1: hard resetting link`, `ata1.00: failed command: READ FPDMA QUEUED` (drivers/ata/libata-eh.c) |
//! | | `EXT4-fs error (device sda1): …` (fs/ext4/super.c), `XFS (dm-0): metadata I/O error in …` and other XFS lines saying error or corruption |
//! | hung task | `INFO: task <comm>:<pid> blocked for more than 120 seconds.` (kernel/hung_task.c) |
//! | lockup | `watchdog: BUG: soft lockup - CPU#3 stuck for 22s! [<comm>:<pid>]`, `Watchdog detected hard LOCKUP on cpu 3` (kernel/watchdog.c) |
//! | network | `NETDEV WATCHDOG: eth0 (ixgbe): transmit queue 0 timed out` (net/sched/sch_generic.c; 6.8+: `ixgbe 0000:01:00.0 eth0: NETDEV WATCHDOG: CPU: 3: transmit queue 0 timed out 5120 ms`) |
//! | | `nf_conntrack: table full, dropping packet` (net/netfilter/nf_conntrack_core.c) |
//! | | `TCP: request_sock_TCP: Possible SYN flooding on port 8080. Sending cookies.` (net/ipv4/tcp_input.c; newer kernels print `[::]:8080`) |
//! | | `e1000e: eth0 NIC Link is Down`, `igb 0000:03:00.0 eno1: igb: eno1 NIC Link is Down` (Intel drivers) |
//! | hardware | `mce: [Hardware Error]: …` (arch/x86/kernel/cpu/mce), `EDAC MC0: 1 CE memory read error on …` / `… UE …` (drivers/edac) |

/// What went wrong on a storage device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum StorageFault {
    /// A read or write failed.
    IoError,
    /// A command timed out.
    Timeout,
    /// The link or controller was reset.
    Reset,
    /// The file system on it reported an error.
    FileSystem,
}

impl StorageFault {
    /// `1 I/O error`, `2 resets`.
    pub(crate) fn count(self, n: u64) -> String {
        let (one, many) = match self {
            StorageFault::IoError => ("I/O error", "I/O errors"),
            StorageFault::Timeout => ("command timeout", "command timeouts"),
            StorageFault::Reset => ("reset", "resets"),
            StorageFault::FileSystem => ("file-system error", "file-system errors"),
        };
        format!("{n} {}", if n == 1 { one } else { many })
    }
}

/// One error-reporting kernel message.
#[derive(Debug, PartialEq)]
pub(crate) enum KernelError<'a> {
    /// `<comm> invoked oom-killer`.
    OomInvoked,
    /// `oom-kill:constraint=…`: the victim and whether a memory cgroup's limit was hit.
    OomVictim {
        pid: &'a str,
        comm: &'a str,
        memcg: bool,
        cgroup: Option<&'a str>,
    },
    /// `… Killed process <pid> (<comm>) …`.
    OomKilled {
        pid: &'a str,
        comm: &'a str,
        memcg: bool,
    },
    /// Before 5.x: `Memory cgroup out of memory: Kill process …` precedes `Killed process`.
    OomMemcgChoice,
    Storage {
        device: &'a str,
        fault: StorageFault,
    },
    HungTask {
        comm: &'a str,
    },
    SoftLockup,
    HardLockup,
    TxTimeout {
        device: &'a str,
    },
    ConntrackFull,
    SynFlood {
        port: &'a str,
    },
    LinkDown {
        device: &'a str,
    },
    MachineCheck,
    /// EDAC's corrected (CE) or uncorrected (UE) memory errors, with their count.
    Ecc {
        corrected: bool,
        count: u64,
    },
}

/// The class of a kernel log message, if it reports an error perfsage knows.
pub(crate) fn classify(message: &str) -> Option<KernelError<'_>> {
    oom(message)
        .or_else(|| storage(message))
        .or_else(|| stalls(message))
        .or_else(|| network(message))
        .or_else(|| hardware(message))
}

fn oom(message: &str) -> Option<KernelError<'_>> {
    if message.contains(" invoked oom-killer") {
        return Some(KernelError::OomInvoked);
    }
    if let Some(fields) = message.strip_prefix("oom-kill:") {
        let field = |name: &str| {
            fields
                .split(',')
                .find_map(|f| f.strip_prefix(name)?.strip_prefix('='))
        };
        return Some(KernelError::OomVictim {
            pid: field("pid")?,
            comm: field("task")?,
            memcg: field("constraint") == Some("CONSTRAINT_MEMCG"),
            cgroup: field("oom_memcg"),
        });
    }
    if let Some(at) = message.find("Killed process ") {
        let rest = &message[at + "Killed process ".len()..];
        let (pid, rest) = rest.split_once(" (")?;
        let (comm, _) = rest.split_once(')')?;
        let valid = !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
        return valid.then_some(KernelError::OomKilled {
            pid,
            comm,
            memcg: message.starts_with("Memory cgroup out of memory"),
        });
    }
    if message.starts_with("Memory cgroup out of memory: Kill process ") {
        return Some(KernelError::OomMemcgChoice);
    }
    None
}

fn storage(message: &str) -> Option<KernelError<'_>> {
    let (device, fault) = if let Some(rest) = after(message, "error, dev ") {
        // `I/O error, dev sda, sector …`, `critical medium error, dev sda, …`
        (until(rest, ','), StorageFault::IoError)
    } else if let Some(rest) = after(message, "Buffer I/O error on dev ") {
        (until(rest, ','), StorageFault::IoError)
    } else if message.contains("FAILED Result") {
        (bracketed_device(message)?, StorageFault::IoError)
    } else if message.contains("timing out command") {
        (bracketed_device(message)?, StorageFault::Timeout)
    } else if let Some(rest) = message.strip_prefix("nvme nvme") {
        let (_, detail) = rest.split_once(": ")?;
        let fault = if detail.contains("reset controller") {
            StorageFault::Reset
        } else if detail.contains(" timeout") {
            StorageFault::Timeout
        } else {
            return None;
        };
        (until(&message["nvme ".len()..], ':'), fault)
    } else if message.starts_with("ata") {
        let (port, detail) = message.split_once(": ")?;
        let fault = if detail.starts_with("hard resetting link") {
            StorageFault::Reset
        } else if detail.starts_with("failed command") {
            StorageFault::IoError
        } else {
            return None;
        };
        (until(port, '.'), fault)
    } else if let Some(rest) = message.strip_prefix("EXT4-fs error (device ") {
        (until(rest, ')'), StorageFault::FileSystem)
    } else if let Some(rest) = message.strip_prefix("XFS (") {
        let (device, detail) = rest.split_once("): ")?;
        // `metadata I/O error`, `Corruption detected`, `Metadata corruption detected`.
        if !(detail.contains("error") || detail.contains("orruption")) {
            return None;
        }
        (device, StorageFault::FileSystem)
    } else {
        return None;
    };
    let device = until(device, '.');
    is_name(device).then_some(KernelError::Storage { device, fault })
}

fn stalls(message: &str) -> Option<KernelError<'_>> {
    if let Some(rest) = message.strip_prefix("INFO: task ") {
        let (task, _) = rest.split_once(" blocked for more than ")?;
        let comm = task.rsplit_once(':').map_or(task, |(comm, _)| comm);
        return Some(KernelError::HungTask { comm });
    }
    if message.contains("BUG: soft lockup") {
        return Some(KernelError::SoftLockup);
    }
    if message.contains("hard LOCKUP") {
        return Some(KernelError::HardLockup);
    }
    None
}

fn network(message: &str) -> Option<KernelError<'_>> {
    if let Some(at) = message.find("NETDEV WATCHDOG: ") {
        let rest = &message[at + "NETDEV WATCHDOG: ".len()..];
        let device = if rest.starts_with("CPU: ") {
            // 6.8+: the device prefixes the message (`ixgbe 0000:01:00.0 eth0: `).
            message[..at]
                .trim_end()
                .trim_end_matches(':')
                .rsplit(' ')
                .next()?
        } else {
            until(until(rest, ' '), ':')
        };
        return is_name(device).then_some(KernelError::TxTimeout { device });
    }
    if message.contains("table full, dropping packet") {
        return Some(KernelError::ConntrackFull);
    }
    if let Some(rest) = after(message, "Possible SYN flooding on port ") {
        let port = until(rest, ' ').trim_end_matches('.');
        return Some(KernelError::SynFlood { port });
    }
    if let Some(at) = message.find(" NIC Link is Down") {
        let device = message[..at].rsplit(' ').next()?.trim_end_matches(':');
        return is_name(device).then_some(KernelError::LinkDown { device });
    }
    None
}

fn hardware(message: &str) -> Option<KernelError<'_>> {
    if message.contains("[Hardware Error]") {
        return Some(KernelError::MachineCheck);
    }
    let rest = message.strip_prefix("EDAC ")?;
    let (_, detail) = rest.split_once(": ")?;
    let mut words = detail.split(' ');
    let first = words.next()?;
    let (count, kind) = match first.parse::<u64>() {
        Ok(count) => (count, words.next()?),
        Err(_) => (1, first),
    };
    match kind {
        "CE" => Some(KernelError::Ecc {
            corrected: true,
            count,
        }),
        "UE" => Some(KernelError::Ecc {
            corrected: false,
            count,
        }),
        _ => None,
    }
}

/// What follows the first `marker` in `text`.
fn after<'a>(text: &'a str, marker: &str) -> Option<&'a str> {
    text.find(marker).map(|at| &text[at + marker.len()..])
}

/// `text` up to the first `end` (all of it when there is none).
fn until(text: &str, end: char) -> &str {
    text.split(end).next().unwrap_or(text)
}

/// The device of a SCSI disk message: `sd 2:0:0:0: [sda] tag#3 …`.
fn bracketed_device(message: &str) -> Option<&str> {
    let rest = after(message, "[")?;
    Some(until(rest, ']'))
}

/// A device name fit to be one segment of a fact key.
fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn storage_of(message: &str) -> Option<(&str, StorageFault)> {
        match classify(message)? {
            KernelError::Storage { device, fault } => Some((device, fault)),
            _ => None,
        }
    }

    #[test]
    fn storage_devices_are_named() {
        use StorageFault::*;
        for (message, expected) in [
            (
                "blk_update_request: I/O error, dev sdb, sector 1953120 op 0x0:(READ) flags 0x0 phys_seg 1 prio class 0",
                ("sdb", IoError),
            ),
            (
                "I/O error, dev nvme0n1, sector 8 op 0x1:(WRITE) flags 0x800 phys_seg 1 prio class 2",
                ("nvme0n1", IoError),
            ),
            (
                "Buffer I/O error on dev sdb1, logical block 244139, async page read",
                ("sdb1", IoError),
            ),
            (
                "sd 0:0:1:0: [sdb] tag#12 FAILED Result: hostbyte=DID_OK driverbyte=DRIVER_OK cmd_age=8s",
                ("sdb", IoError),
            ),
            (
                "nvme nvme0: I/O 123 QID 4 timeout, aborting",
                ("nvme0", Timeout),
            ),
            (
                "nvme nvme0: I/O 123 QID 4 timeout, reset controller",
                ("nvme0", Reset),
            ),
            ("ata1: hard resetting link", ("ata1", Reset)),
            (
                "ata1.00: failed command: READ FPDMA QUEUED",
                ("ata1", IoError),
            ),
            (
                "EXT4-fs error (device sda1): ext4_find_entry:1455: inode #2: comm ls: reading directory lblock 0",
                ("sda1", FileSystem),
            ),
            (
                "XFS (dm-0): metadata I/O error in \"xfs_trans_read_buf_map\" at daddr 0x2 len 1 error 5",
                ("dm-0", FileSystem),
            ),
        ] {
            assert_eq!(storage_of(message), Some(expected), "{message}");
        }
        assert_eq!(
            storage_of(
                "XFS (sdb1): Metadata corruption detected at xfs_dinode_verify+0x1a0/0x5d0 [xfs], inode 0x80 dinode"
            ),
            Some(("sdb1", FileSystem))
        );
        assert_eq!(storage_of("XFS (dm-0): Mounting V5 Filesystem"), None);
        assert_eq!(storage_of("ata1: SATA link up 6.0 Gbps"), None);
        assert_eq!(
            storage_of("nvme nvme0: 2/0/0 default/read/poll queues"),
            None
        );
    }

    #[test]
    fn oom_lines() {
        assert_eq!(
            classify(
                "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/g,task_memcg=/g,task=python3,pid=22147,uid=0"
            ),
            Some(KernelError::OomVictim {
                pid: "22147",
                comm: "python3",
                memcg: true,
                cgroup: Some("/g")
            })
        );
        assert_eq!(
            classify("Killed process 4719 (mysqld) total-vm:60716kB, anon-rss:47744kB"),
            Some(KernelError::OomKilled {
                pid: "4719",
                comm: "mysqld",
                memcg: false
            })
        );
        assert_eq!(classify("Killed process x (y)"), None);
    }

    #[test]
    fn network_and_hardware_lines() {
        assert_eq!(
            classify(
                "ixgbe 0000:01:00.0 eth0: NETDEV WATCHDOG: CPU: 3: transmit queue 0 timed out 5120 ms"
            ),
            Some(KernelError::TxTimeout { device: "eth0" })
        );
        assert_eq!(
            classify("NETDEV WATCHDOG: eth0 (ixgbe): transmit queue 0 timed out"),
            Some(KernelError::TxTimeout { device: "eth0" })
        );
        assert_eq!(
            classify(
                "TCP: request_sock_TCP: Possible SYN flooding on port [::]:5432. Sending cookies."
            ),
            Some(KernelError::SynFlood { port: "[::]:5432" })
        );
        assert_eq!(
            classify("EDAC MC0: 3 CE memory read error on CPU_SrcID#0_Ha#0_Chan#1_DIMM#0"),
            Some(KernelError::Ecc {
                corrected: true,
                count: 3
            })
        );
        assert_eq!(classify("EDAC MC0: Giving out device to module"), None);
    }
}
