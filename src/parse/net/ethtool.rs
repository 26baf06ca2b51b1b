//! `ethtool <interface>`: link speed, duplex and whether the link is up. A 1 Gb/s link
//! or a half-duplex negotiation between application and database servers is a network
//! bottleneck before any tuning.
//!
//! ```text
//! Settings for enp3s0:
//!         Supported ports: [ FIBRE ]
//!         Supported link modes:   25000baseCR/Full
//!         Supported pause frame use: Symmetric
//!         Supports auto-negotiation: No
//!         Advertised link modes:  Not reported
//!         Speed: 25000Mb/s
//!         Duplex: Full
//!         Auto-negotiation: off
//!         Port: FIBRE
//!         PHYAD: 0
//!         Transceiver: internal
//!         Link detected: yes
//! ```
//!
//! Virtual NICs print `Speed: Unknown!` and `Duplex: Unknown! (255)`; those give no
//! speed or duplex fact. Several interfaces may follow one another; each
//! `Settings for <if>:` line starts one.
//!
//! Facts: `net.<if>.speed_mbps`, `net.<if>.duplex` (`full` / `half`),
//! `net.<if>.link_up`.

use crate::facts::{Unit, Value};
use crate::parse::instance_label::instance_label;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;

pub struct Ethtool;

/// The interface of a `Settings for <if>:` line.
fn header(line: &str) -> Option<&str> {
    let name = line
        .trim()
        .strip_prefix("Settings for ")?
        .strip_suffix(':')?;
    (!name.is_empty() && !name.contains(char::is_whitespace)).then_some(name)
}

impl CaptureParser for Ethtool {
    fn tool(&self) -> &'static str {
        "ethtool"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines();
        lines.by_ref().find(|l| header(l).is_some())?;
        lines
            .take(60)
            .any(|l| {
                let l = l.trim_start();
                l.starts_with("Link detected:") || l.starts_with("Speed:")
            })
            .then_some(95)
    }

    fn starts_section(&self, line: &str) -> bool {
        header(line).is_some()
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut interface: Option<String> = None;
        let mut interfaces = 0;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let n = line.number;
            if let Some(name) = header(&text) {
                interface = instance_label(name);
                interfaces += 1;
                continue;
            }
            let Some(label) = interface.as_deref() else {
                continue;
            };
            let Some((key, value)) = text.trim().split_once(':') else {
                continue;
            };
            let value = value.trim();
            if line.cut_off {
                sink.warn_cut_off(n);
                continue;
            }
            match key {
                "Speed" => {
                    if let Some(mbps) = value
                        .strip_suffix("Mb/s")
                        .and_then(|v| parse_f64(v.as_bytes()))
                    {
                        sink.number(
                            format!("net.{label}.speed_mbps"),
                            mbps,
                            Unit::MegabitsPerSecond,
                            n,
                        );
                    }
                }
                "Duplex" => match value {
                    "Full" => sink.text(format!("net.{label}.duplex"), "full", n),
                    "Half" => sink.text(format!("net.{label}.duplex"), "half", n),
                    _ => {}
                },
                "Link detected" => {
                    let up = match value {
                        "yes" => true,
                        "no" => false,
                        _ => {
                            sink.warn(n, format!("link state {value:?} not understood"));
                            continue;
                        }
                    };
                    sink.put(
                        format!("net.{label}.link_up"),
                        Value::Flag(up),
                        Unit::None,
                        (n, n),
                    );
                }
                _ => {}
            }
        }
        if interfaces == 0 {
            return Err(ParseError::whole_file(
                "no ethtool `Settings for <interface>:` line found",
            ));
        }
        Ok(())
    }
}
