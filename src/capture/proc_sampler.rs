//! The stand-in for sysstat: reads `/proc/stat`, `/proc/diskstats` and `/proc/net/dev`
//! every interval and writes CPU, disk and network samples in the perfsage proc samples
//! format (`parse::activity::proc_samples` documents and parses it), computed the way mpstat,
//! iostat -x and sar -n DEV compute theirs. Each interval is flushed as written, so a
//! capture stopped at any moment leaves whole lines.

use crate::parse::activity::proc_samples::HEADER;
use crate::text::cpu_list::parse_cpu_list;
use crate::text::utc_stamp::utc_stamp;
use procfs::{CpuTime, CurrentSI, DiskStat, KernelStats};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

/// What the sampler measures; each kind covers one sysstat tool.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Kinds {
    pub cpu: bool,
    pub disk: bool,
    pub net: bool,
}

/// Counters read at one moment.
struct Reading {
    at: Instant,
    total: Option<Ticks>,
    cpus: Vec<(u64, Ticks)>,
    disks: BTreeMap<String, DiskStat>,
    nets: BTreeMap<String, procfs::net::DeviceStatus>,
}

/// Samples until `stop` is set, writing one block per interval to `out`. Returns the
/// number of intervals written.
pub fn run(
    kinds: Kinds,
    interval: Duration,
    stop: &Arc<AtomicBool>,
    out: &mut dyn Write,
) -> io::Result<u64> {
    let sources: Vec<&str> = [
        (kinds.cpu, "/proc/stat"),
        (kinds.disk, "/proc/diskstats"),
        (kinds.net, "/proc/net/dev"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, s)| *s)
    .collect();
    writeln!(out, "{HEADER}")?;
    writeln!(
        out,
        "# perfsage capture read {} every {} s (sysstat not used)",
        sources.join(", "),
        interval.as_secs_f64()
    )?;
    out.flush()?;
    let disks = whole_disks();
    let mut previous = read(kinds, &disks);
    let started = previous.at;
    let mut written = 0u64;
    let mut next = 1u32;
    loop {
        let due = started + interval * next;
        while Instant::now() < due {
            if stop.load(Ordering::Relaxed) {
                return Ok(written);
            }
            std::thread::sleep((due - Instant::now()).min(Duration::from_millis(100)));
        }
        let current = read(kinds, &disks);
        write_block(&previous, &current, &utc_stamp(SystemTime::now()), out)?;
        out.flush()?;
        written += 1;
        previous = current;
        next += 1;
    }
}

fn read(kinds: Kinds, disks: &BTreeSet<String>) -> Reading {
    let stats = if kinds.cpu {
        KernelStats::current().ok()
    } else {
        None
    };
    let cpus = stats
        .as_ref()
        .map(|s| with_cpu_ids(s.cpu_time.iter().map(Ticks::from).collect()))
        .unwrap_or_default();
    Reading {
        at: Instant::now(),
        total: stats.map(|s| Ticks::from(&s.total)),
        cpus,
        disks: if kinds.disk {
            procfs::diskstats()
                .unwrap_or_default()
                .into_iter()
                .filter(|d| disks.contains(&d.name))
                .map(|d| (d.name.clone(), d))
                .collect()
        } else {
            BTreeMap::new()
        },
        nets: if kinds.net {
            procfs::net::dev_status()
                .unwrap_or_default()
                .into_iter()
                .collect()
        } else {
            BTreeMap::new()
        },
    }
}

/// `/proc/stat` leaves offline CPUs out, so its rows are numbered by the online list.
fn with_cpu_ids(times: Vec<Ticks>) -> Vec<(u64, Ticks)> {
    let online = std::fs::read_to_string("/sys/devices/system/cpu/online")
        .ok()
        .and_then(|l| parse_cpu_list(l.trim()))
        .filter(|ids| ids.len() == times.len());
    match online {
        Some(ids) => ids.into_iter().zip(times).collect(),
        None => (0u64..).zip(times).collect(),
    }
}

/// Whole block devices (not partitions) that have done any I/O since boot; RAM disks
/// are left out, as they are not storage.
fn whole_disks() -> BTreeSet<String> {
    let listed: BTreeSet<String> = std::fs::read_dir("/sys/block")
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| !n.starts_with("ram") && !n.starts_with("zram"))
                .collect()
        })
        .unwrap_or_default();
    procfs::diskstats()
        .unwrap_or_default()
        .into_iter()
        .filter(|d| listed.contains(&d.name) && d.reads + d.writes > 0)
        .map(|d| d.name)
        .collect()
}

fn write_block(
    previous: &Reading,
    current: &Reading,
    stamp: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let seconds = current
        .at
        .duration_since(previous.at)
        .as_secs_f64()
        .max(1e-3);
    if let (Some(before), Some(after)) = (&previous.total, &current.total) {
        writeln!(out, "{stamp} cpu all {}", cpu_fields(before, after))?;
    }
    for (id, after) in &current.cpus {
        if let Some((_, before)) = previous.cpus.iter().find(|(i, _)| i == id) {
            writeln!(out, "{stamp} cpu {id} {}", cpu_fields(before, after))?;
        }
    }
    for (name, after) in &current.disks {
        if let Some(before) = previous.disks.get(name) {
            writeln!(
                out,
                "{stamp} disk {name} {}",
                disk_fields(before, after, seconds)
            )?;
        }
    }
    for (name, after) in &current.nets {
        if let Some(before) = previous.nets.get(name) {
            let rate = |b: u64, a: u64| a.saturating_sub(b) as f64 / seconds;
            writeln!(
                out,
                "{stamp} net {name} rxpck_per_s={:.2} txpck_per_s={:.2} rxkb_per_s={:.2} txkb_per_s={:.2}",
                rate(before.recv_packets, after.recv_packets),
                rate(before.sent_packets, after.sent_packets),
                rate(before.recv_bytes, after.recv_bytes) / 1024.0,
                rate(before.sent_bytes, after.sent_bytes) / 1024.0,
            )?;
        }
    }
    Ok(())
}

/// One CPU's (or all CPUs') tick counters from /proc/stat.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Ticks {
    user: u64,
    nice: u64,
    system: u64,
    idle: u64,
    iowait: u64,
    irq: u64,
    softirq: u64,
    steal: u64,
    guest: u64,
    guest_nice: u64,
}

impl From<&CpuTime> for Ticks {
    fn from(t: &CpuTime) -> Ticks {
        Ticks {
            user: t.user,
            nice: t.nice,
            system: t.system,
            idle: t.idle,
            iowait: t.iowait.unwrap_or(0),
            irq: t.irq.unwrap_or(0),
            softirq: t.softirq.unwrap_or(0),
            steal: t.steal.unwrap_or(0),
            guest: t.guest.unwrap_or(0),
            guest_nice: t.guest_nice.unwrap_or(0),
        }
    }
}

/// Shares of the interval's ticks, as mpstat computes them: guest time is part of user
/// time in /proc/stat and is taken out of it. An interval without ticks is idle.
fn cpu_fields(before: &Ticks, after: &Ticks) -> String {
    let delta = |b: u64, a: u64| a.saturating_sub(b) as f64;
    let guest = delta(before.guest, after.guest);
    let guest_nice = delta(before.guest_nice, after.guest_nice);
    let shares = [
        (delta(before.user, after.user) - guest).max(0.0),
        (delta(before.nice, after.nice) - guest_nice).max(0.0),
        delta(before.system, after.system),
        delta(before.iowait, after.iowait),
        delta(before.irq, after.irq),
        delta(before.softirq, after.softirq),
        delta(before.steal, after.steal),
        delta(before.idle, after.idle),
    ];
    let total: f64 = shares.iter().sum::<f64>() + guest + guest_nice;
    let pct = |v: f64| if total > 0.0 { v * 100.0 / total } else { 0.0 };
    let [usr, nice, sys, iowait, irq, soft, steal, idle] = shares.map(pct);
    let idle = if total > 0.0 { idle } else { 100.0 };
    format!(
        "usr={usr:.2} nice={nice:.2} sys={sys:.2} iowait={iowait:.2} irq={irq:.2} soft={soft:.2} steal={steal:.2} idle={idle:.2}"
    )
}

/// iostat -x's figures from two /proc/diskstats readings `seconds` apart.
fn disk_fields(before: &DiskStat, after: &DiskStat, seconds: f64) -> String {
    let delta = |b: u64, a: u64| a.saturating_sub(b) as f64;
    let reads = delta(before.reads, after.reads);
    let writes = delta(before.writes, after.writes);
    let await_ms = |time: f64, count: f64| if count > 0.0 { time / count } else { 0.0 };
    let busy_ms = delta(before.time_in_progress, after.time_in_progress);
    let queue_ms = delta(
        before.weighted_time_in_progress,
        after.weighted_time_in_progress,
    );
    format!(
        "r_per_s={:.2} w_per_s={:.2} rkb_per_s={:.2} wkb_per_s={:.2} r_await_ms={:.2} w_await_ms={:.2} aqu_sz={:.2} util_pct={:.2}",
        reads / seconds,
        writes / seconds,
        delta(before.sectors_read, after.sectors_read) / 2.0 / seconds,
        delta(before.sectors_written, after.sectors_written) / 2.0 / seconds,
        await_ms(delta(before.time_reading, after.time_reading), reads),
        await_ms(delta(before.time_writing, after.time_writing), writes),
        queue_ms / (seconds * 1000.0),
        (busy_ms / (seconds * 10.0)).min(100.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_this_host_in_the_documented_format() {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(1300));
            flag.store(true, Ordering::Relaxed);
        });
        let mut out = Vec::new();
        let all = Kinds {
            cpu: true,
            disk: true,
            net: true,
        };
        let written = run(all, Duration::from_secs(1), &stop, &mut out).unwrap();
        stopper.join().unwrap();
        assert_eq!(written, 1);
        let text = String::from_utf8(out).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(HEADER));
        let cpu_all = text
            .lines()
            .find(|l| l.contains(" cpu all "))
            .expect("a cpu all line");
        let shares: f64 = cpu_all
            .split_whitespace()
            .filter_map(|w| w.split_once('='))
            .map(|(_, v)| v.parse::<f64>().unwrap())
            .sum();
        assert!((shares - 100.0).abs() < 0.5, "{cpu_all}");
        assert!(text.lines().any(|l| l.contains(" net lo ")), "{text}");
    }

    #[test]
    fn cpu_shares_follow_mpstat() {
        let before = Ticks::default();
        let after = Ticks {
            user: 60,
            system: 20,
            idle: 10,
            iowait: 5,
            softirq: 5,
            guest: 10,
            ..Ticks::default()
        };
        assert_eq!(
            cpu_fields(&before, &after),
            "usr=50.00 nice=0.00 sys=20.00 iowait=5.00 irq=0.00 soft=5.00 steal=0.00 idle=10.00"
        );
        assert!(cpu_fields(&after, &after).ends_with("idle=100.00"));
    }
}
