//! What each cgroup control file holds, cgroup v1 and v2 alike, as readings in one
//! set of names and units: the shell loop that captured them (see `cgroup`) cuts the
//! capture into files, and this turns one file's lines into readings. The two
//! versions name the same figure differently (v1 `throttled_time` in ns, v2
//! `throttled_usec`; v1 `memory.limit_in_bytes`, v2 `memory.max`), and a readings's
//! name is the question, not the file: `cpu.throttled_s`, `memory.limit_kib`.
//!
//! Read, per file (any other file is ignored):
//!
//! | file | v | readings |
//! | --- | --- | --- |
//! | `cpu.stat` | 1, 2 | nr_periods, nr_throttled, throttled_time (ns) or throttled_usec, usage_usec |
//! | `cpu.cfs_quota_us`, `cpu.cfs_period_us` | 1 | quota (`-1`: none) and period |
//! | `cpu.max` | 2 | `max 100000` (none) or `50000 100000` |
//! | `cpuacct.usage` | 1 | CPU time used (ns) |
//! | `memory.limit_in_bytes` / `memory.max` | 1 / 2 | the limit (`max`, or v1's page-rounded 2^63: none) |
//! | `memory.high` | 2 | the throttling limit |
//! | `memory.usage_in_bytes` / `memory.current` | 1 / 2 | memory used now |
//! | `memory.max_usage_in_bytes` / `memory.peak` | 1 / 2 | the most it used |
//! | `memory.failcnt` | 1 | times the limit was hit |
//! | `memory.events` | 2 | low, high, max, oom, oom_kill, oom_group_kill |
//! | `memory.oom_control` | 1 | under_oom, oom_kill |
//! | `memory.stat` | 1, 2 | anon (v1 rss), file (v1 cache), pgmajfault, workingset refaults, pgscan, pgsteal; v1's hierarchical `total_*` lines win over the group's own |
//! | `blkio.throttle.{read,write}_{iops,bps}_device` / `io.max` | 1 / 2 | the tightest I/O cap over the group's devices (none listed, or `max`: no cap) |
//! | `blkio.throttle.io_serviced`, `blkio.throttle.io_service_bytes` / `io.stat` | 1 / 2 | reads and writes done and their bytes, summed over devices |

/// One figure a control file gave.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    /// The figure's name under the group: `cpu.nr_periods`, `memory.limit_kib`.
    pub name: &'static str,
    /// In the unit the name says; `f64::INFINITY` for "no limit".
    pub value: f64,
    /// A counter grows from the group's creation; the growth between snapshots is
    /// what happened during the capture. Otherwise the figure is a state (a limit).
    pub counter: bool,
    pub line: u64,
}

/// What one file gave: readings and problems with its lines.
#[derive(Debug, Default)]
pub struct FileReadings {
    pub readings: Vec<Reading>,
    pub warnings: Vec<(u64, String)>,
}

/// Whether perfsage reads the control file called `name`.
pub fn is_known(name: &str) -> bool {
    matches!(
        name,
        "cpu.stat"
            | "cpu.cfs_quota_us"
            | "cpu.cfs_period_us"
            | "cpu.max"
            | "cpuacct.usage"
            | "memory.limit_in_bytes"
            | "memory.max"
            | "memory.high"
            | "memory.usage_in_bytes"
            | "memory.current"
            | "memory.max_usage_in_bytes"
            | "memory.peak"
            | "memory.failcnt"
            | "memory.events"
            | "memory.oom_control"
            | "memory.stat"
    ) || is_block_io(name)
}

/// The block I/O files: throttling caps and what was done, one line per device.
fn is_block_io(name: &str) -> bool {
    matches!(
        name,
        "blkio.throttle.read_iops_device"
            | "blkio.throttle.write_iops_device"
            | "blkio.throttle.read_bps_device"
            | "blkio.throttle.write_bps_device"
            | "blkio.throttle.io_serviced"
            | "blkio.throttle.io_service_bytes"
            | "io.max"
            | "io.stat"
    )
}

/// Whether the file holds one value on one line (so that a number after it is not
/// its content but the loop's next time stamp).
pub fn is_single_value(name: &str) -> bool {
    !matches!(
        name,
        "cpu.stat" | "memory.events" | "memory.oom_control" | "memory.stat"
    ) && !is_block_io(name)
}

/// v1 prints "no limit" as the largest page-aligned counter (9223372036854771712 on
/// 4 KiB pages); anything from 2^62 bytes is taken as that.
const NO_LIMIT_BYTES: f64 = 4.611_686_018_427_388e18;

/// A whole number as a tool printed it (an optional `-`, digits): not `inf`, not
/// `1e3`.
fn integer(text: &str) -> Option<f64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Reads the control file `name` from its lines (`(line number, text)`).
pub fn read_file(name: &str, lines: &[(u64, String)]) -> FileReadings {
    let mut out = FileReadings::default();
    if is_block_io(name) {
        read_block_io(name, lines, &mut out);
    } else if is_single_value(name) {
        read_single(name, lines, &mut out);
    } else {
        read_keyed(name, lines, &mut out);
    }
    out
}

impl FileReadings {
    fn push(&mut self, name: &'static str, value: f64, counter: bool, line: u64) {
        self.readings.push(Reading {
            name,
            value,
            counter,
            line,
        });
    }

    fn malformed(&mut self, file: &str, line: u64, text: &str) {
        self.warnings.push((
            line,
            format!("`{text}` is not a value {file} holds; ignored"),
        ));
    }
}

fn read_single(name: &str, lines: &[(u64, String)], out: &mut FileReadings) {
    let Some((line, text)) = lines.first() else {
        return;
    };
    let (line, text) = (*line, text.trim());
    let bytes_or_max = |text: &str| match text {
        "max" => Some(f64::INFINITY),
        _ => integer(text).filter(|v| *v >= 0.0).map(|v| {
            if v >= NO_LIMIT_BYTES {
                f64::INFINITY
            } else {
                v / 1024.0
            }
        }),
    };
    let reading = match name {
        "cpu.cfs_quota_us" => integer(text).filter(|v| *v == -1.0 || *v > 0.0).map(|v| {
            (
                "cpu.quota_us",
                if v < 0.0 { f64::INFINITY } else { v },
                false,
            )
        }),
        "cpu.cfs_period_us" => integer(text)
            .filter(|v| *v > 0.0)
            .map(|v| ("cpu.period_us", v, false)),
        "cpu.max" => {
            read_cpu_max(text, line, out);
            return;
        }
        "cpuacct.usage" => integer(text)
            .filter(|v| *v >= 0.0)
            .map(|v| ("cpu.used_s", v / 1e9, true)),
        "memory.limit_in_bytes" | "memory.max" => {
            bytes_or_max(text).map(|v| ("memory.limit_kib", v, false))
        }
        "memory.high" => bytes_or_max(text).map(|v| ("memory.high_kib", v, false)),
        "memory.usage_in_bytes" | "memory.current" => bytes_or_max(text)
            .filter(|v| v.is_finite())
            .map(|v| ("memory.usage_kib", v, false)),
        "memory.max_usage_in_bytes" | "memory.peak" => bytes_or_max(text)
            .filter(|v| v.is_finite())
            .map(|v| ("memory.max_usage_kib", v, false)),
        "memory.failcnt" => integer(text)
            .filter(|v| *v >= 0.0)
            .map(|v| ("memory.failcnt", v, true)),
        _ => None,
    };
    match reading {
        Some((reading, value, counter)) => out.push(reading, value, counter, line),
        None => out.malformed(name, line, text),
    }
}

/// v2 `cpu.max`: `$MAX $PERIOD`, `$MAX` being `max` for no quota.
fn read_cpu_max(text: &str, line: u64, out: &mut FileReadings) {
    let mut words = text.split_whitespace();
    let quota = match words.next() {
        Some("max") => Some(f64::INFINITY),
        Some(word) => integer(word).filter(|v| *v > 0.0),
        None => None,
    };
    let period = words.next().and_then(integer).filter(|v| *v > 0.0);
    match (quota, period, words.next()) {
        (Some(quota), Some(period), None) => {
            out.push("cpu.quota_us", quota, false, line);
            out.push("cpu.period_us", period, false, line);
        }
        _ => out.malformed("cpu.max", line, text),
    }
}

/// The `key value` files: cpu.stat, memory.events, memory.oom_control, memory.stat.
fn read_keyed(name: &str, lines: &[(u64, String)], out: &mut FileReadings) {
    let mut values: Vec<(&str, f64, u64)> = Vec::new();
    for (line, text) in lines {
        let mut words = text.split_whitespace();
        let parsed = match (words.next(), words.next(), words.next()) {
            (Some(key), Some(value), None) => integer(value).map(|v| (key, v)),
            _ => None,
        };
        match parsed {
            Some((key, value)) if value >= 0.0 => values.push((key, value, *line)),
            _ => out.malformed(name, *line, text.trim()),
        }
    }
    let get = |key: &str| {
        values
            .iter()
            .find(|(k, _, _)| *k == key)
            .map(|(_, v, l)| (*v, *l))
    };
    // v1's memory.stat gives each figure for the group alone and, as total_*, for the
    // group with its children (what v2's figures always are).
    let hierarchical = |key: &str| get(&format!("total_{key}")).or_else(|| get(key));
    match name {
        "cpu.stat" => {
            for (key, reading, scale) in [
                ("nr_periods", "cpu.nr_periods", 1.0),
                ("nr_throttled", "cpu.nr_throttled", 1.0),
                ("throttled_time", "cpu.throttled_s", 1e-9),
                ("throttled_usec", "cpu.throttled_s", 1e-6),
                ("usage_usec", "cpu.used_s", 1e-6),
            ] {
                if let Some((value, line)) = get(key) {
                    out.push(reading, value * scale, true, line);
                }
            }
        }
        "memory.events" => {
            for (key, reading) in [
                ("low", "memory.events.low"),
                ("high", "memory.events.high"),
                ("max", "memory.events.max"),
                ("oom", "memory.events.oom"),
                ("oom_kill", "memory.events.oom_kill"),
                ("oom_group_kill", "memory.events.oom_group_kill"),
            ] {
                if let Some((value, line)) = get(key) {
                    out.push(reading, value, true, line);
                }
            }
        }
        "memory.oom_control" => {
            if let Some((value, line)) = get("oom_kill") {
                out.push("memory.events.oom_kill", value, true, line);
            }
            if let Some((value, line)) = get("under_oom") {
                out.push("memory.under_oom", value, false, line);
            }
        }
        "memory.stat" => {
            for (keys, reading, counter, scale) in [
                (&["anon", "rss"][..], "memory.anon_kib", false, 1.0 / 1024.0),
                (
                    &["file", "cache"][..],
                    "memory.file_kib",
                    false,
                    1.0 / 1024.0,
                ),
                (&["pgmajfault"][..], "memory.major_faults", true, 1.0),
                (&["pgscan"][..], "memory.pgscan", true, 1.0),
                (&["pgsteal"][..], "memory.pgsteal", true, 1.0),
            ] {
                if let Some((value, line)) = keys.iter().find_map(|k| hierarchical(k)) {
                    out.push(reading, value * scale, counter, line);
                }
            }
            // Split into anon and file since 5.9; one figure before.
            let refaults = match (
                hierarchical("workingset_refault_anon"),
                hierarchical("workingset_refault_file"),
            ) {
                (Some((anon, _)), Some((file, line))) => Some((anon + file, line)),
                _ => hierarchical("workingset_refault"),
            };
            if let Some((value, line)) = refaults {
                out.push("memory.workingset_refaults", value, true, line);
            }
        }
        _ => {}
    }
}

/// A device as the block I/O files name it: `major:minor`.
fn is_device(word: &str) -> bool {
    word.split_once(':').is_some_and(|(major, minor)| {
        integer(major).is_some_and(|v| v >= 0.0) && integer(minor).is_some_and(|v| v >= 0.0)
    })
}

/// The block I/O files, whose lines each start with a device: v1's caps
/// (`8:0 150`; an empty file is no cap), v1's counts (`8:0 Write 5939`, with a
/// `Total` line after the devices), v2's `io.max` (`8:0 rbps=max wbps=max riops=max
/// wiops=150`) and `io.stat` (`8:0 rbytes=… wbytes=… rios=… wios=…`). A cap is the
/// tightest over the devices; counts are summed over them.
fn read_block_io(name: &str, lines: &[(u64, String)], out: &mut FileReadings) {
    let v1_cap = match name {
        "blkio.throttle.read_iops_device" => Some(("blkio.read_iops_limit", 1.0)),
        "blkio.throttle.write_iops_device" => Some(("blkio.write_iops_limit", 1.0)),
        "blkio.throttle.read_bps_device" => Some(("blkio.read_kbps_limit", 1.0 / 1024.0)),
        "blkio.throttle.write_bps_device" => Some(("blkio.write_kbps_limit", 1.0 / 1024.0)),
        _ => None,
    };
    // (reading, per-line key, scale, is a cap): what each word of a line adds to.
    let fields: &[(&'static str, &str, f64, bool)] = match name {
        "blkio.throttle.io_serviced" => &[
            ("blkio.reads", "Read", 1.0, false),
            ("blkio.writes", "Write", 1.0, false),
        ],
        "blkio.throttle.io_service_bytes" => &[
            ("blkio.read_kib", "Read", 1.0 / 1024.0, false),
            ("blkio.written_kib", "Write", 1.0 / 1024.0, false),
        ],
        "io.max" => &[
            ("blkio.read_iops_limit", "riops", 1.0, true),
            ("blkio.write_iops_limit", "wiops", 1.0, true),
            ("blkio.read_kbps_limit", "rbps", 1.0 / 1024.0, true),
            ("blkio.write_kbps_limit", "wbps", 1.0 / 1024.0, true),
        ],
        "io.stat" => &[
            ("blkio.reads", "rios", 1.0, false),
            ("blkio.writes", "wios", 1.0, false),
            ("blkio.read_kib", "rbytes", 1.0 / 1024.0, false),
            ("blkio.written_kib", "wbytes", 1.0 / 1024.0, false),
        ],
        _ => &[],
    };
    let mut caps: Vec<(&'static str, f64, u64)> = Vec::new();
    let mut sums: Vec<(&'static str, f64, u64)> = Vec::new();
    let add = |into: &mut Vec<(&'static str, f64, u64)>, reading, value: f64, line, cap| match into
        .iter_mut()
        .find(|(r, _, _)| *r == reading)
    {
        Some(entry) if cap => *entry = (reading, entry.1.min(value), line),
        Some(entry) => *entry = (reading, entry.1 + value, line),
        None => into.push((reading, value, line)),
    };
    for (line, text) in lines {
        let mut words = text.split_whitespace();
        let Some(device) = words.next() else {
            continue;
        };
        if device == "Total" && v1_cap.is_none() && name.starts_with("blkio.") {
            continue;
        }
        if !is_device(device) {
            out.malformed(name, *line, text.trim());
            continue;
        }
        let rest: Vec<&str> = words.collect();
        if let Some((reading, scale)) = v1_cap {
            match rest[..] {
                [value] if integer(value).is_some_and(|v| v >= 0.0) => {
                    let value = integer(value).unwrap_or_default() * scale;
                    add(&mut caps, reading, value, *line, true);
                }
                _ => out.malformed(name, *line, text.trim()),
            }
            continue;
        }
        let v1_counts = name.starts_with("blkio.");
        for &(reading, key, scale, cap) in fields {
            let value = if v1_counts {
                match rest[..] {
                    [k, value] if k == key => integer(value),
                    _ => None,
                }
            } else {
                rest.iter()
                    .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
                    .and_then(|v| {
                        if v == "max" {
                            Some(f64::INFINITY)
                        } else {
                            integer(v)
                        }
                    })
            };
            let Some(value) = value.filter(|v| *v >= 0.0) else {
                continue;
            };
            let into = if cap { &mut caps } else { &mut sums };
            add(into, reading, value * scale, *line, cap);
        }
    }
    // A cap file that lists no device caps nothing.
    if let Some((reading, _)) = v1_cap
        && caps.is_empty()
    {
        let line = lines.first().map_or(0, |(l, _)| *l);
        caps.push((reading, f64::INFINITY, line));
    }
    for (reading, value, line) in caps {
        out.push(reading, value, false, line);
    }
    for (reading, value, line) in sums {
        out.push(reading, value, true, line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<(u64, String)> {
        text.lines()
            .enumerate()
            .map(|(i, l)| (i as u64 + 1, l.to_string()))
            .collect()
    }

    fn value(file: &FileReadings, name: &str) -> f64 {
        file.readings
            .iter()
            .find(|r| r.name == name)
            .unwrap_or_else(|| panic!("no {name}: {file:?}"))
            .value
    }

    #[test]
    fn v1_and_v2_cpu_stat_give_the_same_names_in_seconds() {
        let v1 = read_file(
            "cpu.stat",
            &lines(
                "nr_periods 30\nnr_throttled 29\nthrottled_time 4287838073\nnr_bursts 0\nburst_time 0",
            ),
        );
        assert_eq!(value(&v1, "cpu.nr_throttled"), 29.0);
        assert!((value(&v1, "cpu.throttled_s") - 4.287838073).abs() < 1e-9);
        let v2 = read_file(
            "cpu.stat",
            &lines(
                "usage_usec 2000000\nuser_usec 1900000\nsystem_usec 100000\nnr_periods 30\nnr_throttled 29\nthrottled_usec 4287838\nnr_bursts 0\nburst_usec 0",
            ),
        );
        assert!((value(&v2, "cpu.throttled_s") - 4.287838).abs() < 1e-9);
        assert_eq!(value(&v2, "cpu.used_s"), 2.0);
        assert!(v1.warnings.is_empty() && v2.warnings.is_empty());
    }

    #[test]
    fn no_quota_and_no_limit_are_infinite() {
        let quota = read_file("cpu.cfs_quota_us", &lines("-1"));
        assert_eq!(value(&quota, "cpu.quota_us"), f64::INFINITY);
        let max = read_file("cpu.max", &lines("max 100000"));
        assert_eq!(value(&max, "cpu.quota_us"), f64::INFINITY);
        assert_eq!(value(&max, "cpu.period_us"), 100000.0);
        let half = read_file("cpu.max", &lines("50000 100000"));
        assert_eq!(value(&half, "cpu.quota_us"), 50000.0);
        let v1 = read_file("memory.limit_in_bytes", &lines("9223372036854771712"));
        assert_eq!(value(&v1, "memory.limit_kib"), f64::INFINITY);
        let v2 = read_file("memory.max", &lines("max"));
        assert_eq!(value(&v2, "memory.limit_kib"), f64::INFINITY);
        let set = read_file("memory.max", &lines("268435456"));
        assert_eq!(value(&set, "memory.limit_kib"), 262144.0);
    }

    #[test]
    fn v1_memory_stat_prefers_the_hierarchical_totals() {
        let stat = read_file(
            "memory.stat",
            &lines(
                "cache 0\nrss 4096\npgmajfault 1\nworkingset_refault_anon 2\nworkingset_refault_file 3\ntotal_cache 8192\ntotal_rss 16384\ntotal_pgmajfault 7\ntotal_workingset_refault_anon 10\ntotal_workingset_refault_file 20",
            ),
        );
        assert_eq!(value(&stat, "memory.file_kib"), 8.0);
        assert_eq!(value(&stat, "memory.anon_kib"), 16.0);
        assert_eq!(value(&stat, "memory.major_faults"), 7.0);
        assert_eq!(value(&stat, "memory.workingset_refaults"), 30.0);
    }

    #[test]
    fn block_io_caps_are_the_tightest_device_and_counts_add_up() {
        let cap = read_file(
            "blkio.throttle.write_iops_device",
            &lines("254:0 150\n8:0 300"),
        );
        assert_eq!(value(&cap, "blkio.write_iops_limit"), 150.0);
        let none = read_file("blkio.throttle.read_bps_device", &lines(""));
        assert_eq!(value(&none, "blkio.read_kbps_limit"), f64::INFINITY);
        let done = read_file(
            "blkio.throttle.io_serviced",
            &lines("254:0 Read 1976\n254:0 Write 5939\n254:0 Total 7915\n8:0 Write 1\nTotal 7916"),
        );
        assert_eq!(value(&done, "blkio.writes"), 5940.0);
        assert_eq!(value(&done, "blkio.reads"), 1976.0);
        assert!(done.readings.iter().all(|r| r.counter) && done.warnings.is_empty());
        let v2 = read_file(
            "io.max",
            &lines("8:0 rbps=max wbps=1048576 riops=max wiops=150"),
        );
        assert_eq!(value(&v2, "blkio.write_iops_limit"), 150.0);
        assert_eq!(value(&v2, "blkio.write_kbps_limit"), 1024.0);
        assert_eq!(value(&v2, "blkio.read_iops_limit"), f64::INFINITY);
        let stat = read_file(
            "io.stat",
            &lines(
                "8:0 rbytes=2048 wbytes=4096 rios=2 wios=3 dbytes=0 dios=0\n8:16 rbytes=0 wbytes=1024 rios=0 wios=1",
            ),
        );
        assert_eq!(value(&stat, "blkio.writes"), 4.0);
        assert_eq!(value(&stat, "blkio.written_kib"), 5.0);
        let bad = read_file("blkio.throttle.write_iops_device", &lines("vda 150"));
        assert_eq!(bad.warnings.len(), 1);
    }

    #[test]
    fn malformed_values_are_warnings_naming_the_file_and_line() {
        let quota = read_file("cpu.cfs_quota_us", &lines("lots"));
        assert!(quota.readings.is_empty());
        assert_eq!(quota.warnings[0].0, 1);
        assert!(quota.warnings[0].1.contains("cpu.cfs_quota_us"));
        let stat = read_file("cpu.stat", &lines("nr_periods 10\nnr_throttled x\ninf inf"));
        assert_eq!(value(&stat, "cpu.nr_periods"), 10.0);
        assert_eq!(stat.warnings.len(), 2);
        assert_eq!(stat.warnings[1].0, 3);
        assert!(read_file("cpu.max", &lines("100000")).readings.is_empty());
        assert!(read_file("memory.max", &lines("-5")).readings.is_empty());
    }
}
