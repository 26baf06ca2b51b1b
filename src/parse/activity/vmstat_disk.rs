//! `vmstat -d` (procps): each block device's I/O counters, one table per sample.
//!
//! ```text
//! disk- ------------reads------------ ------------writes----------- -----IO------
//!        total merged sectors      ms  total merged sectors      ms    cur    sec
//! vda   546885  22930 19741314  719733 641214 200337 113057448  191954      0    155
//! ```
//!
//! Every figure but `cur` counts **since boot** (the kernel's /proc/diskstats), and the
//! tables carry no time stamp, so the interval between samples (`vmstat -d 1 3`) is
//! not in the file and no rate can be told from them. The facts are the last sample's
//! counters, named as such: `disk.<dev>.{reads,writes}_since_boot`,
//! `disk.<dev>.{read,written}_kib_since_boot` (sectors of 512 bytes),
//! `disk.<dev>.busy_s_since_boot` (`sec`, time with I/O in flight) and
//! `disk.<dev>.io_in_progress` (`cur`). Devices that never did I/O (unused loop
//! devices) are left out.

use crate::facts::{Unit, Value};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::fields::FieldSlots;
use crate::text::number::parse_u64;

pub struct VmstatDisk;

/// Values after the device name: reads total, merged, sectors, ms; writes the same;
/// I/O in progress and seconds.
const VALUES: usize = 10;
/// More distinct devices than this in one file is not vmstat output.
const MAX_DEVICES: usize = 4096;

struct Device {
    name: Vec<u8>,
    counters: [u64; VALUES],
    line: u64,
}

fn is_group_line(line: &str) -> bool {
    line.starts_with("disk-") && line.contains("reads") && line.contains("writes")
}

impl CaptureParser for VmstatDisk {
    fn tool(&self) -> &'static str {
        "vmstat"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        head.lines().take(200).any(is_group_line).then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut devices: Vec<Device> = Vec::new();
        let mut saw_header = false;
        while let Some(line) = lines.next_line()? {
            let mut slots = FieldSlots::<{ VALUES + 2 }>::default();
            let (f, n) = slots.split(line.bytes);
            if n == 0 {
                continue;
            }
            if f[0].starts_with(b"disk-") || f[0] == b"total" {
                saw_header = true;
                continue;
            }
            if !saw_header {
                continue;
            }
            let mut counters = [0u64; VALUES];
            let parsed = n == VALUES + 1
                && f[1..=VALUES]
                    .iter()
                    .zip(counters.iter_mut())
                    .all(|(field, slot)| parse_u64(field).map(|v| *slot = v).is_some());
            if !parsed {
                let message = if line.cut_off {
                    "last row is cut off (truncated file); ignored".to_string()
                } else {
                    format!(
                        "device row has {} values, expected {VALUES}",
                        n.saturating_sub(1)
                    )
                };
                sink.warn(line.number, message);
                continue;
            }
            match devices.iter().position(|d| d.name == f[0]) {
                Some(at) => {
                    devices[at].counters = counters;
                    devices[at].line = line.number;
                }
                None if devices.len() >= MAX_DEVICES => {}
                None => devices.push(Device {
                    name: f[0].to_vec(),
                    counters,
                    line: line.number,
                }),
            }
        }
        if !saw_header {
            return Err(ParseError::whole_file(
                "no vmstat -d header (disk- …reads… …writes…) found",
            ));
        }
        if devices.is_empty() {
            return Err(ParseError::whole_file(
                "vmstat -d header found but no device rows follow it",
            ));
        }
        for device in &devices {
            let c = &device.counters;
            if c[0] == 0 && c[4] == 0 {
                continue;
            }
            let name = String::from_utf8_lossy(&device.name).replace('.', "_");
            let lines = (device.line, device.line);
            let facts = [
                ("reads_since_boot", c[0] as f64, Unit::Count),
                ("read_kib_since_boot", c[2] as f64 / 2.0, Unit::Kibibytes),
                ("writes_since_boot", c[4] as f64, Unit::Count),
                ("written_kib_since_boot", c[6] as f64 / 2.0, Unit::Kibibytes),
                ("io_in_progress", c[8] as f64, Unit::Count),
                ("busy_s_since_boot", c[9] as f64, Unit::Seconds),
            ];
            for (suffix, value, unit) in facts {
                sink.put(
                    format!("disk.{name}.{suffix}"),
                    Value::Number(value),
                    unit,
                    lines,
                );
            }
        }
        Ok(())
    }
}
