//! The perfsage settings snapshot (docs/settings-snapshot.md): `source: value` lines
//! holding /sys and /proc files and a few commands' output, written by a shell loop or
//! `perfsage capture`. It carries the OS settings the tuning cases change (THP, NUMA
//! balancing, I/O scheduler, page size, irqbalance, governor, SMT, SMMU) in one file.
//! A loop's output without the header line is read too when its first lines are all
//! `/sys/…: value` or `/proc/…: value` entries.
//!
//! ```text
//! # perfsage settings snapshot v1
//! /sys/kernel/mm/transparent_hugepage/enabled: [always] madvise never
//! /sys/kernel/mm/transparent_hugepage/defrag: [always] defer defer+madvise madvise never
//! /proc/sys/kernel/numa_balancing: 1
//! /sys/block/nvme0n1/queue/scheduler: [mq-deadline] kyber bfq none
//! /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor: ondemand
//! /sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq: 1400000
//! /sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq: 2600000
//! /proc/cmdline: BOOT_IMAGE=/vmlinuz-4.19.90-2112.8.0.0131.oe1.aarch64 root=/dev/mapper/openeuler-root ro …
//! getconf PAGESIZE: 4096
//! systemctl is-active irqbalance: active
//! ls /sys/class/iommu: smmu3.0x0000000100000000 smmu3.0x0000000140000000
//! uname -r: 4.19.90-2112.8.0.0131.oe1.aarch64
//! ```
//!
//! Facts (the table in docs/settings-snapshot.md): `os.thp.{enabled,defrag}`,
//! `sysctl.<name*>` and the typed sysctl keys for `/proc/sys/…`, `disk.<dev>.scheduler`,
//! `cpu.governor` (or `mixed` plus `cpu.<n>.governor`), `cpu.cur_freq_{min,avg,max}_mhz`,
//! `cpu.max_mhz` (fallback), `cpu.smt_control`, `cpu.smt_active`, `os.page_size_kib`,
//! `os.irqbalance_active`, `os.iommu_enabled`, `os.iommu_units`, `os.iommu_passthrough`,
//! `os.cmdline`, and fallbacks `os.kernel`, `cpu.arch`, `host.name`.

use crate::facts::{Unit, Value};
use crate::parse::instance_label::instance_label;
use crate::parse::os::sysctl::{is_sysctl_name, put_setting};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::{parse_f64, parse_u64};
use std::collections::HashSet;

pub struct SettingsSnapshot;

/// The first line of every snapshot, followed by the format version.
pub const HEADER: &str = "# perfsage settings snapshot v";

/// The commands a v1 snapshot may hold, written exactly so.
const COMMANDS: [&str; 6] = [
    "getconf PAGESIZE",
    "systemctl is-active irqbalance",
    "ls /sys/class/iommu",
    "uname -r",
    "uname -m",
    "hostname",
];

const CPU_DIR: &str = "/sys/devices/system/cpu/";

/// The `source` and `value` of an entry line; `None` for a continuation line.
fn split_entry(line: &str) -> Option<(&str, &str)> {
    let (source, value) = match line.split_once(": ") {
        Some((source, value)) => (source, value),
        None => (line.strip_suffix(':')?, ""),
    };
    let is_path = source.starts_with('/') && !source.contains(char::is_whitespace);
    (is_path || COMMANDS.contains(&source)).then(|| (source, value.trim()))
}

/// The bracketed choice of a sysfs selector (`always madvise [never]` → `never`), or
/// the whole value when it has no brackets.
fn selected(value: &str) -> &str {
    value
        .split_whitespace()
        .find_map(|w| w.strip_prefix('[').and_then(|w| w.strip_suffix(']')))
        .unwrap_or(value)
}

/// Running minimum, maximum and sum of per-CPU values.
#[derive(Default)]
struct Spread {
    min: f64,
    max: f64,
    sum: f64,
    count: usize,
    first_line: u64,
    last_line: u64,
}

impl Spread {
    fn add(&mut self, value: f64, line: u64) {
        if self.count == 0 {
            self.min = value;
            self.max = value;
            self.first_line = line;
        }
        self.min = self.min.min(value);
        self.max = self.max.max(value);
        self.sum += value;
        self.count += 1;
        self.last_line = self.last_line.max(line);
    }

    fn lines(&self) -> (u64, u64) {
        (self.first_line, self.last_line)
    }
}

/// What the snapshot says so far; per-CPU entries are summarised at the end.
#[derive(Default)]
struct Snapshot {
    sources: HashSet<String>,
    governors: Vec<(String, String, u64)>,
    cur_freq_khz: Spread,
    max_freq_khz: Spread,
    passthrough_from_groups: bool,
    passthrough_from_cmdline: Option<(bool, u64)>,
    entries: usize,
}

/// One entry with its continuation lines.
struct Entry {
    source: String,
    value: String,
    first_line: u64,
    last_line: u64,
}

impl CaptureParser for SettingsSnapshot {
    fn tool(&self) -> &'static str {
        "settings-snapshot"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines().map(str::trim).filter(|l| !l.is_empty());
        let first = lines.next()?;
        if first.starts_with(HEADER) {
            return Some(99);
        }
        // A plain loop (`for f in …; do echo "$f: $(cat $f)"; done`) without the
        // header: `/sys/…: value` and `/proc/…: value` lines are unambiguous, except
        // cgroup and pressure files, which their own parsers read.
        let settings_line = |line: &str| {
            split_entry(line).is_some_and(|(source, _)| {
                (source.starts_with("/sys/") || source.starts_with("/proc/"))
                    && !source.starts_with("/sys/fs/cgroup")
                    && !source.starts_with("/proc/pressure")
            })
        };
        let mut checked = 0;
        for line in std::iter::once(first).chain(lines).take(5) {
            if !settings_line(line) {
                return None;
            }
            checked += 1;
        }
        (checked >= 2).then_some(70)
    }

    fn starts_section(&self, line: &str) -> bool {
        line.trim().starts_with(HEADER)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut snapshot = Snapshot::default();
        let mut pending: Option<Entry> = None;
        let mut header_seen = false;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            let n = line.number;
            if text.is_empty() {
                continue;
            }
            if let Some(version) = text.strip_prefix(HEADER) {
                if !header_seen && version != "1" {
                    sink.warn(n, format!("snapshot format v{version}; read as v1"));
                }
                header_seen = true;
                continue;
            }
            if text.starts_with('#') {
                continue;
            }
            if line.cut_off {
                sink.warn_cut_off(n);
                continue;
            }
            match split_entry(text) {
                Some((source, value)) => {
                    if let Some(entry) = pending.take() {
                        snapshot.apply(&entry, sink);
                    }
                    pending = Some(Entry {
                        source: source.to_string(),
                        value: value.to_string(),
                        first_line: n,
                        last_line: n,
                    });
                }
                None => match pending.as_mut() {
                    Some(entry) => {
                        if !entry.value.is_empty() {
                            entry.value.push(' ');
                        }
                        entry.value.push_str(text);
                        entry.last_line = n;
                    }
                    None => sink.warn(n, "not a `source: value` line; ignored"),
                },
            }
        }
        if let Some(entry) = pending.take() {
            snapshot.apply(&entry, sink);
        }
        if snapshot.entries == 0 {
            return Err(ParseError::whole_file(
                "the settings snapshot holds no `source: value` entries",
            ));
        }
        snapshot.finish(sink);
        Ok(())
    }
}

impl Snapshot {
    fn apply(&mut self, entry: &Entry, sink: &mut FactSink) {
        self.entries += 1;
        let lines = (entry.first_line, entry.last_line);
        let n = entry.first_line;
        if !self.sources.insert(entry.source.clone()) {
            sink.warn(
                n,
                format!("{} appears again; the first value is kept", entry.source),
            );
            return;
        }
        let source = entry.source.as_str();
        let value = entry.value.as_str();
        if value.is_empty() {
            if source == "ls /sys/class/iommu" {
                put_flag(sink, "os.iommu_enabled", false, lines);
                sink.put("os.iommu_units", Value::Number(0.0), Unit::Count, lines);
            }
            // Otherwise: the file was unreadable or the command printed nothing.
            return;
        }
        match source {
            "/sys/kernel/mm/transparent_hugepage/enabled"
            | "/sys/kernel/mm/redhat_transparent_hugepage/enabled" => {
                sink.text("os.thp.enabled", selected(value), n)
            }
            "/sys/kernel/mm/transparent_hugepage/defrag"
            | "/sys/kernel/mm/redhat_transparent_hugepage/defrag" => {
                sink.text("os.thp.defrag", selected(value), n)
            }
            "/sys/devices/system/cpu/smt/control" => sink.text("cpu.smt_control", value, n),
            "/sys/devices/system/cpu/smt/active" => match value {
                "1" => put_flag(sink, "cpu.smt_active", true, lines),
                "0" => put_flag(sink, "cpu.smt_active", false, lines),
                _ => sink.warn(n, format!("smt/active is {value:?}, not 0 or 1")),
            },
            "/sys/kernel/iommu_groups/0/type" => {
                self.passthrough_from_groups = true;
                put_flag(sink, "os.iommu_passthrough", value == "identity", lines);
            }
            "/proc/cmdline" => {
                sink.text("os.cmdline", value, n);
                self.passthrough_from_cmdline = cmdline_passthrough(value).map(|p| (p, n));
            }
            "getconf PAGESIZE" => match parse_u64(value.as_bytes()) {
                Some(bytes) if bytes >= 1024 => sink.number(
                    "os.page_size_kib",
                    bytes as f64 / 1024.0,
                    Unit::Kibibytes,
                    n,
                ),
                _ => sink.warn(n, format!("page size {value:?} is not a byte count")),
            },
            "systemctl is-active irqbalance" => match value {
                "active" | "activating" | "reloading" => {
                    put_flag(sink, "os.irqbalance_active", true, lines)
                }
                "inactive" | "failed" | "unknown" | "deactivating" => {
                    put_flag(sink, "os.irqbalance_active", false, lines)
                }
                _ => sink.warn(n, format!("irqbalance state {value:?} not understood")),
            },
            "ls /sys/class/iommu" => {
                let units = value.split_whitespace().count();
                put_flag(sink, "os.iommu_enabled", units > 0, lines);
                sink.put(
                    "os.iommu_units",
                    Value::Number(units as f64),
                    Unit::Count,
                    lines,
                );
            }
            "uname -r" => sink.put_fallback("os.kernel", text(value), Unit::None, lines),
            "uname -m" => sink.put_fallback("cpu.arch", text(value), Unit::None, lines),
            "hostname" => sink.put_fallback("host.name", text(value), Unit::None, lines),
            _ => self.apply_path(source, value, lines, sink),
        }
    }

    /// Entries whose path has a variable part: /proc/sys, block devices, CPUs.
    fn apply_path(&mut self, path: &str, value: &str, lines: (u64, u64), sink: &mut FactSink) {
        let n = lines.0;
        if let Some(name) = path.strip_prefix("/proc/sys/") {
            let name = name.replace('/', ".");
            if is_sysctl_name(&name) {
                put_setting(sink, &name, value, lines);
            }
            return;
        }
        if let Some(device) = path
            .strip_prefix("/sys/block/")
            .and_then(|rest| rest.strip_suffix("/queue/scheduler"))
        {
            if let Some(device) = instance_label(device) {
                sink.text(format!("disk.{device}.scheduler"), selected(value), n);
            }
            return;
        }
        let Some((cpu, file)) = path
            .strip_prefix(CPU_DIR)
            .and_then(|rest| rest.strip_prefix("cpu"))
            .and_then(|rest| rest.split_once("/cpufreq/"))
            .filter(|(cpu, _)| parse_u64(cpu.as_bytes()).is_some())
        else {
            return;
        };
        match file {
            "scaling_governor" => self.governors.push((cpu.to_string(), value.to_string(), n)),
            "scaling_cur_freq" | "cpuinfo_cur_freq" => match parse_f64(value.as_bytes()) {
                Some(khz) => self.cur_freq_khz.add(khz, n),
                None => sink.warn(n, format!("frequency {value:?} is not a number")),
            },
            "cpuinfo_max_freq" => match parse_f64(value.as_bytes()) {
                Some(khz) => self.max_freq_khz.add(khz, n),
                None => sink.warn(n, format!("frequency {value:?} is not a number")),
            },
            _ => {}
        }
    }

    fn finish(self, sink: &mut FactSink) {
        if let Some((_, first, line)) = self.governors.first() {
            let last_line = self.governors.iter().map(|g| g.2).max().unwrap_or(*line);
            let lines = (*line, last_line);
            if self.governors.iter().all(|(_, g, _)| g == first) {
                sink.put("cpu.governor", text(first), Unit::None, lines);
            } else {
                sink.put("cpu.governor", text("mixed"), Unit::None, lines);
                for (cpu, governor, line) in &self.governors {
                    sink.text(format!("cpu.{cpu}.governor"), governor.as_str(), *line);
                }
            }
        }
        let freq = &self.cur_freq_khz;
        if freq.count > 0 {
            let mhz = |khz: f64| Value::Number(khz / 1000.0);
            let avg = freq.sum / freq.count as f64;
            sink.put(
                "cpu.cur_freq_min_mhz",
                mhz(freq.min),
                Unit::Megahertz,
                freq.lines(),
            );
            sink.put(
                "cpu.cur_freq_avg_mhz",
                mhz(avg),
                Unit::Megahertz,
                freq.lines(),
            );
            sink.put(
                "cpu.cur_freq_max_mhz",
                mhz(freq.max),
                Unit::Megahertz,
                freq.lines(),
            );
        }
        let max = &self.max_freq_khz;
        if max.count > 0 {
            sink.put_fallback(
                "cpu.max_mhz",
                Value::Number(max.max / 1000.0),
                Unit::Megahertz,
                max.lines(),
            );
        }
        if let (false, Some((passthrough, line))) =
            (self.passthrough_from_groups, self.passthrough_from_cmdline)
        {
            put_flag(sink, "os.iommu_passthrough", passthrough, (line, line));
        }
    }
}

/// What the kernel command line says explicitly about IOMMU passthrough.
pub(super) fn cmdline_passthrough(cmdline: &str) -> Option<bool> {
    let mut said = None;
    for word in cmdline.split_whitespace() {
        match word {
            "iommu.passthrough=1" | "iommu.passthrough=on" | "iommu=pt" => said = Some(true),
            "iommu.passthrough=0" | "iommu.passthrough=off" | "iommu=nopt" => said = Some(false),
            _ => {}
        }
    }
    said
}

fn text(value: &str) -> Value {
    Value::Text(value.to_string())
}

fn put_flag(sink: &mut FactSink, key: &str, value: bool, lines: (u64, u64)) {
    sink.put(key, Value::Flag(value), Unit::None, lines);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_paths_or_known_commands() {
        assert_eq!(
            split_entry("/proc/sys/kernel/numa_balancing: 1"),
            Some(("/proc/sys/kernel/numa_balancing", "1"))
        );
        assert_eq!(
            split_entry("getconf PAGESIZE: 65536"),
            Some(("getconf PAGESIZE", "65536"))
        );
        assert_eq!(
            split_entry("ls /sys/class/iommu:"),
            Some(("ls /sys/class/iommu", ""))
        );
        assert_eq!(split_entry("drive name: sr0"), None);
        assert_eq!(split_entry("/not a path: x"), None);
    }

    #[test]
    fn selectors_give_the_bracketed_choice() {
        assert_eq!(selected("always madvise [never]"), "never");
        assert_eq!(selected("[none] mq-deadline kyber bfq"), "none");
        assert_eq!(selected("none"), "none");
    }

    #[test]
    fn cmdline_passthrough_only_when_said() {
        assert_eq!(
            cmdline_passthrough("ro quiet iommu.passthrough=1"),
            Some(true)
        );
        assert_eq!(
            cmdline_passthrough("ro intel_iommu=on iommu=pt"),
            Some(true)
        );
        assert_eq!(cmdline_passthrough("ro iommu.passthrough=0"), Some(false));
        assert_eq!(cmdline_passthrough("ro quiet"), None);
    }
}
