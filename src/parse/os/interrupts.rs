//! `/proc/interrupts`: how many interrupts each CPU has handled, per IRQ. When the
//! NIC's or NVMe's queue interrupts all land on a few CPUs, those CPUs saturate in
//! softirq work while the rest idle; the MogDB tuning guide binds the Hi1822's queue
//! IRQs to chosen cores and stops irqbalance.
//!
//! ```text
//!             CPU0       CPU1       CPU2       CPU3  …     CPU127
//!   3:    3312409    2957216    2898764    2900123  …    2871190     GICv3  27 Level     arch_timer
//!  89:   51230955   48812744   50123302   49917731  …          0   ITS-MSI 1572864 Edge      enp3s0_qp0
//! 120:   16410327   16532194   16377219   16190231  …          0   ITS-MSI 81920001 Edge      nvme0q1
//! IPI0:    145021     162730     158113     160020  …     101240       Rescheduling interrupts
//! ```
//!
//! One column per online CPU (numbered by the header, which skips offline CPUs); the
//! columns after the counts name the interrupt chip, hardware IRQ and trigger, and the
//! last word names the handler. Rows whose label is not a number (NMI, LOC, IPI…) are
//! per-CPU totals, not device IRQs, and are skipped. Lines may be very wide (one
//! column per CPU); rows are read without allocating.
//!
//! Counts are totals since boot, so they show where interrupts have gone overall, not
//! only during the test.
//!
//! Device naming (the `<device>` label): handler names of queue interrupts end in a
//! queue number; the device is what is left when that number and a queue word before
//! it are removed:
//!
//! | handler name | device |
//! | --- | --- |
//! | `nvme0q1` … (`nvme0q0` is the admin queue and is skipped) | `nvme0` |
//! | `enp3s0_qp0` (Huawei hinic driver), `eth0_rxq0` / `eth0_txq0` (in-kernel hinic) | `enp3s0`, `eth0` |
//! | `eth0-TxRx-0`, `eth0-rx-0`, `eth0-tx-0`, `eth0-0` (ixgbe, i40e, hns3, …) | `eth0` |
//! | `virtio2-input.0`, `virtio2-output.0`, `virtio1-req.0` | `virtio2`, `virtio1` |
//! | `mlx5_comp3@pci:0000:81:00.0` | `mlx5_pci_0000_81_00_0` |
//!
//! A queue word (`TxRx`, `rx`, `tx`, `qp`, `rxq`, `txq`, `input`, `output`, `req`,
//! `comp`, `msix`, `queue`, `q`) must follow a `-` or `_`; a number must follow a `-`,
//! `_`, or a queue word (`.` only after a queue word), so `ttyS0`, `i8042` or a single
//! `hclge-misc-0000:7d:00.0` vector are not taken for queues. NICs whose IRQs are
//! named after the driver rather than the interface keep the driver's name; join them
//! with `ethtool -i` through `irq.<device>.bus_info` where the kernel prints the PCI
//! address (x86 `PCI-MSIX-0000:00:03.0` chips).
//!
//! Facts per device: `irq.<device>.queues` (queue IRQs), `irq.<device>.interrupts`
//! (their total), `irq.<device>.cpus` (CPUs that handled at least 1 % as many as the
//! busiest CPU did),
//! `irq.<device>.top_cpu` and `irq.<device>.top_cpu_share_pct` (the busiest CPU and its
//! share), `irq.<device>.bus_info` (when printed).

use crate::facts::{Unit, Value};
use crate::parse::instance_label::instance_label;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::fields::fields;
use crate::text::number::parse_u64;

pub struct Interrupts;

/// Words that name a queue before its number, longest first so `rxq` wins over `q`.
const QUEUE_WORDS: [&str; 13] = [
    "output", "input", "queue", "txrx", "comp", "msix", "rxq", "txq", "req", "qp", "rx", "tx", "q",
];

/// A CPU shares in a device's interrupts when it handled at least this fraction of
/// what the busiest CPU handled: a few stray interrupts from boot do not count, and an
/// even spread over hundreds of CPUs still does.
const CPU_SHARE_FLOOR: f64 = 0.01;

/// Devices kept at most; a file with more queue devices than this is not real.
const MAX_DEVICES: usize = 4096;

/// The CPU numbers of a `CPU0 CPU1 …` header line, or `None` if it is not one.
fn header_cpus(line: &[u8]) -> Option<Vec<u32>> {
    let mut cpus = Vec::new();
    for field in fields(line) {
        let number = field.strip_prefix(b"CPU").and_then(parse_u64)?;
        cpus.push(u32::try_from(number).ok()?);
    }
    (!cpus.is_empty()).then_some(cpus)
}

/// `name` ends with `word`, ignoring ASCII case.
fn ends_with_word(name: &str, word: &str) -> bool {
    name.len() >= word.len()
        && name.is_char_boundary(name.len() - word.len())
        && name[name.len() - word.len()..].eq_ignore_ascii_case(word)
}

/// The device part of a queue interrupt's handler name (before any `@…` suffix), or
/// `None` when the name is not a queue's. `Some((device, true))` marks an NVMe admin
/// queue.
fn queue_device(name: &str) -> Option<(&str, bool)> {
    if let Some(rest) = name.strip_prefix("nvme")
        && let Some((controller, queue)) = rest.split_once('q')
        && !controller.is_empty()
        && !queue.is_empty()
        && controller.bytes().all(|b| b.is_ascii_digit())
        && queue.bytes().all(|b| b.is_ascii_digit())
    {
        return Some((
            &name[..4 + controller.len()],
            queue.bytes().all(|b| b == b'0'),
        ));
    }
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    if stem.len() == name.len() {
        return None;
    }
    let (before_number, separated, dotted) = match stem.strip_suffix(['-', '_', '.']) {
        Some(s) => (s, true, stem.ends_with('.')),
        None => (stem, false, false),
    };
    if let Some(word) = QUEUE_WORDS
        .iter()
        .find(|w| ends_with_word(before_number, w))
    {
        let before_word = &before_number[..before_number.len() - word.len()];
        if let Some(device) = before_word.strip_suffix(['-', '_'])
            && !device.is_empty()
        {
            return Some((device, false));
        }
    }
    (separated && !dotted && !before_number.is_empty()).then_some((before_number, false))
}

/// The PCI address in an x86 MSI chip name (`PCI-MSIX-0000:00:03.0`).
fn chip_bus_info(chip: &[u8]) -> Option<&str> {
    let chip = std::str::from_utf8(chip).ok()?;
    let address = chip
        .strip_prefix("PCI-MSIX-")
        .or_else(|| chip.strip_prefix("PCI-MSI-"))
        .or_else(|| chip.strip_prefix("IR-PCI-MSIX-"))
        .or_else(|| chip.strip_prefix("IR-PCI-MSI-"))?;
    (address.contains(':') && address.contains('.')).then_some(address)
}

/// The queue interrupts of one device, summed per CPU column.
struct Device {
    base: String,
    suffix: String,
    per_cpu: Vec<u64>,
    queues: u64,
    bus_info: Option<String>,
    first_line: u64,
    last_line: u64,
}

impl CaptureParser for Interrupts {
    fn tool(&self) -> &'static str {
        "interrupts"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines().filter(|l| !l.trim().is_empty());
        header_cpus(lines.next()?.as_bytes())?;
        // /proc/softirqs has the same header but only named rows.
        lines
            .take(10)
            .any(|l| {
                l.split_whitespace()
                    .next()
                    .and_then(|f| f.strip_suffix(':'))
                    .is_some_and(|irq| !irq.is_empty() && irq.bytes().all(|b| b.is_ascii_digit()))
            })
            .then_some(95)
    }

    fn starts_section(&self, line: &str) -> bool {
        header_cpus(line.as_bytes()).is_some()
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut cpus: Option<Vec<u32>> = None;
        let mut devices: Vec<Device> = Vec::new();
        let mut counts: Vec<u64> = Vec::new();
        let mut rows = 0u64;
        while let Some(line) = lines.next_line()? {
            let n = line.number;
            let Some(cpus) = cpus.as_ref() else {
                if let Some(header) = header_cpus(line.bytes) {
                    counts.reserve(header.len());
                    cpus = Some(header);
                }
                continue;
            };
            let mut f = fields(line.bytes);
            let Some(irq) = f.next().and_then(|first| first.strip_suffix(b":")) else {
                continue;
            };
            if irq.is_empty() || !irq.iter().all(u8::is_ascii_digit) {
                continue;
            }
            counts.clear();
            let mut chip: Option<&[u8]> = None;
            let mut name: Option<&[u8]> = None;
            let mut short = false;
            for field in f {
                if counts.len() < cpus.len() {
                    match parse_u64(field) {
                        Some(count) => counts.push(count),
                        None => {
                            short = true;
                            break;
                        }
                    }
                } else {
                    chip.get_or_insert(field);
                    name = Some(field);
                }
            }
            if short || counts.len() < cpus.len() {
                let message = if line.cut_off {
                    "last row is cut off (truncated file); ignored".to_string()
                } else {
                    format!("row has fewer than {} CPU counts; ignored", cpus.len())
                };
                sink.warn(n, message);
                continue;
            }
            rows += 1;
            if line.cut_off {
                // The counts are complete; only the handler name may be cut.
                sink.warn(n, "last row is cut off (truncated file); ignored");
                continue;
            }
            // A row with a chip but no handler after it has no name to group by.
            let (Some(chip), Some(name)) = (chip, name) else {
                continue;
            };
            let Ok(name) = std::str::from_utf8(name) else {
                continue;
            };
            let (base_and_queue, suffix) = match name.find('@') {
                Some(at) => name.split_at(at),
                None => (name, ""),
            };
            let Some((base, admin)) = queue_device(base_and_queue) else {
                continue;
            };
            if admin {
                continue;
            }
            let at = match devices
                .iter()
                .position(|d| d.base == base && d.suffix == suffix)
            {
                Some(at) => at,
                None if devices.len() < MAX_DEVICES => {
                    devices.push(Device {
                        base: base.to_string(),
                        suffix: suffix.to_string(),
                        per_cpu: vec![0; cpus.len()],
                        queues: 0,
                        bus_info: chip_bus_info(chip).map(str::to_string),
                        first_line: n,
                        last_line: n,
                    });
                    devices.len() - 1
                }
                None => continue,
            };
            let device = &mut devices[at];
            for (total, count) in device.per_cpu.iter_mut().zip(&counts) {
                *total = total.saturating_add(*count);
            }
            device.queues += 1;
            device.last_line = n;
        }
        let Some(cpus) = cpus else {
            return Err(ParseError::whole_file(
                "no /proc/interrupts header (`CPU0 CPU1 …`) found",
            ));
        };
        if rows == 0 {
            return Err(ParseError::whole_file(
                "no numbered IRQ rows after the CPU header",
            ));
        }
        for device in &devices {
            emit(device, &cpus, sink);
        }
        Ok(())
    }
}

fn emit(device: &Device, cpus: &[u32], sink: &mut FactSink) {
    let Some(label) = instance_label(&format!("{}{}", device.base, device.suffix)) else {
        return;
    };
    let lines = (device.first_line, device.last_line);
    let mut put = |name: &str, value: f64, unit: Unit| {
        sink.put(
            format!("irq.{label}.{name}"),
            Value::Number(value),
            unit,
            lines,
        );
    };
    let total: u64 = device.per_cpu.iter().sum();
    put("queues", device.queues as f64, Unit::Count);
    put("interrupts", total as f64, Unit::Count);
    if total > 0 {
        let (column, top) = device
            .per_cpu
            .iter()
            .enumerate()
            .max_by_key(|&(i, c)| (*c, std::cmp::Reverse(i)))
            .map(|(i, c)| (i, *c))
            .unwrap_or((0, 0));
        let floor = top as f64 * CPU_SHARE_FLOOR;
        let sharing = device
            .per_cpu
            .iter()
            .filter(|&&c| c as f64 >= floor)
            .count();
        put("cpus", sharing as f64, Unit::Count);
        if let Some(cpu) = cpus.get(column) {
            put("top_cpu", f64::from(*cpu), Unit::None);
        }
        put(
            "top_cpu_share_pct",
            top as f64 * 100.0 / total as f64,
            Unit::Percent,
        );
    }
    if let Some(bus_info) = &device.bus_info {
        sink.put(
            format!("irq.{label}.bus_info"),
            Value::Text(bus_info.clone()),
            Unit::None,
            lines,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(name: &str, expected: Option<&str>) {
        assert_eq!(
            queue_device(name)
                .filter(|(_, admin)| !admin)
                .map(|(d, _)| d),
            expected,
            "{name}"
        );
    }

    #[test]
    fn names_queue_devices() {
        case("nvme0q1", Some("nvme0"));
        case("nvme12q63", Some("nvme12"));
        case("enp3s0_qp0", Some("enp3s0"));
        case("eth0_rxq3", Some("eth0"));
        case("hinic_txq0", Some("hinic"));
        case("eth0-TxRx-7", Some("eth0"));
        case("eth0-rx-0", Some("eth0"));
        case("eth0-0", Some("eth0"));
        case("hns3-0000:7d:00.0-TxRx-0", Some("hns3-0000:7d:00.0"));
        case("virtio2-input.0", Some("virtio2"));
        case("virtio2-output.0", Some("virtio2"));
        case("virtio1-req.0", Some("virtio1"));
        case("mlx5_comp3", Some("mlx5"));
        case("megasas0-msix12", Some("megasas0"));
        case("ttyS0", None);
        case("i8042", None);
        case("eth0", None);
        case("virtio0-config", None);
        case("arch_timer", None);
        case("hclge-misc-0000:7d:00.0", None);
        assert_eq!(queue_device("nvme0q0"), Some(("nvme0", true)));
    }

    #[test]
    fn reads_headers_and_chips() {
        assert_eq!(
            header_cpus(b"           CPU0       CPU1       CPU3"),
            Some(vec![0, 1, 3])
        );
        assert_eq!(header_cpus(b"  0:  12  IO-APIC"), None);
        assert_eq!(
            chip_bus_info(b"PCI-MSIX-0000:00:03.0"),
            Some("0000:00:03.0")
        );
        assert_eq!(chip_bus_info(b"ITS-MSI"), None);
    }
}
