//! `sysctl -a` (procps): every kernel setting under /proc/sys as `name = value`. The
//! case documents tune several of them (`kernel.numa_balancing=0` for MogDB on
//! Kunpeng), and a rule can only say "numa balancing is on" if it can read it.
//!
//! ```text
//! kernel.numa_balancing = 0
//! kernel.numa_balancing_promote_rate_limit_MBps = 65536
//! kernel.osrelease = 6.18.44-fc-v1045
//! net.ipv4.tcp_rmem = 4096        131072  6291456
//! vm.swappiness = 60
//! ```
//!
//! The same `name = value` lines come from `sysctl <name> …` for a few keys and from
//! `/etc/sysctl.conf` (with `#` comments; a later line for the same key wins, as with
//! `sysctl -p`). postgresql.conf and dm.ini also have `key = value` lines, so a file is
//! only claimed when its names start with a sysctl namespace (`kernel.`, `vm.`, `net.`,
//! `fs.`, `dev.`, `user.`, `abi.`, `crypto.`, `debug.`). `sysctl:` error lines
//! (permission denied) are skipped with one warning.
//!
//! Facts: `sysctl.<name>` (text, runs of blanks folded to one space; a `/` in a name,
//! which sysctl uses for a dot inside an interface name, becomes `_`) for every line,
//! plus typed keys for the settings rules read as numbers ([`WELL_KNOWN`]), which the
//! settings snapshot's `/proc/sys/…` entries share.

use crate::facts::{Unit, Value};
use crate::parse::instance_label::instance_label;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;
use std::collections::HashMap;

pub struct Sysctl;

/// Top-level /proc/sys directories: the first segment of every sysctl name.
const NAMESPACES: [&str; 9] = [
    "abi", "crypto", "debug", "dev", "fs", "kernel", "net", "user", "vm",
];

/// Settings that rules compare as numbers: sysctl name, fact key, unit.
pub const WELL_KNOWN: [(&str, &str, Unit); 6] = [
    ("kernel.numa_balancing", "os.numa_balancing", Unit::None),
    ("vm.swappiness", "os.swappiness", Unit::None),
    ("vm.zone_reclaim_mode", "os.zone_reclaim_mode", Unit::None),
    ("vm.nr_hugepages", "os.nr_hugepages", Unit::Count),
    ("vm.dirty_ratio", "os.dirty_ratio_pct", Unit::Percent),
    (
        "vm.dirty_background_ratio",
        "os.dirty_background_ratio_pct",
        Unit::Percent,
    ),
];

/// Whether `name` looks like a sysctl name: a known namespace, then dotted segments of
/// name characters, no blanks.
pub fn is_sysctl_name(name: &str) -> bool {
    let Some((namespace, rest)) = name.split_once('.') else {
        return false;
    };
    NAMESPACES.contains(&namespace)
        && !rest.is_empty()
        && !name.contains("..")
        && !name.ends_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-/:@+".contains(&b))
}

/// `name = value` split and trimmed, when `line` is a sysctl line.
fn split_line(line: &str) -> Option<(&str, &str)> {
    let (name, value) = line.split_once('=')?;
    let name = name.trim();
    is_sysctl_name(name).then(|| (name, value.trim()))
}

/// The fact key for a sysctl name: `sysctl.` plus the name with each segment made a
/// valid label (`eth0/100` → `eth0_100`).
fn fact_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len() + 7);
    key.push_str("sysctl");
    for segment in name.split('.') {
        key.push('.');
        key.push_str(&instance_label(segment).unwrap_or_else(|| "_".into()));
    }
    key
}

/// Emits one setting: `sysctl.<name>` and, for a [`WELL_KNOWN`] name, its typed key.
/// Used by this parser and by the settings snapshot for `/proc/sys/…` entries.
pub fn put_setting(sink: &mut FactSink, name: &str, value: &str, lines: (u64, u64)) {
    let folded = value.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some((_, key, unit)) = WELL_KNOWN.iter().find(|(n, _, _)| *n == name) {
        match parse_f64(folded.as_bytes()) {
            Some(number) => sink.put(*key, Value::Number(number), *unit, lines),
            None => sink.warn(
                lines.0,
                format!("{name} is {folded:?}, not a number; {key} not set"),
            ),
        }
    }
    sink.put(fact_key(name), Value::Text(folded), Unit::None, lines);
}

/// One setting being collected: multi-line values (`dev.cdrom.info`) repeat the name
/// on consecutive lines.
struct Setting {
    name: String,
    value: String,
    first_line: u64,
    last_line: u64,
}

impl CaptureParser for Sysctl {
    fn tool(&self) -> &'static str {
        "sysctl"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut settings = 0usize;
        let mut other = 0usize;
        for line in head.lines().take(200) {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with("sysctl: ") {
                continue;
            }
            if split_line(line).is_some() {
                settings += 1;
            } else {
                other += 1;
            }
        }
        // A single `sysctl kernel.numa_balancing` line is enough on its own; a long
        // listing may carry a stray prompt line or two.
        let clean = settings >= 1 && other == 0;
        let mostly = settings >= 5 && other * 20 <= settings;
        (clean || mostly).then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut settings: Vec<Setting> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut reported_errors = false;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let text = text.trim();
            let n = line.number;
            if text.is_empty() || text.starts_with('#') || text.starts_with(';') {
                continue;
            }
            if text.starts_with("sysctl: ") {
                if !reported_errors {
                    reported_errors = true;
                    sink.warn(
                        n,
                        format!("sysctl could not read every key ({text}); those keys are missing"),
                    );
                }
                continue;
            }
            let Some((name, value)) = split_line(text) else {
                sink.warn(n, "not a sysctl `name = value` line; ignored");
                continue;
            };
            if line.cut_off {
                sink.warn_cut_off(n);
                continue;
            }
            if let Some(last) = settings.last_mut()
                && last.name == name
                && last.last_line + 1 == n
            {
                if !value.is_empty() {
                    if !last.value.is_empty() {
                        last.value.push_str("; ");
                    }
                    last.value.push_str(value);
                }
                last.last_line = n;
                continue;
            }
            if let Some(&at) = index.get(name) {
                sink.warn(
                    n,
                    format!(
                        "{name} is set again (first on line {}); the later value is kept",
                        settings[at].first_line
                    ),
                );
                settings[at] = Setting {
                    name: name.to_string(),
                    value: value.to_string(),
                    first_line: n,
                    last_line: n,
                };
                continue;
            }
            index.insert(name.to_string(), settings.len());
            settings.push(Setting {
                name: name.to_string(),
                value: value.to_string(),
                first_line: n,
                last_line: n,
            });
        }
        if settings.is_empty() {
            return Err(ParseError::whole_file(
                "no sysctl `name = value` lines (kernel.…, vm.…, net.…) found",
            ));
        }
        for setting in &settings {
            put_setting(
                sink,
                &setting.name,
                &setting.value,
                (setting.first_line, setting.last_line),
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_need_a_sysctl_namespace() {
        assert!(is_sysctl_name("kernel.numa_balancing"));
        assert!(is_sysctl_name("net.ipv4.conf.eth0/100.rp_filter"));
        assert!(is_sysctl_name("fs.dentry-state"));
        assert!(!is_sysctl_name("shared_buffers"));
        assert!(!is_sysctl_name("MEMORY_POOL"));
        assert!(!is_sysctl_name("log.min_messages"));
        assert!(!is_sysctl_name("kernel."));
        assert!(!is_sysctl_name("kernel..x"));
        assert!(!is_sysctl_name("kernel.x y"));
    }

    #[test]
    fn keys_keep_the_name_with_safe_segments() {
        assert_eq!(
            fact_key("kernel.numa_balancing"),
            "sysctl.kernel.numa_balancing"
        );
        assert_eq!(
            fact_key("net.ipv4.conf.eth0/100.rp_filter"),
            "sysctl.net.ipv4.conf.eth0_100.rp_filter"
        );
    }
}
