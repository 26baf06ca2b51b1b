//! fio results: the normal text report (fio 2.x and 3.x) and `--output-format=json`.
//! fio shows what the storage can do when nothing else is in the way, so a
//! database's I/O can be compared with the device's raw capability.
//!
//! ```text
//! randrw: (groupid=0, jobs=1): err= 0: pid=4670: Wed Dec  2 12:36:09 2026
//!   read: IOPS=24.4k, BW=95.1MiB/s (99.8MB/s)(1903MiB/20001msec)
//!     slat (usec): min=2, max=8190, avg= 5.26, stdev=25.85
//!     clat (usec): min=48, max=30274, avg=600.20, stdev=391.48
//!     clat percentiles (usec):
//!      |  1.00th=[  334],  5.00th=[  396], 10.00th=[  429], 20.00th=[  469],
//!      | 30.00th=[  502], 40.00th=[  537], 50.00th=[  562], 60.00th=[  594],
//!      | 70.00th=[  627], 80.00th=[  676], 90.00th=[  750], 95.00th=[  824],
//!      | 99.00th=[ 1287], 99.50th=[ 2409], 99.90th=[ 5407], 99.95th=[ 7046],
//!   write: IOPS=24.3k, BW=95.0MiB/s (99.6MB/s)(1900MiB/20001msec); 0 zone resets
//! …
//! Disk stats (read/write):
//!   vda: ios=485017/484194, merge=24/0, ticks=236987/241406, in_queue=478394, util=88.74%
//! ```
//!
//! fio picks the latency unit by magnitude (`clat (nsec)`, `(usec)`, `(msec)`, and
//! `13929k` inside a line); everything is converted to milliseconds. Facts (numbers),
//! per job and direction (`read`, `write`): `fio.<job>.<rw>.iops`,
//! `fio.<job>.<rw>.bw_kib_per_s`, `fio.<job>.<rw>.clat_avg_ms` and
//! `fio.<job>.<rw>.clat_{p50,p95,p99}_ms`; per device of the "Disk stats" block
//! `fio.disk.<dev>.util_pct`. Jobs that share a name (`--numjobs=4` without
//! `--group_reporting`) are told apart as `<job>_2`, `<job>_3`, ….

use crate::facts::Unit;
use crate::parse::instance_label::label_from_bytes;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;
use serde_json::Value as Json;
use std::collections::HashMap;

pub struct Fio;

/// A JSON report larger than this is not fio's.
const MAX_JSON_BYTES: usize = 64 << 20;

impl CaptureParser for Fio {
    fn tool(&self) -> &'static str {
        "fio"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let text_report = head
            .lines()
            .take(2000)
            .any(|l| job_header(l.as_bytes()).is_some());
        let json_report = head
            .lines()
            .take(20)
            .any(|l| l.trim_start().starts_with("\"fio version\""));
        (text_report || json_report).then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut text = TextReport::default();
        let mut json: Option<JsonCapture> = None;
        while let Some(line) = lines.next_line()? {
            if let Some(capture) = &mut json {
                capture.add(line.bytes, line.number)?;
                continue;
            }
            if text.jobs == 0 && line.bytes.first() == Some(&b'{') {
                let mut capture = JsonCapture::default();
                capture.add(line.bytes, line.number)?;
                json = Some(capture);
                continue;
            }
            if line.cut_off {
                // `IOPS=18.6k` cut to `IOPS=18.6` would be a wrong number: skip the line.
                sink.warn(
                    line.number,
                    "last line is cut off (truncated file); ignored, what precedes it is kept",
                );
                continue;
            }
            text.line(line.bytes, line.number, sink);
        }
        if let Some(capture) = json {
            return capture.finish(sink);
        }
        if text.jobs == 0 {
            return Err(ParseError::whole_file(
                "no fio job report (`name: (groupid=0, jobs=1): err= 0: …`) found",
            ));
        }
        Ok(())
    }
}

/// `randrw: (groupid=0, jobs=1): err= 0: pid=4670: …` → `randrw`.
fn job_header(line: &[u8]) -> Option<&[u8]> {
    let at = memchr::memmem::find(line, b": (groupid=")?;
    let rest = &line[at..];
    let has = |needle: &[u8]| memchr::memmem::find(rest, needle).is_some();
    (has(b"jobs=") && has(b"err=")).then(|| line[..at].trim_ascii())
}

/// The text report as it streams past: which job and direction the lines belong to.
#[derive(Default)]
struct TextReport {
    jobs: usize,
    seen: HashMap<Vec<u8>, usize>,
    job: String,
    direction: Option<&'static str>,
    /// Milliseconds per unit of the percentile rows being read.
    percentile_unit: Option<f64>,
    in_disk_stats: bool,
}

impl TextReport {
    fn line(&mut self, bytes: &[u8], number: u64, sink: &mut FactSink) {
        let trimmed = bytes.trim_ascii();
        if let Some(name) = job_header(bytes) {
            let count = self.seen.entry(name.to_vec()).or_insert(0);
            *count += 1;
            let label = match label_from_bytes(name) {
                empty if empty.is_empty() => "job".to_string(),
                label => label,
            };
            self.job = if *count > 1 {
                format!("{label}_{count}")
            } else {
                label
            };
            self.jobs += 1;
            self.direction = None;
            self.percentile_unit = None;
            self.in_disk_stats = false;
            return;
        }
        if let Some(unit) = self.percentile_unit {
            if let Some(row) = trimmed.strip_prefix(b"|") {
                self.percentile_row(row, unit, number, sink);
                return;
            }
            self.percentile_unit = None;
        }
        if trimmed.starts_with(b"Disk stats") {
            self.in_disk_stats = true;
            return;
        }
        if self.in_disk_stats {
            disk_stats_row(trimmed, number, sink);
            return;
        }
        if self.jobs == 0 {
            return;
        }
        if let Some(direction) = direction_line(trimmed) {
            self.direction = Some(direction);
            self.throughput(trimmed, number, sink);
            return;
        }
        let Some(direction) = self.direction else {
            return;
        };
        if let Some(rest) = trimmed.strip_prefix(b"clat percentiles (") {
            self.percentile_unit = unit_to_ms(rest);
        } else if let Some(rest) = trimmed.strip_prefix(b"clat (")
            && let (Some(unit), Some(avg)) = (unit_to_ms(rest), value_after(rest, b"avg="))
        {
            let key = format!("fio.{}.{direction}.clat_avg_ms", self.job);
            sink.number(key, avg * unit, Unit::Milliseconds, number);
        }
    }

    /// `read: IOPS=24.4k, BW=95.1MiB/s (99.8MB/s)(…)` (fio 3) or
    /// `read : io=1024.0MB, bw=104857KB/s, iops=26214, runt= 10001msec` (fio 2).
    fn throughput(&self, line: &[u8], number: u64, sink: &mut FactSink) {
        let Some(direction) = self.direction else {
            return;
        };
        let iops = value_after(line, b"IOPS=").or_else(|| value_after(line, b"iops="));
        if let Some(iops) = iops {
            let key = format!("fio.{}.{direction}.iops", self.job);
            sink.number(key, iops, Unit::PerSecond, number);
        }
        let bandwidth =
            bandwidth_after(line, b"BW=", false).or_else(|| bandwidth_after(line, b"bw=", true));
        if let Some(kib) = bandwidth {
            let key = format!("fio.{}.{direction}.bw_kib_per_s", self.job);
            sink.number(key, kib, Unit::KilobytesPerSecond, number);
        }
    }

    /// `|  1.00th=[  334],  5.00th=[  396], …`: keeps p50, p95 and p99.
    fn percentile_row(&self, row: &[u8], unit: f64, number: u64, sink: &mut FactSink) {
        let Some(direction) = self.direction else {
            return;
        };
        for entry in row.split(|b| *b == b']') {
            let Some((rank, value)) = split_once(entry, b"th=[") else {
                continue;
            };
            let rank = rank.trim_ascii();
            let rank = rank.strip_prefix(b",").unwrap_or(rank).trim_ascii();
            let name = match rank {
                b"50.00" | b"50.000000" => "p50",
                b"95.00" | b"95.000000" => "p95",
                b"99.00" | b"99.000000" => "p99",
                _ => continue,
            };
            if let Some(value) = parse_f64(value.trim_ascii()) {
                let key = format!("fio.{}.{direction}.clat_{name}_ms", self.job);
                sink.number(key, value * unit, Unit::Milliseconds, number);
            }
        }
    }
}

/// `read: …`, `write: …`, fio 2's `read : …`.
fn direction_line(line: &[u8]) -> Option<&'static str> {
    let (word, _) = split_once(line, b":")?;
    match word.trim_ascii() {
        b"read" => Some("read"),
        b"write" => Some("write"),
        _ => None,
    }
}

/// `vda: ios=485017/484194, …, util=88.74%`.
fn disk_stats_row(line: &[u8], number: u64, sink: &mut FactSink) {
    let Some((device, rest)) = split_once(line, b":") else {
        return;
    };
    if !rest.trim_ascii_start().starts_with(b"ios=") || device.is_empty() {
        return;
    }
    if let Some(util) = value_after(rest, b" util=").or_else(|| value_after(rest, b",util=")) {
        let key = format!("fio.disk.{}.util_pct", label_from_bytes(device));
        sink.number(key, util, Unit::Percent, number);
    }
}

fn split_once<'a>(bytes: &'a [u8], needle: &[u8]) -> Option<(&'a [u8], &'a [u8])> {
    let at = memchr::memmem::find(bytes, needle)?;
    Some((&bytes[..at], &bytes[at + needle.len()..]))
}

/// `usec): …` → milliseconds per unit.
fn unit_to_ms(rest: &[u8]) -> Option<f64> {
    let unit = &rest[..memchr::memchr(b')', rest)?];
    match unit {
        b"nsec" => Some(1e-6),
        b"usec" => Some(1e-3),
        b"msec" => Some(1.0),
        b"sec" => Some(1e3),
        _ => None,
    }
}

/// The number after `key` up to the next `,`, `(`, `%` or blank, honouring fio's
/// `k`/`M`/`G` multipliers (`IOPS=24.4k`, `max=13929k`).
fn value_after(line: &[u8], key: &[u8]) -> Option<f64> {
    let (_, rest) = split_once(line, key)?;
    let rest = rest.trim_ascii_start();
    let end = rest
        .iter()
        .position(|b| matches!(b, b',' | b'(' | b'%' | b' ' | b';' | b')'))
        .unwrap_or(rest.len());
    let token = &rest[..end];
    let (digits, multiplier) = match token.last()? {
        b'k' | b'K' => (&token[..token.len() - 1], 1e3),
        b'M' => (&token[..token.len() - 1], 1e6),
        b'G' => (&token[..token.len() - 1], 1e9),
        _ => (token, 1.0),
    };
    parse_f64(digits).map(|v| v * multiplier)
}

/// `BW=95.1MiB/s` → KiB/s. fio 3 marks binary units with `i` (`KiB`, `MiB`) and
/// decimal ones without (`kB`, `MB`); fio 2 (`bw=`) meant binary by `KB` and `MB`.
fn bandwidth_after(line: &[u8], key: &[u8], fio2: bool) -> Option<f64> {
    let (_, rest) = split_once(line, key)?;
    let end = rest.iter().position(|b| *b == b'/')?;
    let token = &rest[..end];
    let number_end = token
        .iter()
        .position(|b| !(b.is_ascii_digit() || *b == b'.'))
        .unwrap_or(token.len());
    let value = parse_f64(&token[..number_end])?;
    let unit = &token[number_end..];
    let bytes_per_unit = match unit {
        b"B" => 1.0,
        b"KiB" => 1024.0,
        b"MiB" => 1024.0 * 1024.0,
        b"GiB" => 1024.0 * 1024.0 * 1024.0,
        b"TiB" => 1024.0f64.powi(4),
        b"KB" | b"kB" if fio2 => 1024.0,
        b"MB" if fio2 => 1024.0 * 1024.0,
        b"GB" if fio2 => 1024.0 * 1024.0 * 1024.0,
        b"kB" | b"KB" => 1e3,
        b"MB" => 1e6,
        b"GB" => 1e9,
        b"TB" => 1e12,
        _ => return None,
    };
    Some(value * bytes_per_unit / 1024.0)
}

/// A JSON report, gathered whole (fio writes it at the end of a run; it is small),
/// with the lines where each job and each disk appear, for provenance.
#[derive(Default)]
struct JsonCapture {
    text: String,
    first_line: u64,
    last_line: u64,
    job_lines: Vec<u64>,
    disk_lines: Vec<u64>,
}

impl JsonCapture {
    fn add(&mut self, bytes: &[u8], number: u64) -> Result<(), ParseError> {
        if self.text.len() + bytes.len() > MAX_JSON_BYTES {
            return Err(ParseError::at(
                number,
                "JSON report larger than 64 MiB: not a fio report",
            ));
        }
        if self.first_line == 0 {
            self.first_line = number;
        }
        self.last_line = number;
        if memchr::memmem::find(bytes, b"\"jobname\"").is_some() {
            self.job_lines.push(number);
        }
        if memchr::memmem::find(bytes, b"\"util\"").is_some() {
            self.disk_lines.push(number);
        }
        self.text.push_str(&String::from_utf8_lossy(bytes));
        self.text.push('\n');
        Ok(())
    }

    fn finish(self, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut stream = serde_json::Deserializer::from_str(&self.text).into_iter::<Json>();
        let report = match stream.next() {
            Some(Ok(value)) => value,
            Some(Err(e)) => {
                let line = self.first_line + e.line().saturating_sub(1) as u64;
                return Err(ParseError::at(
                    line,
                    format!("fio JSON report does not parse ({e}); was it cut off?"),
                ));
            }
            None => return Err(ParseError::whole_file("empty fio JSON report")),
        };
        let jobs = report
            .get("jobs")
            .and_then(Json::as_array)
            .ok_or_else(|| ParseError::whole_file("fio JSON report has no \"jobs\" array"))?;
        let mut seen: HashMap<String, usize> = HashMap::new();
        for (i, job) in jobs.iter().enumerate() {
            let line = self.job_lines.get(i).copied().unwrap_or(self.first_line);
            let name = job.get("jobname").and_then(Json::as_str).unwrap_or("job");
            let count = seen.entry(name.to_string()).or_insert(0);
            *count += 1;
            let label = match label_from_bytes(name.as_bytes()) {
                empty if empty.is_empty() => "job".to_string(),
                label => label,
            };
            let label = if *count > 1 {
                format!("{label}_{count}")
            } else {
                label
            };
            for direction in ["read", "write"] {
                if let Some(stats) = job.get(direction) {
                    json_direction(stats, &label, direction, line, sink);
                }
            }
        }
        let disks = report.get("disk_util").and_then(Json::as_array);
        for (i, disk) in disks.into_iter().flatten().enumerate() {
            let line = self.disk_lines.get(i).copied().unwrap_or(self.last_line);
            if let (Some(name), Some(util)) = (
                disk.get("name").and_then(Json::as_str),
                disk.get("util").and_then(Json::as_f64),
            ) {
                let key = format!("fio.disk.{}.util_pct", label_from_bytes(name.as_bytes()));
                sink.number(key, util, Unit::Percent, line);
            }
        }
        if sink.fact_count() == 0 {
            return Err(ParseError::whole_file(
                "fio JSON report holds no job with I/O",
            ));
        }
        Ok(())
    }
}

/// One direction of one job: fio 3 reports latency in `clat_ns`, fio 2 in `clat` (µs).
fn json_direction(stats: &Json, job: &str, direction: &str, line: u64, sink: &mut FactSink) {
    let number = |key: &str| stats.get(key).and_then(Json::as_f64);
    let iops = number("iops").unwrap_or(0.0);
    let bw = number("bw").unwrap_or(0.0);
    if iops <= 0.0 && bw <= 0.0 {
        return;
    }
    let prefix = format!("fio.{job}.{direction}");
    sink.number(format!("{prefix}.iops"), iops, Unit::PerSecond, line);
    sink.number(
        format!("{prefix}.bw_kib_per_s"),
        bw,
        Unit::KilobytesPerSecond,
        line,
    );
    let (clat, to_ms) = match (stats.get("clat_ns"), stats.get("clat")) {
        (Some(ns), _) => (ns, 1e-6),
        (None, Some(us)) => (us, 1e-3),
        (None, None) => return,
    };
    if let Some(mean) = clat.get("mean").and_then(Json::as_f64) {
        sink.number(
            format!("{prefix}.clat_avg_ms"),
            mean * to_ms,
            Unit::Milliseconds,
            line,
        );
    }
    let Some(percentiles) = clat.get("percentile").and_then(Json::as_object) else {
        return;
    };
    for (rank, name) in [(50.0, "p50"), (95.0, "p95"), (99.0, "p99")] {
        let value = percentiles
            .iter()
            .find(|(k, _)| k.parse::<f64>().is_ok_and(|r| (r - rank).abs() < 1e-9))
            .and_then(|(_, v)| v.as_f64());
        if let Some(value) = value {
            sink.number(
                format!("{prefix}.clat_{name}_ms"),
                value * to_ms,
                Unit::Milliseconds,
                line,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_fio_numbers_and_units() {
        assert_eq!(value_after(b"IOPS=24.4k, BW", b"IOPS="), Some(24_400.0));
        assert_eq!(value_after(b"IOPS=9290, BW", b"IOPS="), Some(9290.0));
        assert_eq!(value_after(b"max=13929k, avg", b"max="), Some(13_929_000.0));
        assert_eq!(value_after(b"avg= 5.26, stdev", b"avg="), Some(5.26));
        assert_eq!(
            bandwidth_after(b"BW=95.1MiB/s (99.8MB/s)", b"BW=", false),
            Some(95.1 * 1024.0)
        );
        assert_eq!(
            bandwidth_after(b"bw=104857KB/s, iops", b"bw=", true),
            Some(104_857.0)
        );
        assert_eq!(
            bandwidth_after(b"BW=1000kB/s", b"BW=", false),
            Some(1e6 / 1024.0)
        );
        assert_eq!(unit_to_ms(b"usec): min=1"), Some(1e-3));
        assert_eq!(
            job_header(b"randrw: (groupid=0, jobs=1): err= 0: pid=4670: Wed"),
            Some(&b"randrw"[..])
        );
        assert_eq!(job_header(b"randrw: (g=0): rw=randrw, bs=(R)"), None);
    }
}
