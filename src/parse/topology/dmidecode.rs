//! `dmidecode -t memory` / `-t 17` (dmidecode 2.x–3.x): the DIMMs, their rated speed
//! and the speed they actually run at. Case D's app server ran DDR4 rated 3200 MT/s at
//! 2666 because every slot was filled (two DIMMs per channel force a lower clock).
//!
//! ```text
//! # dmidecode 3.3
//! Getting SMBIOS data from sysfs.
//! SMBIOS 3.2.0 present.
//!
//! Handle 0x0029, DMI type 17, 84 bytes
//! Memory Device
//!         Total Width: 72 bits
//!         Size: 32 GB
//!         Form Factor: DIMM
//!         Locator: DIMM000 J11
//!         Bank Locator: SOCKET 0 CHANNEL 0 DIMM 0
//!         Type: DDR4
//!         Speed: 3200 MT/s
//!         Configured Memory Speed: 2666 MT/s
//!
//! Handle 0x002A, DMI type 17, 84 bytes
//! Memory Device
//!         Size: No Module Installed
//!         Locator: DIMM001 J12
//!         …
//! ```
//!
//! Older dmidecode prints `Size: 32768 MB`, `Speed: 2666 MHz` (MHz then meant MT/s) and
//! `Configured Clock Speed:`; all are read.
//!
//! Facts per populated DIMM (label = its locator, `DIMM000_J11`; prefixed with the bank
//! locator when locators repeat): `mem.dimm.<label>.size_mib`, `.type`, `.rated_mts`,
//! `.configured_mts`. Summary: `mem.dimm.count` (populated), `mem.dimm.slots` (all
//! Memory Device blocks), `mem.dimm.total_gib`, `mem.dimm.type` (distinct types joined
//! with `/`), `mem.dimm.rated_mts` and `mem.dimm.configured_mts` (the lowest),
//! `mem.dimm.below_rated` (some DIMM configured below its rating) and
//! `mem.dimm.max_per_channel` (DIMMs per channel, "DPC").
//!
//! Channels come from, in order: a bank locator naming one (`SOCKET 0 CHANNEL 2 DIMM 0`,
//! `P0 CHANNEL A`); Huawei's `DIMM<socket><channel><slot>` locators (`DIMM020`); a
//! channel letter before the slot digit in the locator (`CPU0_DIMM_A1`, `P1-DIMMB2`,
//! `DIMM_C1`). If any populated DIMM matches none of these, `max_per_channel` is not
//! emitted rather than guessed.

use crate::facts::{Unit, Value};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;
use std::collections::BTreeMap;

pub struct Dmidecode;

/// More memory devices than any board has; bounds what a corrupt file makes us hold.
const MAX_DEVICES: usize = 4096;

#[derive(Default)]
struct Device {
    first_line: u64,
    last_line: u64,
    size_mib: Option<f64>,
    installed: bool,
    locator: Option<String>,
    bank: Option<String>,
    kind: Option<String>,
    rated: Option<f64>,
    configured: Option<f64>,
}

/// `Size:` in MiB; `None` with `installed = false` for an empty slot.
fn size_mib(value: &str) -> (Option<f64>, bool) {
    let mut parts = value.split_whitespace();
    let number = parts.next().and_then(|n| parse_f64(n.as_bytes()));
    let factor = match parts.next() {
        Some("kB" | "KB") => 1.0 / 1024.0,
        Some("MB") => 1.0,
        Some("GB") => 1024.0,
        Some("TB") => 1024.0 * 1024.0,
        _ => return (None, false),
    };
    match number {
        Some(n) if n > 0.0 => (Some(n * factor), true),
        _ => (None, false),
    }
}

/// `3200 MT/s` or `3200 MHz` → 3200.
fn speed(value: &str) -> Option<f64> {
    let mut parts = value.split_whitespace();
    let number = parse_f64(parts.next()?.as_bytes())?;
    matches!(parts.next(), Some("MT/s" | "MHz")).then_some(number)
}

/// A locator as one key segment.
fn segment(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| if matches!(c, '.' | ' ' | '/') { '_' } else { c })
        .collect()
}

/// The socket a `CPU1_…` / `P1-…` locator prefix names, if any.
fn socket_prefix(locator: &str) -> Option<&str> {
    let digits_after = |prefix: &str| {
        let rest = locator.strip_prefix(prefix)?;
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        (end > 0).then(|| &locator[..prefix.len() + end])
    };
    digits_after("CPU").or_else(|| digits_after("P"))
}

/// The memory channel a DIMM sits on (see the module notes), as `socket/channel`.
fn channel(device: &Device) -> Option<String> {
    if let Some(bank) = &device.bank {
        let words: Vec<&str> = bank.split_whitespace().collect();
        if let Some(at) = words.iter().position(|w| w.eq_ignore_ascii_case("CHANNEL")) {
            let channel = words.get(at + 1)?;
            let socket = words
                .iter()
                .position(|w| w.eq_ignore_ascii_case("SOCKET") || w.eq_ignore_ascii_case("NODE"))
                .and_then(|i| words.get(i + 1).copied())
                .or_else(|| {
                    words
                        .first()
                        .copied()
                        .filter(|w| socket_prefix(w).is_some())
                })
                .unwrap_or("");
            return Some(format!("{socket}/{channel}"));
        }
    }
    let locator = device.locator.as_deref()?.trim();
    // Huawei: DIMM<socket><channel><slot>, e.g. `DIMM020 J5`.
    if let Some(rest) = locator.strip_prefix("DIMM") {
        let digits: Vec<char> = rest.chars().take_while(char::is_ascii_digit).collect();
        if digits.len() == 3 {
            return Some(format!("{}/{}", digits[0], digits[1]));
        }
    }
    // A channel letter before the slot digit: CPU0_DIMM_A1, P1-DIMMB2, DIMM_C1.
    let at = locator.find("DIMM")?;
    let rest = locator[at + 4..].trim_start_matches(['_', '-']);
    let mut chars = rest.chars();
    let (letter, digit) = (chars.next()?, chars.next()?);
    if letter.is_ascii_uppercase() && digit.is_ascii_digit() {
        let socket = socket_prefix(locator).unwrap_or("");
        return Some(format!("{socket}/{letter}"));
    }
    None
}

impl CaptureParser for Dmidecode {
    fn tool(&self) -> &'static str {
        "dmidecode"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut previous_handle = false;
        for line in head.lines().take(4000) {
            if line.starts_with("# dmidecode ") {
                return Some(95);
            }
            if previous_handle && line.trim() == "Memory Device" {
                return Some(90);
            }
            previous_handle = line.starts_with("Handle 0x") && line.contains("DMI type");
        }
        None
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut devices: Vec<Device> = Vec::new();
        let mut in_memory_device = false;
        let mut expect_title = false;
        while let Some(line) = lines.next_line()? {
            let n = line.number;
            let text = String::from_utf8_lossy(line.bytes);
            if line.cut_off {
                sink.warn_cut_off(n);
                if in_memory_device {
                    sink.warn(n, "the last Memory Device block is incomplete");
                }
                break;
            }
            if text.starts_with("Handle 0x") {
                expect_title = true;
                in_memory_device = false;
                continue;
            }
            if expect_title {
                expect_title = false;
                in_memory_device = text.trim() == "Memory Device";
                if in_memory_device {
                    if devices.len() >= MAX_DEVICES {
                        sink.warn(
                            n,
                            format!("more than {MAX_DEVICES} memory devices; the rest ignored"),
                        );
                        break;
                    }
                    devices.push(Device {
                        first_line: n,
                        last_line: n,
                        ..Device::default()
                    });
                }
                continue;
            }
            let Some(device) = devices.last_mut().filter(|_| in_memory_device) else {
                continue;
            };
            let Some((key, value)) = text.split_once(':') else {
                continue;
            };
            let value = value.trim();
            device.last_line = n;
            match key.trim() {
                "Size" => (device.size_mib, device.installed) = size_mib(value),
                "Locator" => device.locator = Some(value.to_string()),
                "Bank Locator" => device.bank = Some(value.to_string()),
                "Type" => device.kind = Some(value.to_string()),
                "Speed" => device.rated = speed(value),
                "Configured Memory Speed" | "Configured Clock Speed" => {
                    device.configured = speed(value);
                }
                _ => {}
            }
        }
        if devices.is_empty() {
            return Err(ParseError::whole_file(
                "no Memory Device blocks (DMI type 17) found; inside a VM dmidecode usually has no SMBIOS data",
            ));
        }
        emit(&devices, sink);
        Ok(())
    }
}

fn emit(devices: &[Device], sink: &mut FactSink) {
    let all = (
        devices.first().map_or(0, |d| d.first_line),
        devices.last().map_or(0, |d| d.last_line),
    );
    let populated: Vec<&Device> = devices.iter().filter(|d| d.installed).collect();
    let labels = dimm_labels(&populated);
    for (device, label) in populated.iter().zip(&labels) {
        let lines = (device.first_line, device.last_line);
        let mut put = |suffix: &str, value: Value, unit: Unit| {
            sink.put(format!("mem.dimm.{label}.{suffix}"), value, unit, lines);
        };
        if let Some(size) = device.size_mib {
            put("size_mib", Value::Number(size), Unit::Mebibytes);
        }
        if let Some(kind) = &device.kind {
            put("type", Value::Text(kind.clone()), Unit::None);
        }
        if let Some(rated) = device.rated {
            put(
                "rated_mts",
                Value::Number(rated),
                Unit::MegatransfersPerSecond,
            );
        }
        if let Some(configured) = device.configured {
            put(
                "configured_mts",
                Value::Number(configured),
                Unit::MegatransfersPerSecond,
            );
        }
    }
    let count = |value: usize| Value::Number(value as f64);
    sink.put("mem.dimm.slots", count(devices.len()), Unit::Count, all);
    sink.put("mem.dimm.count", count(populated.len()), Unit::Count, all);
    if populated.is_empty() {
        return;
    }
    let total_mib: f64 = populated.iter().filter_map(|d| d.size_mib).sum();
    sink.put(
        "mem.dimm.total_gib",
        Value::Number(total_mib / 1024.0),
        Unit::Gibibytes,
        all,
    );
    let mut kinds: Vec<&str> = populated
        .iter()
        .filter_map(|d| d.kind.as_deref())
        .filter(|k| !matches!(*k, "Unknown" | "Other"))
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    if !kinds.is_empty() {
        sink.put(
            "mem.dimm.type",
            Value::Text(kinds.join("/")),
            Unit::None,
            all,
        );
    }
    let lowest = |pick: fn(&Device) -> Option<f64>| {
        populated
            .iter()
            .filter_map(|d| pick(d))
            .min_by(f64::total_cmp)
    };
    let rated = lowest(|d| d.rated);
    let configured = lowest(|d| d.configured);
    if let Some(rated) = rated {
        sink.put(
            "mem.dimm.rated_mts",
            Value::Number(rated),
            Unit::MegatransfersPerSecond,
            all,
        );
    }
    if let Some(configured) = configured {
        sink.put(
            "mem.dimm.configured_mts",
            Value::Number(configured),
            Unit::MegatransfersPerSecond,
            all,
        );
    }
    let compared: Vec<bool> = populated
        .iter()
        .filter_map(|d| Some(d.configured? < d.rated?))
        .collect();
    if !compared.is_empty() {
        let below = compared.iter().any(|b| *b);
        sink.put("mem.dimm.below_rated", Value::Flag(below), Unit::None, all);
    }
    let channels: Option<Vec<String>> = populated.iter().map(|d| channel(d)).collect();
    if let Some(channels) = channels {
        let mut per_channel: BTreeMap<String, usize> = BTreeMap::new();
        for c in channels {
            *per_channel.entry(c).or_default() += 1;
        }
        if let Some(max) = per_channel.values().max() {
            sink.put("mem.dimm.max_per_channel", count(*max), Unit::Count, all);
        }
    }
}

/// Key labels for the populated DIMMs: the locator, or bank + locator when locators
/// repeat, or the block's position when there is no locator.
fn dimm_labels(devices: &[&Device]) -> Vec<String> {
    let plain: Vec<String> = devices
        .iter()
        .enumerate()
        .map(|(i, d)| match d.locator.as_deref().map(segment) {
            Some(l) if !l.is_empty() => l,
            _ => format!("device{i}"),
        })
        .collect();
    let mut seen = std::collections::HashSet::new();
    let unique = plain.iter().all(|l| seen.insert(l.as_str()));
    if unique {
        return plain;
    }
    devices
        .iter()
        .zip(plain)
        .enumerate()
        .map(|(i, (d, locator))| match d.bank.as_deref().map(segment) {
            Some(bank) if !bank.is_empty() => format!("{bank}_{locator}"),
            _ => format!("{locator}_{i}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn device(locator: &str, bank: &str) -> Device {
        Device {
            locator: Some(locator.into()),
            bank: Some(bank.into()),
            ..Device::default()
        }
    }

    #[test]
    fn channels_from_banks_and_locators() {
        let c = |l: &str, b: &str| channel(&device(l, b));
        assert_eq!(c("DIMM 1", "P0 CHANNEL A").as_deref(), Some("P0/A"));
        assert_eq!(
            c("DIMM121 J9", "SOCKET 1 CHANNEL 2 DIMM 1").as_deref(),
            Some("1/2")
        );
        assert_eq!(c("DIMM170", "Not Specified").as_deref(), Some("1/7"));
        assert_eq!(c("CPU1_DIMM_B1", "NODE 1").as_deref(), Some("CPU1/B"));
        assert_eq!(c("P2-DIMMC2", "BANK 5").as_deref(), Some("P2/C"));
        assert_eq!(c("DIMM_A1", "Not Specified").as_deref(), Some("/A"));
        assert_eq!(c("DIMM 0", "BANK 0"), None);
        assert_eq!(c("ChannelA-DIMM0", "BANK 0"), None);
    }

    #[test]
    fn sizes_and_speeds() {
        assert_eq!(size_mib("32 GB"), (Some(32768.0), true));
        assert_eq!(size_mib("16384 MB"), (Some(16384.0), true));
        assert_eq!(size_mib("No Module Installed"), (None, false));
        assert_eq!(speed("2666 MT/s"), Some(2666.0));
        assert_eq!(speed("1333 MHz"), Some(1333.0));
        assert_eq!(speed("Unknown"), None);
    }
}
