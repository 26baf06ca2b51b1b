//! `ethtool -i <interface>`: the NIC's driver and firmware. The MogDB tuning guide
//! names firmware 2.4.1.0 as known-good for the Huawei Hi1822 (driver `hinic`); older
//! firmware is a finding of its own.
//!
//! ```text
//! driver: hinic
//! version: 2.3.2.17
//! firmware-version: 2.4.1.0
//! expansion-rom-version:
//! bus-info: 0000:03:00.0
//! supports-statistics: yes
//! supports-test: yes
//! supports-eeprom-access: no
//! supports-register-dump: no
//! supports-priv-flags: no
//! ```
//!
//! The output does not name the interface. When the capture shows the command that
//! printed it (`$ ethtool -i enp3s0` in a transcript) and holds one device, the
//! interface from the command labels the facts. Otherwise the PCI address from
//! `bus-info` does (`0000:03:00.0` → `0000_03_00_0`; the driver name when there is no
//! address), and a warning says so. Several outputs may follow one another; each
//! `driver:` line starts one.
//!
//! Facts: `net.<if>.driver`, `net.<if>.driver_version`, `net.<if>.firmware_version`,
//! `net.<if>.bus_info`.

use crate::parse::instance_label::instance_label;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct EthtoolDriver;

/// One device's output; ethtool -i prints about ten lines per device.
#[derive(Default)]
struct Device {
    line: u64,
    driver: Option<(String, u64)>,
    version: Option<(String, u64)>,
    firmware: Option<(String, u64)>,
    bus_info: Option<(String, u64)>,
}

/// The interface named by an `ethtool -i <if>` / `ethtool --driver <if>` command.
fn interface_from_command(command: &str) -> Option<&str> {
    let mut words = command.split_whitespace();
    words.by_ref().find(|w| *w == "-i" || *w == "--driver")?;
    words.next()
}

impl CaptureParser for EthtoolDriver {
    fn tool(&self) -> &'static str {
        "ethtool-driver"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines().map(str::trim).filter(|l| !l.is_empty());
        lines.next()?.strip_prefix("driver:")?;
        let mut bus_info = false;
        let mut firmware = false;
        for line in lines.take(12) {
            bus_info |= line.starts_with("bus-info:");
            firmware |= line.starts_with("firmware-version:");
        }
        (bus_info && firmware).then_some(95)
    }

    fn starts_section(&self, line: &str) -> bool {
        line.starts_with("driver: ")
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut devices: Vec<Device> = Vec::new();
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let n = line.number;
            let Some((key, value)) = text.trim().split_once(':') else {
                continue;
            };
            let value = value.trim();
            if key == "driver" {
                devices.push(Device {
                    line: n,
                    ..Device::default()
                });
            }
            let Some(device) = devices.last_mut() else {
                continue;
            };
            if line.cut_off {
                sink.warn_cut_off(n);
                continue;
            }
            let slot = match key {
                "driver" => &mut device.driver,
                "version" => &mut device.version,
                "firmware-version" => &mut device.firmware,
                "bus-info" => &mut device.bus_info,
                _ => continue,
            };
            if !value.is_empty() {
                *slot = Some((value.to_string(), n));
            }
        }
        if devices.is_empty() {
            return Err(ParseError::whole_file("no ethtool -i `driver:` line found"));
        }
        let named = match (
            devices.len(),
            sink.command().and_then(interface_from_command),
        ) {
            (1, Some(interface)) => instance_label(interface),
            _ => None,
        };
        for device in &devices {
            let label = match &named {
                Some(label) => label.clone(),
                None => {
                    let Some(label) = device
                        .bus_info
                        .as_ref()
                        .or(device.driver.as_ref())
                        .and_then(|(v, _)| instance_label(v))
                    else {
                        sink.warn(
                            device.line,
                            "device has neither bus-info nor driver; ignored",
                        );
                        continue;
                    };
                    sink.warn(
                        device.line,
                        format!(
                            "ethtool -i does not name the interface; facts are labelled by {label}"
                        ),
                    );
                    label
                }
            };
            let fields = [
                ("driver", &device.driver),
                ("driver_version", &device.version),
                ("firmware_version", &device.firmware),
                ("bus_info", &device.bus_info),
            ];
            for (name, field) in fields {
                if let Some((value, line)) = field {
                    sink.text(format!("net.{label}.{name}"), value.as_str(), *line);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_interface_in_the_command() {
        assert_eq!(interface_from_command("ethtool -i eth0"), Some("eth0"));
        assert_eq!(
            interface_from_command("sudo ethtool --driver enp3s0"),
            Some("enp3s0")
        );
        assert_eq!(interface_from_command("ethtool -i"), None);
        assert_eq!(interface_from_command("ethtool eth0"), None);
    }
}
