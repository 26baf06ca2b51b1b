//! `ethtool -k <interface>`: offload features. The MogDB tuning guide turns TSO, LRO,
//! GRO and GSO on for the Hi1822 NIC; with them off every segment costs a CPU
//! interrupt and a trip through the stack.
//!
//! ```text
//! Features for enp3s0:
//! rx-checksumming: on
//! tx-checksumming: on
//!         tx-checksum-ipv4: on
//! scatter-gather: on
//! tcp-segmentation-offload: off
//!         tx-tcp-segmentation: off
//! generic-segmentation-offload: off
//! generic-receive-offload: off
//! large-receive-offload: off
//! rx-vlan-offload: on [fixed]
//! ```
//!
//! Older ethtool headed the same list `Offload parameters for <if>:`. A `[fixed]` after
//! the state means the driver does not let it change.
//!
//! Facts: `net.<if>.{tso,gso,gro,lro}` (flags: on) and `net.<if>.{tso,gso,gro,lro}_fixed`.

use crate::facts::{Unit, Value};
use crate::parse::instance_label::instance_label;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct EthtoolFeatures;

/// Feature lines kept, with their key name.
const FEATURES: [(&str, &str); 4] = [
    ("tcp-segmentation-offload", "tso"),
    ("generic-segmentation-offload", "gso"),
    ("generic-receive-offload", "gro"),
    ("large-receive-offload", "lro"),
];

/// The interface of a `Features for <if>:` (or `Offload parameters for <if>:`) line.
fn header(line: &str) -> Option<&str> {
    let line = line.trim();
    let rest = line
        .strip_prefix("Features for ")
        .or_else(|| line.strip_prefix("Offload parameters for "))?;
    let name = rest.strip_suffix(':')?;
    (!name.is_empty() && !name.contains(char::is_whitespace)).then_some(name)
}

impl CaptureParser for EthtoolFeatures {
    fn tool(&self) -> &'static str {
        "ethtool-features"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines();
        lines.by_ref().find(|l| header(l).is_some())?;
        lines
            .take(80)
            .any(|l| FEATURES.iter().any(|(name, _)| l.starts_with(name)))
            .then_some(95)
    }

    fn starts_section(&self, line: &str) -> bool {
        header(line).is_some()
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut interface: Option<(String, u64, usize)> = None;
        let mut found = 0;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let n = line.number;
            if let Some(name) = header(&text) {
                finish(&interface, sink);
                interface = instance_label(name).map(|label| (label, n, 0));
                continue;
            }
            let Some((label, _, kept)) = interface.as_mut() else {
                continue;
            };
            let Some((name, state)) = text.trim().split_once(':') else {
                continue;
            };
            let Some((_, short)) = FEATURES.iter().find(|(f, _)| *f == name) else {
                continue;
            };
            if line.cut_off {
                sink.warn_cut_off(n);
                continue;
            }
            let mut words = state.split_whitespace();
            let on = match words.next() {
                Some("on") => true,
                Some("off") => false,
                _ => {
                    sink.warn(n, format!("{name} state {:?} not understood", state.trim()));
                    continue;
                }
            };
            let fixed = state.contains("[fixed]");
            let flag = |v| Value::Flag(v);
            sink.put(format!("net.{label}.{short}"), flag(on), Unit::None, (n, n));
            sink.put(
                format!("net.{label}.{short}_fixed"),
                flag(fixed),
                Unit::None,
                (n, n),
            );
            *kept += 1;
            found += 1;
        }
        finish(&interface, sink);
        if found == 0 {
            return Err(ParseError::whole_file(
                "no ethtool -k `Features for <interface>:` list with segmentation/receive offload lines found",
            ));
        }
        Ok(())
    }
}

/// Warns when an interface's list ended without any of the features kept.
fn finish(interface: &Option<(String, u64, usize)>, sink: &mut FactSink) {
    if let Some((label, line, 0)) = interface {
        sink.warn(
            *line,
            format!("no tso/gso/gro/lro lines for {label} (truncated output?)"),
        );
    }
}
