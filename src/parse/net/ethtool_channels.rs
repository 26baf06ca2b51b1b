//! `ethtool -l <interface>`: how many queue channels the NIC may have and has. The
//! MogDB tuning guide raises the Hi1822's combined queues (48 on the client, 12 on a
//! 128-core server) so that receive work spreads over enough cores.
//!
//! ```text
//! Channel parameters for enp3s0:
//! Pre-set maximums:
//! RX:             0
//! TX:             0
//! Other:          0
//! Combined:       63
//! Current hardware settings:
//! RX:             0
//! TX:             0
//! Other:          0
//! Combined:       4
//! ```
//!
//! Newer ethtool prints `n/a` for channel kinds a driver lacks. A driver without
//! channel support prints `Cannot get device channel parameters` and an error after the
//! header; that interface gives no facts and a warning.
//!
//! Facts: `net.<if>.combined_max`, `net.<if>.combined`.

use crate::facts::Unit;
use crate::parse::instance_label::instance_label;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_u64;

pub struct EthtoolChannels;

/// The interface of a `Channel parameters for <if>:` line.
fn header(line: &str) -> Option<&str> {
    let name = line
        .trim()
        .strip_prefix("Channel parameters for ")?
        .strip_suffix(':')?;
    (!name.is_empty() && !name.contains(char::is_whitespace)).then_some(name)
}

#[derive(Clone, Copy, PartialEq)]
enum Block {
    Maximums,
    Current,
}

impl CaptureParser for EthtoolChannels {
    fn tool(&self) -> &'static str {
        "ethtool-channels"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines();
        lines.by_ref().find(|l| header(l).is_some())?;
        lines
            .take(4)
            .any(|l| {
                let l = l.trim();
                l == "Pre-set maximums:" || l.starts_with("Cannot get device channel parameters")
            })
            .then_some(95)
    }

    fn starts_section(&self, line: &str) -> bool {
        header(line).is_some()
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut interface: Option<String> = None;
        let mut block: Option<Block> = None;
        let mut interfaces = 0;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            let n = line.number;
            if let Some(name) = header(text) {
                interface = instance_label(name);
                block = None;
                interfaces += 1;
                continue;
            }
            let Some(label) = interface.as_deref() else {
                continue;
            };
            match text {
                "Pre-set maximums:" => block = Some(Block::Maximums),
                "Current hardware settings:" => block = Some(Block::Current),
                _ if text.starts_with("Cannot get device channel parameters") => {
                    sink.warn(
                        n,
                        format!("ethtool could not read the channels of {label}: {text}"),
                    );
                    block = None;
                }
                _ => {
                    let Some(value) = text.strip_prefix("Combined:") else {
                        continue;
                    };
                    let Some(block) = block else { continue };
                    if line.cut_off {
                        sink.warn_cut_off(n);
                        continue;
                    }
                    let key = match block {
                        Block::Maximums => format!("net.{label}.combined_max"),
                        Block::Current => format!("net.{label}.combined"),
                    };
                    match value.trim() {
                        "n/a" => {}
                        v => match parse_u64(v.as_bytes()) {
                            Some(count) => sink.number(key, count as f64, Unit::Count, n),
                            None => sink
                                .warn(n, format!("combined channel count {v:?} is not a number")),
                        },
                    }
                }
            }
        }
        if interfaces == 0 {
            return Err(ParseError::whole_file(
                "no ethtool -l `Channel parameters for <interface>:` line found",
            ));
        }
        Ok(())
    }
}
