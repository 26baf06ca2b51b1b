//! Writes the OS settings snapshot (docs/settings-snapshot.md, format v1): the /sys
//! and /proc files and the few commands the tuning cases look at, one `source: value`
//! line each, exactly as the documented shell script would print them. Files that do
//! not exist are left out; a command that is not installed gets an empty value.

use crate::parse::os::settings_snapshot::HEADER;
use std::io::{self, Write};
use std::path::Path;
use std::process::Stdio;

/// Single files, read when present.
const FILES: [&str; 8] = [
    "/sys/kernel/mm/transparent_hugepage/enabled",
    "/sys/kernel/mm/transparent_hugepage/defrag",
    "/proc/sys/kernel/numa_balancing",
    "/proc/sys/vm/swappiness",
    "/proc/sys/vm/zone_reclaim_mode",
    "/proc/sys/vm/nr_hugepages",
    "/proc/sys/vm/dirty_ratio",
    "/proc/sys/vm/dirty_background_ratio",
];

/// Per-CPU cpufreq files.
const CPUFREQ: [&str; 3] = ["scaling_governor", "scaling_cur_freq", "cpuinfo_max_freq"];

/// Files after the per-device and per-CPU ones.
const LATE_FILES: [&str; 4] = [
    "/sys/devices/system/cpu/smt/control",
    "/sys/devices/system/cpu/smt/active",
    "/sys/kernel/iommu_groups/0/type",
    "/proc/cmdline",
];

/// Commands, written as the format names them, and how to run them.
const COMMANDS: [(&str, &str, &[&str]); 5] = [
    ("getconf PAGESIZE", "getconf", &["PAGESIZE"]),
    (
        "systemctl is-active irqbalance",
        "systemctl",
        &["is-active", "irqbalance"],
    ),
    ("uname -r", "uname", &["-r"]),
    ("uname -m", "uname", &["-m"]),
    ("hostname", "hostname", &[]),
];

/// Writes the snapshot of this host to `out`.
pub fn write_snapshot(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{HEADER}1")?;
    for file in FILES {
        file_line(out, Path::new(file))?;
    }
    for device in block_devices() {
        file_line(
            out,
            &Path::new("/sys/block").join(device).join("queue/scheduler"),
        )?;
    }
    for cpu in cpus() {
        for name in CPUFREQ {
            let path = Path::new("/sys/devices/system/cpu")
                .join(format!("cpu{cpu}"))
                .join("cpufreq")
                .join(name);
            file_line(out, &path)?;
        }
    }
    for file in LATE_FILES {
        file_line(out, Path::new(file))?;
    }
    for (source, program, args) in COMMANDS {
        writeln!(out, "{}", entry(source, &command_output(program, args)))?;
    }
    writeln!(out, "{}", entry("ls /sys/class/iommu", &iommu_units()))?;
    Ok(())
}

/// `source: value`, or `source:` for an empty value.
fn entry(source: &str, value: &str) -> String {
    if value.is_empty() {
        format!("{source}:")
    } else {
        format!("{source}: {value}")
    }
}

/// A file's content on one line (lines joined by spaces), if it exists.
fn file_line(out: &mut dyn Write, path: &Path) -> io::Result<()> {
    if !path.exists() {
        return Ok(());
    }
    let value = std::fs::read_to_string(path)
        .map(|t| one_line(&t))
        .unwrap_or_default();
    writeln!(out, "{}", entry(&path.display().to_string(), &value))
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What a command printed on stdout, on one line; empty when it cannot run.
fn command_output(program: &str, args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    super::children::command(Path::new(program), &args)
        .stderr(Stdio::null())
        .output()
        .map(|o| one_line(&String::from_utf8_lossy(&o.stdout)))
        .unwrap_or_default()
}

/// Block devices with an I/O scheduler, without loop, RAM and zram devices.
fn block_devices() -> Vec<String> {
    let mut devices: Vec<String> = std::fs::read_dir("/sys/block")
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| !["loop", "ram", "zram"].iter().any(|p| n.starts_with(p)))
                .collect()
        })
        .unwrap_or_default();
    devices.sort();
    devices
}

/// CPU numbers under /sys/devices/system/cpu, in numeric order.
fn cpus() -> Vec<u32> {
    let mut cpus: Vec<u32> = std::fs::read_dir("/sys/devices/system/cpu")
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .filter_map(|e| {
                    e.file_name()
                        .to_str()
                        .and_then(|n| n.strip_prefix("cpu"))
                        .and_then(|n| n.parse().ok())
                })
                .collect()
        })
        .unwrap_or_default();
    cpus.sort_unstable();
    cpus
}

/// The IOMMU/SMMU units registered, names joined by spaces (as `ls` prints them).
fn iommu_units() -> String {
    let mut names: Vec<String> = std::fs::read_dir("/sys/class/iommu")
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_follow_the_format() {
        assert_eq!(entry("uname -r", "6.1.0"), "uname -r: 6.1.0");
        assert_eq!(entry("ls /sys/class/iommu", ""), "ls /sys/class/iommu:");
        assert_eq!(
            one_line("always madvise [never]\n"),
            "always madvise [never]"
        );
        assert_eq!(one_line("a\nb\n"), "a b");
    }

    #[test]
    fn this_host_gives_a_snapshot_the_parser_reads() {
        let mut out = Vec::new();
        write_snapshot(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("# perfsage settings snapshot v1\n"),
            "{text}"
        );
        assert!(text.contains("\nuname -r: "), "{text}");
        assert!(text.contains("\ngetconf PAGESIZE: "), "{text}");
    }
}
