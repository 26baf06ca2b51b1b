//! `/proc/cpuinfo`: one block per logical CPU. It is often the only CPU description in
//! a bundle, and on ARM servers it names the core by numeric IDs rather than by name,
//! so this module holds the one table that turns `CPU implementer`/`CPU part` into the
//! vendor and model names lscpu prints (0x48/0xd01 is HiSilicon's Kunpeng-920).
//!
//! aarch64 (Kunpeng 920):
//!
//! ```text
//! processor       : 0
//! BogoMIPS        : 200.00
//! Features        : fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid …
//! CPU implementer : 0x48
//! CPU architecture: 8
//! CPU variant     : 0x1
//! CPU part        : 0xd01
//! CPU revision    : 0
//! ```
//!
//! x86:
//!
//! ```text
//! processor       : 0
//! vendor_id       : AuthenticAMD
//! model name      : AMD EPYC
//! cpu MHz         : 2596.120
//! physical id     : 0
//! siblings        : 2
//! core id         : 0
//! cpu cores       : 2
//! flags           : fpu vme de pse tsc msr … lm …
//! ```
//!
//! Facts: `cpu.count` (processor blocks), `cpu.arch` (`aarch64` from `CPU architecture:
//! 8`; `x86_64` when the flags have `lm`), `cpu.vendor`, `cpu.model_name`, on aarch64
//! `cpu.implementer`, `cpu.part` and `cpu.lse_atomics` (the `atomics` feature), and on
//! x86 `cpu.hypervisor` when the `hypervisor` flag is set (unnamed; lscpu's vendor wins)
//! and the topology lscpu also reports (`cpu.sockets` from distinct `physical id`s,
//! `cpu.cores_per_socket`, `cpu.threads_per_core` = siblings / cpu cores) as fallbacks
//! that yield to lscpu. `cpu MHz` is the current clock, not the maximum, so it is not
//! read.

use crate::facts::{Unit, Value};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_u64;
use std::collections::BTreeSet;

pub struct Cpuinfo;

/// A `CPU part` code and the core name lscpu gives it.
type ArmPart = (u64, &'static str);

/// ARM `CPU implementer` codes with the vendor name lscpu prints, and the `CPU part`
/// codes of the server cores a consultant meets with lscpu's model name.
const ARM_IMPLEMENTERS: &[(u64, &str, &[ArmPart])] = &[
    (
        0x41,
        "ARM",
        &[
            (0xd03, "Cortex-A53"),
            (0xd05, "Cortex-A55"),
            (0xd07, "Cortex-A57"),
            (0xd08, "Cortex-A72"),
            (0xd0b, "Cortex-A76"),
            (0xd0c, "Neoverse-N1"),
            (0xd40, "Neoverse-V1"),
            (0xd49, "Neoverse-N2"),
            (0xd4f, "Neoverse-V2"),
        ],
    ),
    (
        0x43,
        "Cavium",
        &[(0x0a1, "ThunderX 88XX"), (0x0af, "ThunderX2 99xx")],
    ),
    (0x46, "FUJITSU", &[(0x001, "A64FX")]),
    (0x48, "HiSilicon", &[(0xd01, "Kunpeng-920")]),
    (0x4e, "NVIDIA", &[]),
    (0x50, "APM", &[(0x000, "X-Gene")]),
    (0x51, "Qualcomm", &[(0xc00, "Falkor")]),
    (
        0x70,
        "Phytium",
        &[
            (0x660, "FTC660"),
            (0x661, "FTC661"),
            (0x662, "FTC662"),
            (0x663, "FTC663"),
        ],
    ),
    (0xc0, "Ampere", &[(0xac3, "Ampere-1"), (0xac4, "Ampere-1a")]),
];

/// The vendor and, when known, the core name for ARM implementer and part codes.
pub fn arm_cpu_name(implementer: u64, part: u64) -> Option<(&'static str, Option<&'static str>)> {
    let (_, vendor, parts) = ARM_IMPLEMENTERS
        .iter()
        .find(|(id, _, _)| *id == implementer)?;
    let model = parts
        .iter()
        .find(|(id, _)| *id == part)
        .map(|(_, name)| *name);
    Some((vendor, model))
}

fn parse_hex(text: &str) -> Option<u64> {
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))?;
    u64::from_str_radix(digits, 16).ok()
}

/// The first value seen for a field, with its line.
#[derive(Default)]
struct First(Option<(String, u64)>);

impl First {
    fn offer(&mut self, value: &str, line: u64) {
        if self.0.is_none() && !value.is_empty() {
            self.0 = Some((value.to_string(), line));
        }
    }
}

#[derive(Default)]
struct Seen {
    processors: u64,
    first_processor_line: u64,
    last_line: u64,
    vendor_id: First,
    model_name: First,
    x86_flags: First,
    features: First,
    arm_arch: First,
    implementer: First,
    part: First,
    arm_cores: BTreeSet<(String, String)>,
    current_implementer: Option<String>,
    physical_ids: BTreeSet<u64>,
    siblings: First,
    cpu_cores: First,
}

fn is_cpuinfo_key(line: &str, key: &str) -> bool {
    line.split_once(':')
        .is_some_and(|(k, _)| k.trim_end() == key && k.starts_with(key))
}

impl CaptureParser for Cpuinfo {
    fn tool(&self) -> &'static str {
        "cpuinfo"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines().filter(|l| !l.trim().is_empty());
        let first = lines.next()?;
        // Old aarch64 kernels print `Processor : AArch64 Processor rev 0` first.
        if !(is_cpuinfo_key(first, "processor") || is_cpuinfo_key(first, "Processor")) {
            return None;
        }
        let own_field = |l: &str| {
            [
                "vendor_id",
                "CPU implementer",
                "Features",
                "flags",
                "cpu family",
            ]
            .iter()
            .any(|k| is_cpuinfo_key(l, k))
        };
        lines.take(60).any(own_field).then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut seen = Seen::default();
        let mut cut_off_line = None;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let n = line.number;
            if line.cut_off {
                cut_off_line = Some(n);
            }
            let Some((key, value)) = text.split_once(':') else {
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            seen.last_line = n;
            match key {
                "processor" if parse_u64(value.as_bytes()).is_some() => {
                    if seen.processors == 0 {
                        seen.first_processor_line = n;
                    }
                    seen.processors += 1;
                }
                "vendor_id" => seen.vendor_id.offer(value, n),
                "model name" => seen.model_name.offer(value, n),
                "flags" => seen.x86_flags.offer(value, n),
                "Features" => seen.features.offer(value, n),
                "CPU architecture" => seen.arm_arch.offer(value, n),
                "CPU implementer" => {
                    seen.implementer.offer(value, n);
                    seen.current_implementer = Some(value.to_ascii_lowercase());
                }
                "CPU part" => {
                    seen.part.offer(value, n);
                    if let Some(implementer) = seen.current_implementer.take()
                        && seen.arm_cores.len() < 16
                    {
                        seen.arm_cores
                            .insert((implementer, value.to_ascii_lowercase()));
                    }
                }
                "physical id" => {
                    if let Some(id) = parse_u64(value.as_bytes())
                        && seen.physical_ids.len() < 1024
                    {
                        seen.physical_ids.insert(id);
                    }
                }
                "siblings" => seen.siblings.offer(value, n),
                "cpu cores" => seen.cpu_cores.offer(value, n),
                _ => {}
            }
        }
        if seen.processors == 0 {
            return Err(ParseError::whole_file(
                "no `processor : N` lines of /proc/cpuinfo found",
            ));
        }
        if let Some(n) = cut_off_line {
            sink.warn(
                n,
                "capture is cut off here (truncated file); cpu.count counts only the processors present",
            );
        }
        sink.put(
            "cpu.count",
            Value::Number(seen.processors as f64),
            Unit::Count,
            (seen.first_processor_line, seen.last_line),
        );
        if seen.arm_cores.len() > 1 {
            sink.warn(
                seen.part.0.as_ref().map_or(0, |(_, l)| *l),
                format!(
                    "{} different core types (implementer/part); facts describe the first",
                    seen.arm_cores.len()
                ),
            );
        }
        if let Some((arch, line)) = &seen.arm_arch.0 {
            if arch == "8" || arch == "AArch64" {
                sink.text("cpu.arch", "aarch64", *line);
            }
        } else if let Some((flags, line)) = &seen.x86_flags.0 {
            let long_mode = flags.split_whitespace().any(|f| f == "lm");
            sink.text("cpu.arch", if long_mode { "x86_64" } else { "i686" }, *line);
            if flags.split_whitespace().any(|f| f == "hypervisor") {
                // The flag says a hypervisor runs us but not which; lscpu names it.
                sink.put_fallback(
                    "cpu.hypervisor",
                    Value::Text("unnamed (hypervisor flag in /proc/cpuinfo)".into()),
                    Unit::None,
                    (*line, *line),
                );
            }
        }
        put_vendor_and_model(&seen, sink);
        if let Some((features, line)) = &seen.features.0
            && seen.arm_arch.0.is_some()
        {
            let lse = features.split_whitespace().any(|f| f == "atomics");
            sink.put(
                "cpu.lse_atomics",
                Value::Flag(lse),
                Unit::None,
                (*line, *line),
            );
        }
        put_x86_topology(&seen, sink);
        Ok(())
    }
}

fn put_vendor_and_model(seen: &Seen, sink: &mut FactSink) {
    if let Some((vendor, line)) = &seen.vendor_id.0 {
        sink.text("cpu.vendor", vendor, *line);
    }
    if let Some((model, line)) = &seen.model_name.0 {
        sink.text("cpu.model_name", model, *line);
    }
    let (Some((implementer, impl_line)), Some((part, part_line))) =
        (&seen.implementer.0, &seen.part.0)
    else {
        return;
    };
    sink.text(
        "cpu.implementer",
        implementer.to_ascii_lowercase(),
        *impl_line,
    );
    sink.text("cpu.part", part.to_ascii_lowercase(), *part_line);
    let Some((vendor, model)) = parse_hex(implementer)
        .zip(parse_hex(part))
        .and_then(|(i, p)| arm_cpu_name(i, p))
    else {
        return;
    };
    if seen.vendor_id.0.is_none() {
        sink.text("cpu.vendor", vendor, *impl_line);
    }
    if let Some(model) = model
        && seen.model_name.0.is_none()
    {
        sink.put(
            "cpu.model_name",
            Value::Text(model.to_string()),
            Unit::None,
            (*impl_line, *part_line),
        );
    }
}

fn put_x86_topology(seen: &Seen, sink: &mut FactSink) {
    let fallback = |sink: &mut FactSink, key: &str, value: u64, line: u64| {
        sink.put_fallback(key, Value::Number(value as f64), Unit::Count, (line, line));
    };
    if !seen.physical_ids.is_empty() {
        let line = seen.first_processor_line;
        fallback(sink, "cpu.sockets", seen.physical_ids.len() as u64, line);
    }
    let number = |f: &First| {
        f.0.as_ref()
            .and_then(|(v, l)| parse_u64(v.as_bytes()).map(|n| (n, *l)))
    };
    if let Some((cores, line)) = number(&seen.cpu_cores).filter(|(c, _)| *c > 0) {
        fallback(sink, "cpu.cores_per_socket", cores, line);
        if let Some((siblings, sib_line)) = number(&seen.siblings)
            && siblings % cores == 0
        {
            fallback(sink, "cpu.threads_per_core", siblings / cores, sib_line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arm_ids_resolve_to_lscpu_names() {
        assert_eq!(
            arm_cpu_name(0x48, 0xd01),
            Some(("HiSilicon", Some("Kunpeng-920")))
        );
        assert_eq!(arm_cpu_name(0x70, 0x999), Some(("Phytium", None)));
        assert_eq!(arm_cpu_name(0x12, 0xd01), None);
        assert_eq!(parse_hex("0xD01"), Some(0xd01));
        assert_eq!(parse_hex("d01"), None);
    }
}
