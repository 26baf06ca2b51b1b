//! The kernel errors of one boot's log, counted as they stream past (the messages are
//! told apart in kernel_errors.rs), and the facts they give. Each count cites the
//! lines of its first and last occurrence. A count of zero is only said of a whole
//! boot log (dmesg.rs decides): a grep excerpt or a ring buffer that lost its start
//! does not prove that nothing happened, so it gives the classes it saw and no zeros.
//! The log's own time span is a fact too (`os.kernel_log_span`), so a reader sees
//! whether "since boot" means an hour or a month. dmesg.rs keeps two tallies: the
//! errors inside the capture window (or of the whole log, when its stamps cannot be
//! placed: seconds since boot, times without a zone, no window), which give the facts
//! rules read, and those stamped outside it, summed up for context only
//! (`os.kernel_errors_outside_capture`).

use super::kernel_errors::{KernelError, StorageFault, classify};
use crate::facts::{Unit, Value};
use crate::parse::FactSink;
use crate::parse::capture_window::CaptureWindow;
use std::collections::BTreeMap;

/// Distinct names (processes, devices, ports) kept per class; any more are counted
/// apart, so a log of a million distinct names cannot fill the memory.
const MAX_NAMES: usize = 64;
/// Names listed in a text fact; the rest are summed up as "N more".
const NAMES_SHOWN: usize = 8;

/// How often something was seen, and where first and last.
#[derive(Default, Clone, Copy)]
struct Seen {
    count: u64,
    first: u64,
    last: u64,
}

impl Seen {
    fn add(&mut self, line: u64, count: u64) {
        if self.count == 0 {
            self.first = line;
        }
        self.count += count;
        self.last = line;
    }

    fn lines(&self) -> (u64, u64) {
        (self.first, self.last)
    }
}

/// Names with how often each came up, bounded by `MAX_NAMES`.
#[derive(Default)]
struct Names {
    counts: BTreeMap<String, u64>,
    others: u64,
}

impl Names {
    fn add(&mut self, name: &str) {
        if let Some(count) = self.counts.get_mut(name) {
            *count += 1;
        } else if self.counts.len() < MAX_NAMES {
            self.counts.insert(name.to_string(), 1);
        } else {
            self.others += 1;
        }
    }

    /// `python3 (5), mysqld (1)`: the most frequent first.
    fn describe(&self) -> String {
        let mut names: Vec<(&String, &u64)> = self.counts.iter().collect();
        names.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let mut parts: Vec<String> = names
            .iter()
            .take(NAMES_SHOWN)
            .map(|(name, count)| format!("{name} ({count})"))
            .collect();
        let hidden = names.len().saturating_sub(NAMES_SHOWN) as u64 + self.others;
        if hidden > 0 {
            parts.push(format!("{hidden} more"));
        }
        parts.join(", ")
    }
}

/// A storage device's errors.
#[derive(Default)]
struct DeviceErrors {
    seen: Seen,
    faults: BTreeMap<StorageFault, u64>,
}

/// One class: its count and the names it mentioned.
#[derive(Default)]
struct Class {
    seen: Seen,
    names: Names,
}

impl Class {
    fn add(&mut self, line: u64, name: Option<&str>) {
        self.seen.add(line, 1);
        if let Some(name) = name {
            self.names.add(name);
        }
    }
}

#[derive(Default)]
pub(super) struct KernelErrorTally {
    first_stamp: Option<(String, u64)>,
    last_stamp: Option<(String, u64)>,
    oom_invoked: Seen,
    oom_kills: Class,
    oom_memcg_kills: u64,
    oom_cgroups: Names,
    /// The pid of an `oom-kill:` line whose `Killed process` line is still to come.
    oom_pending_pid: Option<String>,
    /// An old kernel's `Memory cgroup out of memory: Kill process` came just before.
    oom_memcg_choice: bool,
    storage: BTreeMap<String, DeviceErrors>,
    storage_others: Seen,
    hung_tasks: Class,
    soft_lockups: Seen,
    hard_lockups: Seen,
    tx_timeouts: Class,
    conntrack_full: Seen,
    syn_floods: Class,
    link_downs: Class,
    machine_checks: Seen,
    ecc_corrected: Seen,
    ecc_uncorrected: Seen,
}

impl KernelErrorTally {
    /// Notes a log line's stamp, as shown to a reader, for the log's span.
    pub(super) fn stamp(&mut self, stamp: String, line: u64) {
        if self.first_stamp.is_none() {
            self.first_stamp = Some((stamp, line));
        } else {
            self.last_stamp = Some((stamp, line));
        }
    }

    pub(super) fn read(&mut self, message: &str, line: u64) {
        let Some(error) = classify(message) else {
            return;
        };
        match error {
            KernelError::OomInvoked => self.oom_invoked.add(line, 1),
            KernelError::OomMemcgChoice => self.oom_memcg_choice = true,
            KernelError::OomVictim {
                pid,
                comm,
                memcg,
                cgroup,
            } => {
                self.oom_kill(line, comm, memcg);
                if let Some(cgroup) = cgroup {
                    self.oom_cgroups.add(cgroup);
                }
                self.oom_pending_pid = Some(pid.to_string());
            }
            KernelError::OomKilled { pid, comm, memcg } => {
                // The `oom-kill:` line before it already counted this kill.
                if self.oom_pending_pid.as_deref() == Some(pid) {
                    self.oom_kills.seen.last = line;
                } else {
                    let memcg = memcg || self.oom_memcg_choice;
                    self.oom_kill(line, comm, memcg);
                }
                self.oom_pending_pid = None;
                self.oom_memcg_choice = false;
            }
            KernelError::Storage { device, fault } => {
                if !self.storage.contains_key(device) && self.storage.len() >= MAX_NAMES {
                    self.storage_others.add(line, 1);
                    return;
                }
                let errors = self.storage.entry(device.to_string()).or_default();
                errors.seen.add(line, 1);
                *errors.faults.entry(fault).or_default() += 1;
            }
            KernelError::HungTask { comm } => self.hung_tasks.add(line, Some(comm)),
            KernelError::SoftLockup => self.soft_lockups.add(line, 1),
            KernelError::HardLockup => self.hard_lockups.add(line, 1),
            KernelError::TxTimeout { device } => self.tx_timeouts.add(line, Some(device)),
            KernelError::ConntrackFull => self.conntrack_full.add(line, 1),
            KernelError::SynFlood { port } => self.syn_floods.add(line, Some(port)),
            KernelError::LinkDown { device } => self.link_downs.add(line, Some(device)),
            KernelError::MachineCheck => self.machine_checks.add(line, 1),
            KernelError::Ecc { corrected, count } => {
                let seen = if corrected {
                    &mut self.ecc_corrected
                } else {
                    &mut self.ecc_uncorrected
                };
                seen.add(line, count);
            }
        }
    }

    fn oom_kill(&mut self, line: u64, comm: &str, memcg: bool) {
        self.oom_kills.add(line, Some(comm));
        if memcg {
            self.oom_memcg_kills += 1;
        }
    }

    /// Puts the facts; `whole` is the span of lines of a whole boot log, where a class
    /// not seen is a count of zero; `counted_in` the capture window the counts were
    /// limited to, which the log's span then names.
    pub(super) fn finish(
        self,
        whole: Option<(u64, u64)>,
        counted_in: Option<CaptureWindow>,
        sink: &mut FactSink,
    ) {
        if let Some(first) = &self.first_stamp {
            let (first, first_line) = first;
            let (last, last_line) = match &self.last_stamp {
                Some((last, line)) => (last, *line),
                None => (first, *first_line),
            };
            let boot = if whole.is_some() {
                " (the whole boot)"
            } else {
                ""
            };
            let counted = match counted_in {
                Some(window) => format!("; errors counted during the capture, {}", window.shown()),
                None => String::new(),
            };
            sink.put(
                "os.kernel_log_span",
                Value::Text(format!("{first} to {last}{boot}{counted}")),
                Unit::None,
                (*first_line, last_line),
            );
        }
        let mut count = |key: &str, seen: &Seen| {
            if seen.count > 0 {
                sink.put(
                    key,
                    Value::Number(seen.count as f64),
                    Unit::Count,
                    seen.lines(),
                );
            } else if let Some(lines) = whole {
                sink.put(key, Value::Number(0.0), Unit::Count, lines);
            }
        };
        count("mem.oom_kills", &self.kills());
        count("os.hung_tasks", &self.hung_tasks.seen);
        count("os.soft_lockups", &self.soft_lockups);
        count("os.hard_lockups", &self.hard_lockups);
        count("os.machine_check_lines", &self.machine_checks);
        count("mem.ecc_corrected_errors", &self.ecc_corrected);
        count("mem.ecc_uncorrected_errors", &self.ecc_uncorrected);
        count("net.tx_timeouts", &self.tx_timeouts.seen);
        count("net.conntrack_table_full", &self.conntrack_full);
        count("net.syn_flood_warnings", &self.syn_floods.seen);
        count("net.link_down_events", &self.link_downs.seen);
        let total = self.storage_total();
        count("disk.kernel_errors", &total);
        let mut names = |key: &str, class: &Class| {
            if class.seen.count > 0 && !class.names.counts.is_empty() {
                sink.put(
                    key,
                    Value::Text(class.names.describe()),
                    Unit::None,
                    class.seen.lines(),
                );
            }
        };
        names("mem.oom_killed", &self.oom_kills);
        names("os.hung_task_names", &self.hung_tasks);
        names("net.tx_timeout_devices", &self.tx_timeouts);
        names("net.syn_flood_ports", &self.syn_floods);
        names("net.link_down_devices", &self.link_downs);
        if self.oom_kills.seen.count > 0 {
            let lines = self.oom_kills.seen.lines();
            sink.put(
                "mem.oom_memcg_kills",
                Value::Number(self.oom_memcg_kills as f64),
                Unit::Count,
                lines,
            );
            if !self.oom_cgroups.counts.is_empty() {
                sink.put(
                    "mem.oom_cgroups",
                    Value::Text(self.oom_cgroups.describe()),
                    Unit::None,
                    lines,
                );
            }
        }
        for (device, errors) in &self.storage {
            let lines = errors.seen.lines();
            sink.put(
                format!("disk.{device}.kernel_errors"),
                Value::Number(errors.seen.count as f64),
                Unit::Count,
                lines,
            );
            let kinds: Vec<String> = errors
                .faults
                .iter()
                .map(|(fault, n)| fault.count(*n))
                .collect();
            sink.put(
                format!("disk.{device}.kernel_error_kinds"),
                Value::Text(kinds.join(", ")),
                Unit::None,
                lines,
            );
        }
    }

    /// The OOM kills: victims named, or else only `invoked oom-killer` lines (a grep for
    /// them), each of which is one kill.
    fn kills(&self) -> Seen {
        if self.oom_kills.seen.count > 0 {
            self.oom_kills.seen
        } else {
            self.oom_invoked
        }
    }

    /// Every class with what a reader calls one and several of it.
    fn classes(&self) -> [(&'static str, &'static str, Seen); 12] {
        [
            ("OOM kill", "OOM kills", self.kills()),
            ("storage error", "storage errors", self.storage_total()),
            ("hung task", "hung tasks", self.hung_tasks.seen),
            ("soft lockup", "soft lockups", self.soft_lockups),
            ("hard lockup", "hard lockups", self.hard_lockups),
            (
                "machine check line",
                "machine check lines",
                self.machine_checks,
            ),
            (
                "corrected ECC error",
                "corrected ECC errors",
                self.ecc_corrected,
            ),
            (
                "uncorrected ECC error",
                "uncorrected ECC errors",
                self.ecc_uncorrected,
            ),
            (
                "NIC transmit timeout",
                "NIC transmit timeouts",
                self.tx_timeouts.seen,
            ),
            (
                "conntrack table full",
                "conntrack table full messages",
                self.conntrack_full,
            ),
            (
                "SYN flood warning",
                "SYN flood warnings",
                self.syn_floods.seen,
            ),
            ("link down", "link downs", self.link_downs.seen),
        ]
    }

    /// How many errors were counted and the line of the first, if any were.
    pub(super) fn total(&self) -> Option<(u64, u64)> {
        let classes = self.classes();
        let seen = classes
            .iter()
            .map(|(_, _, seen)| seen)
            .filter(|s| s.count > 0);
        let count = seen.clone().map(|s| s.count).sum();
        let first = seen.map(|s| s.first).min()?;
        Some((count, first))
    }

    /// The kinds of errors counted, `2 OOM kills, 1 hung task`.
    pub(super) fn kinds(&self) -> String {
        let kinds: Vec<String> = self
            .classes()
            .iter()
            .filter(|(_, _, s)| s.count > 0)
            .map(|(one, many, s)| format!("{} {}", s.count, if s.count == 1 { one } else { many }))
            .collect();
        kinds.join(", ")
    }

    /// The errors stamped outside the capture window, in two facts: how many, and of
    /// which kinds, citing the first and last of them.
    pub(super) fn finish_outside(self, sink: &mut FactSink) {
        let Some((count, first)) = self.total() else {
            return;
        };
        let classes = self.classes();
        let last = classes
            .iter()
            .map(|(_, _, s)| s.last)
            .max()
            .unwrap_or(first);
        sink.put(
            "os.kernel_errors_outside_capture",
            Value::Number(count as f64),
            Unit::Count,
            (first, last),
        );
        sink.put(
            "os.kernel_error_kinds_outside_capture",
            Value::Text(self.kinds()),
            Unit::None,
            (first, last),
        );
    }

    fn storage_total(&self) -> Seen {
        let mut total = self.storage_others;
        for errors in self.storage.values() {
            let seen = errors.seen;
            if total.count == 0 || seen.first < total.first {
                total.first = seen.first;
            }
            total.last = total.last.max(seen.last);
            total.count += seen.count;
        }
        total
    }
}
